import type { CallStatePayload, InboundCallPayload } from '../../api/realtime/socket-events';
import type { CallInput } from '../call/call.types';
import type { DialMethod, PhoneContext } from './phone.types';

/**
 * Pure decisions of the phone root: which call a server event belongs to, and the input of a new call.
 * Kept out of the machine so the routing table reads in one place and is tested without actors.
 */

export const RECENTLY_ENDED_LIMIT = 50;

/** The child id (and systemId) of a call actor. */
export const callActorId = (callId: string) => `call:${callId}`;

/**
 * The callId a server uniqueid refers to, if the phone knows the call: its own key, an alias, or an
 * app-dialed call that learned the uniqueid from its dial answer.
 */
export function knownCallId(context: Pick<PhoneContext, 'calls' | 'aliases'>, uniqueid: string): string | null {
  const callId = context.aliases[uniqueid] ?? uniqueid;
  if (context.calls[callId]) return callId;
  const named = Object.entries(context.calls).find(([, ref]) => ref.getSnapshot().context.uniqueid === uniqueid);
  return named ? named[0] : null;
}

export function isRecentlyEnded(context: Pick<PhoneContext, 'recentlyEnded' | 'aliases'>, uniqueid: string): boolean {
  return context.recentlyEnded.includes(uniqueid) || context.recentlyEnded.includes(context.aliases[uniqueid] ?? '');
}

const digits = (phone: string) => phone.replace(/\D+/g, '');

/**
 * Which app-dialed call an unknown uniqueid is: the oldest pending dial to the same number, else the
 * oldest pending dial (click-to-call may report the agent's own leg first, with another number).
 */
export function pendingOutboundFor(
  context: Pick<PhoneContext, 'pendingOutbound' | 'calls'>,
  payload: CallStatePayload,
): string | null {
  // A dial whose answer already named its call is not waiting any more.
  const waiting = context.pendingOutbound.filter((callId) => {
    const snapshot = context.calls[callId]?.getSnapshot();
    return snapshot !== undefined && snapshot.status === 'active' && snapshot.context.uniqueid === null;
  });
  const wanted = digits(payload.number);
  const sameNumber = waiting.find(
    (callId) => wanted !== '' && digits(context.calls[callId]?.getSnapshot().context.number ?? '') === wanted,
  );
  return sameNumber ?? waiting[0] ?? null;
}

export function remember(list: string[], ...ids: (string | null | undefined)[]): string[] {
  const added = ids.filter((id): id is string => !!id && !list.includes(id));
  return [...list, ...added].slice(-RECENTLY_ENDED_LIMIT);
}

/** When a call first seen now began: now, unless the server's `live_calls` said it is older (a replay). */
export function receivedNow(context: Pick<PhoneContext, 'liveSince'>, uniqueid: string): number {
  return context.liveSince[uniqueid] ?? Date.now();
}

export function inboundCallInput(
  payload: InboundCallPayload,
  context: Pick<PhoneContext, 'extension' | 'popupMode'>,
  receivedAt: number,
): CallInput {
  return {
    callId: payload.uniqueid,
    uniqueid: payload.uniqueid,
    direction: 'inbound',
    number: payload.phone_no,
    extension: payload.ext_no || context.extension,
    channel: payload.chanel,
    recordingfile: payload.recordingfile,
    ringGroup: payload.ring_gr,
    ivrNumber: payload.ivr_number,
    server: payload.server,
    popupMode: context.popupMode,
    receivedAt,
  };
}

export function outboundCallInput(
  callId: string,
  number: string,
  method: DialMethod,
  context: Pick<PhoneContext, 'extension' | 'popupMode'>,
  receivedAt: number,
): CallInput {
  return {
    callId,
    uniqueid: null,
    direction: 'outbound',
    number,
    extension: context.extension,
    channel: '',
    recordingfile: '',
    ringGroup: '',
    ivrNumber: '',
    server: '',
    popupMode: context.popupMode,
    receivedAt,
    dialMethod: method,
  };
}

/**
 * A call first seen mid-way (placed from the desk phone, or already up when this tab took over): tracked
 * as outbound from the state the server reports, without dialing.
 */
export function externalCallInput(
  payload: CallStatePayload,
  context: Pick<PhoneContext, 'extension' | 'popupMode'>,
  receivedAt: number,
): CallInput {
  return {
    callId: payload.uniqueid,
    uniqueid: payload.uniqueid,
    direction: 'outbound',
    number: payload.number,
    extension: payload.extension || context.extension,
    channel: '',
    recordingfile: '',
    ringGroup: '',
    ivrNumber: '',
    server: '',
    popupMode: context.popupMode,
    receivedAt,
    startIn: payload.state === 'held' ? 'held' : 'answered',
  };
}
