import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { companyWorktimeResponseSchema, type CompanyWorktime, type CompanyWorktimeUpdateBody } from '../contracts/company-worktime.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';

const WORKTIME_KEY = ['company/worktime/view', {}] as const;

/**
 * Company work time (`company/worktime/view`): open or closed now, the switch and the hours; re-read
 * every half minute while shown, since a span may end and others may flip the switch.
 */
export function useCompanyWorktime(enabled = true) {
  return useSWR<CompanyWorktime, ApiError>(
    enabled ? WORKTIME_KEY : null,
    ([path, body]: typeof WORKTIME_KEY) => postParsed(path, body, (data) => companyWorktimeResponseSchema.parse(data).data),
    { refreshInterval: 30_000 },
  );
}

/** `company/worktime/update`: forces open or closed, or back to the hours; the view becomes what it answers. */
export function useSetCompanyWorktime(): (force: CompanyWorktimeUpdateBody['force']) => Promise<CompanyWorktime> {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (force) => {
      const updated = await postParsed('company/worktime/update', { force }, (data) => companyWorktimeResponseSchema.parse(data).data);
      await mutate(WORKTIME_KEY, updated, { revalidate: false });
      return updated;
    },
    [mutate],
  );
}
