import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';
import { routingApplyResponseSchema, routingPendingResponseSchema, type RoutingPendingResponse } from '../routing/routing.contract';

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

/** Makes the staged routing live; the pending list becomes what it answers. */
export function useApplyRouting(): () => Promise<RoutingPendingResponse> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    const applied = await postParsed('routing/apply', {}, (data) => routingApplyResponseSchema.parse(data));
    await mutate(PENDING_KEY, applied, { revalidate: false });
    return applied;
  }, [mutate]);
}
