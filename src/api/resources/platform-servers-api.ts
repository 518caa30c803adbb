import { useCallback, useState } from 'react';
import useSWR from 'swr';
import { adminCompanyChoicesResponseSchema, type AdminCompanyChoice } from '../contracts/admin-ring-group.contract';
import { dailyReportSendResponseSchema, healthResponseSchema, type DailyReportOutcome, type HealthResult } from '../contracts/admin-server.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';

/** How often a shown server's health is probed again (docs/servers.md). */
export const HEALTH_REFRESH_MS = 15_000;

/**
 * The live health of one platform server (`<path>/health` `{ id }`): probed when shown and every
 * HEALTH_REFRESH_MS while it is; `check()` probes again now.
 */
export function useServerHealth(path: string, id: number) {
  const key = [`${path}/health`, { id }] as const;
  const { data, error, isValidating, mutate } = useSWR<HealthResult, ApiError>(
    key,
    ([route, body]: typeof key) => postParsed(route, body, (answer) => healthResponseSchema.parse(answer).data),
    { refreshInterval: HEALTH_REFRESH_MS, revalidateOnFocus: false, dedupingInterval: 1_000 },
  );
  const check = useCallback(() => void mutate(), [mutate]);
  return { health: data, error, checking: isValidating, check };
}

/** Every company by name (`admin/ring-group/companies`, admin only): the daily report's choice, the admin ring groups' filter. */
export function useAdminCompanyChoices(): readonly AdminCompanyChoice[] {
  const { data } = useSWR(['admin/ring-group/companies', {}], ([path, body]: readonly [string, object]) =>
    postParsed(path, body, (answer) => adminCompanyChoicesResponseSchema.parse(answer).data),
  );
  return data ?? [];
}

export type { DailyReportOutcome };

/** `admin/daily-report/send`: a company's report of yesterday (Asia/Seoul), now. */
export function useSendDailyReport() {
  const [sending, setSending] = useState(false);
  const send = useCallback(async (companyId: number): Promise<DailyReportOutcome> => {
    setSending(true);
    try {
      return await postParsed('admin/daily-report/send', { company_id: companyId }, (answer) => dailyReportSendResponseSchema.parse(answer).data);
    } finally {
      setSending(false);
    }
  }, []);
  return { send, sending };
}
