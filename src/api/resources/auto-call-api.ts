import { useEffect, useMemo, useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
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
import { watchAutoCallRuns } from '../auto-call/auto-call-run-client';
import type { AutoCallRunStatus } from '../contracts/auto-call-run.contract';
import { connectSessionSocket, type RealtimeConnection } from '../realtime/socket';
import { keyReadsAny } from './resource-keys';
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

/** At most one re-read of the campaigns per this many ms however fast a run pushes (each number's result does). */
const PUSH_REVALIDATE_MS = 1000;

export type AutoCallRunConnect = () => RealtimeConnection;
const defaultConnect: AutoCallRunConnect = () => connectSessionSocket();

/**
 * The company's runs as the server pushes them (`auto_call_run`, docs/auto-call.md "Runner"), by campaign
 * id: each push also re-reads the campaigns, their counts and numbers (at most once a second), so the
 * list moves with the run instead of waiting for the next poll. The statuses carry the buttons the run's
 * statechart allows now (`actions`, its `can()`).
 */
export function useAutoCallRunPush(connect: AutoCallRunConnect = defaultConnect): ReadonlyMap<number, AutoCallRunStatus> {
  const { mutate } = useSWRConfig();
  const [runs, setRuns] = useState<ReadonlyMap<number, AutoCallRunStatus>>(new Map());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const stop = watchAutoCallRuns(connect(), (status) => {
      setRuns((previous) => new Map(previous).set(status.id, status));
      timer ??= setTimeout(() => {
        timer = null;
        void mutate((key) => keyReadsAny(key, ['auto-call']));
      }, PUSH_REVALIDATE_MS);
    });
    return () => {
      if (timer) clearTimeout(timer);
      stop();
    };
  }, [connect, mutate]);
  return runs;
}

/**
 * Numbers and results of every campaign of the company, by campaign id (one request for a whole list).
 * SWR keeps the answer as an array and the map is made from it: SWR compares answers with dequal/lite,
 * which sees every two Maps as equal, so an answer kept as a Map would never replace the first one.
 */
export function useAutoCallCounts(): { data: ReadonlyMap<number, AutoCallCounts> | undefined; error: ApiError | undefined } {
  const { data, error } = useSWR<AutoCallCounts[], ApiError>(
    [AUTO_CALL_PATHS.summary, {}] as Key,
    ([path, body]: Key) => postParsed(path, body, (answer) => autoCallSummarySchema.parse(answer).data),
    { refreshInterval: AUTO_CALL_REFRESH_MS },
  );
  const byCampaign = useMemo(() => data && new Map(data.map((counts) => [counts.campaign_id, counts])), [data]);
  return { data: byCampaign, error };
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
