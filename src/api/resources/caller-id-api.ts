import useSWR, { type SWRResponse } from 'swr';
import { CALLER_ID_PATHS, myCallerIdsSchema, type MyCallerIds } from '../contracts/caller-id.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';

/** The caller ids the signed-in user may dial out with (docs/telephony.md "Caller ID"); null fetches nothing. */
export function useMyCallerIds(enabled = true): SWRResponse<MyCallerIds, ApiError> {
  return useSWR(enabled ? [CALLER_ID_PATHS.mine, {}] : null, ([path, body]: readonly [string, object]) =>
    postParsed(path, body, (data) => myCallerIdsSchema.parse(data)),
  );
}

/** Which of them the user's calls carry from now on (`null`: the lowest id); answers the list again. */
export function chooseCallerId(id: number | null): Promise<MyCallerIds> {
  return postParsed(CALLER_ID_PATHS.choose, { id }, (data) => myCallerIdsSchema.parse(data));
}
