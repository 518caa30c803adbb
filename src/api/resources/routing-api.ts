import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';
import {
  routingApplyResponseSchema,
  routingPendingResponseSchema,
  routingSimulateResponseSchema,
  type RoutingApplyResponse,
  type RoutingPendingResponse,
  type RoutingSimulateBody,
  type RoutingSimulateResponse,
} from '../routing/routing.contract';

const PENDING_KEY = ['routing/pending', {}] as const;

/**
 * What Apply would change (CONTRACT §11 `routing/pending`), re-read every few seconds while shown: the
 * routing lists are edited in pop-ups and by other managers.
 */
export function useRoutingPending(enabled = true) {
  return useSWR<RoutingPendingResponse, ApiError>(enabled ? PENDING_KEY : null, ([path, body]: typeof PENDING_KEY) => postParsed(path, body, (data) => routingPendingResponseSchema.parse(data)), {
    refreshInterval: 5_000,
  });
}

/** Makes the staged routing live; the pending list becomes what it answers (with `pbx` for a PBX that keeps its own). */
export function useApplyRouting(): () => Promise<RoutingApplyResponse> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const applied = await postParsed('routing/apply', {}, (data) => routingApplyResponseSchema.parse(data));
    await mutate(PENDING_KEY, applied, { revalidate: false });
    return applied;
  }, [mutate]);
}

/**
 * The path a call would take through the staged routing (`routing/simulate`), without placing it. Not
 * cached: each answer is for one number, caller, time and keys, asked for on demand (a week is 168).
 */
export function simulateRouting(body: RoutingSimulateBody): Promise<RoutingSimulateResponse> {
  return postParsed('routing/simulate', body, (data) => routingSimulateResponseSchema.parse(data));
}
