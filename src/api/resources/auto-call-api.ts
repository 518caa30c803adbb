import { useMemo } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  AUTO_CALL_PATHS,
  autoCallCallerIdsSchema,
  autoCallDeleteAnswerSchema,
  autoCallNumbersPageSchema,
  autoCallSummarySchema,
  type AutoCallCounts,
  type AutoCallRunAction,
} from '../contracts/auto-call.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';
import { revalidateEverywhere } from './use-resource-mutations';

/**
 * The numbers of auto-call campaigns and their runs (CONTRACT §13; docs/auto-call.md): the counts per
 * campaign, a page of a campaign's numbers, the company's caller ids for the form, deleting the numbers
 * and the run's buttons. Every write revalidates everything under `auto-call` in every window.
 */

type Key = readonly [string, object];

/**
 * How often the campaigns' states, counts and numbers are asked again while the page is open: a run
 * moves on by itself (SWR skips it while the tab is hidden).
 */
export const AUTO_CALL_REFRESH_MS = 5000;

/** Numbers and results of every campaign of the company, by campaign id (one request for a whole list). */
export function useAutoCallCounts(): SWRResponse<Map<number, AutoCallCounts>, ApiError> {
  return useSWR(
    [AUTO_CALL_PATHS.summary, {}] as Key,
    ([path, body]: Key) => postParsed(path, body, (data) => new Map(autoCallSummarySchema.parse(data).data.map((counts) => [counts.campaign_id, counts]))),
    { refreshInterval: AUTO_CALL_REFRESH_MS },
  );
}

export function useAutoCallNumbers(campaignId: number | null, page: number, perPage: number) {
  return useSWR(
    campaignId === null ? null : ([AUTO_CALL_PATHS.numbers, { campaign_id: campaignId, page, per_page: perPage }] as Key),
    ([path, body]: Key) => postParsed(path, body, (data) => autoCallNumbersPageSchema.parse(data)),
    { refreshInterval: AUTO_CALL_REFRESH_MS, keepPreviousData: true },
  );
}

export function useAutoCallCallerIds() {
  return useSWR([AUTO_CALL_PATHS.callerIds, {}] as Key, ([path, body]: Key) => postParsed(path, body, (data) => autoCallCallerIdsSchema.parse(data).data));
}

/** Deleting a campaign's numbers and the run's buttons, each revalidating the campaigns and their numbers. */
export function useAutoCallActions() {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const revalidate = () => revalidateEverywhere(mutate, ['auto-call']);
    return {
      deleteNumbers: async (campaignId: number): Promise<number> => {
        const answer = await postParsed(AUTO_CALL_PATHS.deleteData, { campaign_id: campaignId }, (data) => autoCallDeleteAnswerSchema.parse(data));
        await revalidate();
        return answer.deleted;
      },
      run: async (action: AutoCallRunAction, id: number): Promise<void> => {
        try {
          await postParsed(AUTO_CALL_PATHS[action], { id }, () => undefined);
        } finally {
          // Whatever the answer, the state shown should be the server's.
          await revalidate();
        }
      },
      revalidate,
    };
  }, [mutate]);
}
