import useSWR, { mutate, type SWRResponse } from 'swr';
import {
  oneTouchRecordingsResponseSchema,
  RECORDING_PATHS,
  recordingResponseSchema,
  type RecordingFile,
  type RecordingRequest,
} from '../contracts/call-recording.contract';
import { CALL_PATHS, callContract, callDetailSchema, callExtensionsResponseSchema, callMemberResponseSchema, type CallDetail } from '../contracts/call.contract';
import type { ApiError } from '../errors';
import { postParsed } from '../post-parsed';
import { announceStale } from './cross-window-stale';
import { keyReadsAny } from './resource-keys';

/** The call log's one-call read, the member chosen for a call and the recording calls (docs/calls.md). */

/** `cti/calls/show-call`: the call and its events; null uniqueid fetches nothing. */
export function useCallDetail(uniqueid: string | null): SWRResponse<CallDetail, ApiError> {
  return useSWR(uniqueid ? [CALL_PATHS.showCall, { unique_id: uniqueid }] : null, ([path, body]: readonly [string, object]) =>
    postParsed(path, body, (data) => callDetailSchema.parse(data)),
  );
}

/** `cti/calls/extensions`: the company's extensions and their users' names. */
export function useCallExtensions(): SWRResponse<{ extension: string; name: string }[], ApiError> {
  return useSWR([CALL_PATHS.extensions, {}], ([path, body]: readonly [string, object]) =>
    postParsed(path, body, (data) => callExtensionsResponseSchema.parse(data).data),
  );
}

/**
 * `cti/calls/member`: keeps the member the agent chose for a call on the call log (several members share
 * the caller's number). The log's lists and show-call, here and in the other windows, read it again.
 */
export async function saveCallMember(uniqueid: string, memberId: number): Promise<{ uniqueid: string; member_id: number; member_name: string }> {
  const saved = await postParsed(CALL_PATHS.member, { uniqueid, member_id: memberId }, (data) => callMemberResponseSchema.parse(data).data);
  void mutate((key) => keyReadsAny(key, [callContract.path]));
  announceStale([callContract.path]);
  return saved;
}

export type RecordingKind = 'call' | 'one-touch';

/**
 * The files a recording pop-up plays: the call's recording, or its one-touch recordings. The links
 * carry a token that expires, so the answer is never revalidated behind the player's back.
 */
export function useRecordingFiles(kind: RecordingKind, request: RecordingRequest | null): SWRResponse<RecordingFile[], ApiError> {
  const path = kind === 'call' ? RECORDING_PATHS.showRecordingFile : RECORDING_PATHS.showOneTouchRecordingFile;
  return useSWR(
    request ? [path, request] : null,
    ([p, body]: readonly [string, object]) =>
      postParsed(p, body, (data) => (kind === 'call' ? [recordingResponseSchema.parse(data).data] : oneTouchRecordingsResponseSchema.parse(data).data)),
    { revalidateOnFocus: false, revalidateOnReconnect: false, revalidateIfStale: false },
  );
}
