import { useMemo } from 'react';
import useSWR, { useSWRConfig, type SWRResponse } from 'swr';
import {
  CALLBACK_PATHS,
  callbackAssigneesResponseSchema,
  callbackContract,
  callbackSchema,
  type Callback,
  type CallbackAssignee,
  type CallbackStatus,
} from '../contracts/callback.contract';
import { toApiError, type ApiError } from '../errors';
import { http } from '../http';
import { keyReadsAny } from './resource-keys';

/**
 * The callback calls beyond the generic resource ones (docs/calls.md): assign (managers), status, and
 * the users a callback can be assigned to. Each write revalidates every cached callback list.
 */

export function useCallbackAssignees(enabled: boolean): SWRResponse<CallbackAssignee[], ApiError> {
  return useSWR(enabled ? [CALLBACK_PATHS.assignees, {}] : null, async ([path, body]: readonly [string, object]) => {
    try {
      const { data } = await http.post<unknown>(path, body);
      return callbackAssigneesResponseSchema.parse(data).data;
    } catch (err) {
      throw toApiError(err);
    }
  });
}

export interface CallbackActions {
  assign: (id: number, userId: number | null) => Promise<Callback>;
  setStatus: (id: number, status: CallbackStatus) => Promise<Callback>;
}

export function useCallbackActions(): CallbackActions {
  const { mutate } = useSWRConfig();
  return useMemo(() => {
    const send = async (path: string, body: object): Promise<Callback> => {
      try {
        const { data } = await http.post<unknown>(path, body);
        const callback = callbackSchema.parse((data as { data: unknown }).data);
        await mutate((key) => keyReadsAny(key, [callbackContract.path]));
        return callback;
      } catch (err) {
        throw toApiError(err);
      }
    };
    return {
      assign: (id, userId) => send(CALLBACK_PATHS.assign, { id, user_id: userId }),
      setStatus: (id, status) => send(CALLBACK_PATHS.status, { id, status }),
    };
  }, [mutate]);
}
