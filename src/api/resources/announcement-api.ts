import { useCallback } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  announcementCompaniesResponseSchema,
  announcementContract,
  announcementUnreadResponseSchema,
  sloganResponseSchema,
  type Announcement,
} from '../contracts/announcement.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';
import { revalidateEverywhere } from './use-resource-mutations';

/** Announcements and the slogan beyond the generic hooks (docs/announcements.md). */

const UNREAD_KEY = ['announcement/unread', {}] as const;
const COMPANIES_KEY = ['announcement/companies', {}] as const;
export const SLOGAN_KEY = ['slogan', {}] as const;

/** How many announcements the user has not opened (the bell's badge). */
export function useUnreadAnnouncements(enabled = true): SWRResponse<number, ApiError> {
  return useSWR(enabled ? UNREAD_KEY : null, ([path, body]: typeof UNREAD_KEY) => postParsed(path, body, (data) => announcementUnreadResponseSchema.parse(data).unread));
}

/** Admin: the companies a platform announcement may be addressed to. */
export function useAnnouncementCompanies(enabled = true): SWRResponse<{ id: number; name: string }[], ApiError> {
  return useSWR(enabled ? COMPANIES_KEY : null, ([path, body]: typeof COMPANIES_KEY) => postParsed(path, body, (data) => announcementCompaniesResponseSchema.parse(data).data));
}

/** Marks one read (the view pop-up shows it); the lists and the badge follow, in every window. */
export function useMarkAnnouncementRead(): (id: number) => Promise<Announcement> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: number) => {
      const record = await postParsed(`announcement/read/${id}`, {}, (data) => announcementContract.record.parse((data as { data: unknown }).data));
      await revalidateEverywhere(mutate, [announcementContract.path]);
      return record;
    },
    [mutate],
  );
}

/** Every cached announcement list, view and the badge read again (a new one arrived). */
export function refreshAnnouncements(mutate: Parameters<typeof revalidateEverywhere>[0]): Promise<unknown> {
  return revalidateEverywhere(mutate, [announcementContract.path]);
}

/** The company's slogan (null: none). */
export function useSlogan(enabled = true): SWRResponse<string | null, ApiError> {
  return useSWR(enabled ? SLOGAN_KEY : null, ([path, body]: typeof SLOGAN_KEY) => postParsed(path, body, (data) => sloganResponseSchema.parse(data).data.slogan));
}

/** `slogan/update`: the header shows what it answers at once. */
export function useSaveSlogan(): (slogan: string) => Promise<string | null> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (slogan: string) => {
      const saved = await postParsed('slogan/update', { slogan }, (data) => sloganResponseSchema.parse(data).data.slogan);
      await mutate(SLOGAN_KEY, saved, { revalidate: false });
      return saved;
    },
    [mutate],
  );
}
