// Who is who in a simulated call, and what each extension is told about it. Pure functions over the
// call's context, shared by the call machine (to act) and the driver (to validate before acting).

import type { CallState, InboundCallPayload, TelephonyEvent } from '../driver';
import type { ExtLeg, Party } from './protocol';

export interface Consult {
  /** The consult leg has its own uniqueid, as a second channel would on Asterisk. */
  uniqueid: string;
  /** The extension transferring (one side of the main call). */
  by: string;
  target: ExtLeg;
  answered: boolean;
}

export interface Spy extends ExtLeg {
  mode: 'listen' | 'whisper';
  target: string;
}

/** The part of a call's context these helpers need. */
export interface CallParties {
  uniqueid: string;
  server: string;
  recordingfile: string;
  caller: Party;
  callee: Party | null;
  destination: string;
  ringGroup: string;
  /** The IVR the call came through, '' when none. */
  ivrNumber?: string;
  ringing: ExtLeg[];
  consult: Consult | null;
  spies: Spy[];
}

export type Role = 'caller' | 'callee' | 'ringing' | 'consultTarget' | 'spy';

export function partyNumber(party: Party): string {
  return party.kind === 'extension' ? party.ext : party.number;
}

export function partyExt(party: Party | null): string | null {
  return party?.kind === 'extension' ? party.ext : null;
}

export function roleOf(call: CallParties, ext: string): Role | null {
  if (partyExt(call.caller) === ext) return 'caller';
  if (partyExt(call.callee) === ext) return 'callee';
  if (call.ringing.some((leg) => leg.ext === ext)) return 'ringing';
  if (call.consult?.target.ext === ext) return 'consultTarget';
  if (call.spies.some((spy) => spy.ext === ext)) return 'spy';
  return null;
}

/** The party facing `ext` across the call (caller ↔ callee). */
export function otherSide(call: CallParties, ext: string): Party | null {
  if (partyExt(call.caller) === ext) return call.callee;
  if (partyExt(call.callee) === ext) return call.caller;
  return null;
}

/** The number `ext` sees on its display. */
export function numberSeenBy(call: CallParties, ext: string): string {
  const other = otherSide(call, ext);
  if (other) return partyNumber(other);
  if (call.ringing.some((leg) => leg.ext === ext)) return partyNumber(call.caller);
  const spy = call.spies.find((s) => s.ext === ext);
  if (spy) return spy.target;
  return call.destination;
}

/** The channel `ext` holds in this call, if any. */
export function channelOf(call: CallParties, ext: string): string | null {
  for (const party of [call.caller, call.callee]) {
    if (party?.kind === 'extension' && party.ext === ext) return party.channel;
  }
  const leg = call.ringing.find((l) => l.ext === ext) ?? call.spies.find((s) => s.ext === ext);
  if (leg) return leg.channel;
  if (call.consult?.target.ext === ext) return call.consult.target.channel;
  return null;
}

/** Which party holds `channel`: an extension, the outside party, or nobody in this call. */
export function ownerOfChannel(call: CallParties, channel: string): { ext: string } | { external: true } | null {
  for (const party of [call.caller, call.callee]) {
    if (party?.channel !== channel) continue;
    return party.kind === 'extension' ? { ext: party.ext } : { external: true };
  }
  const legs: ExtLeg[] = [...call.ringing, ...call.spies, ...(call.consult ? [call.consult.target] : [])];
  const leg = legs.find((l) => l.channel === channel);
  return leg ? { ext: leg.ext } : null;
}

export function callStateEvent(
  ext: string,
  uniqueid: string,
  state: CallState,
  number: string,
): TelephonyEvent {
  return { type: 'call_state', extension: ext, payload: { uniqueid, state, extension: ext, number } };
}

export function inboundCallEvent(
  call: CallParties,
  leg: ExtLeg,
  overrides: Partial<InboundCallPayload> = {},
): TelephonyEvent {
  return {
    type: 'inbound_call',
    extension: leg.ext,
    payload: {
      phone_no: partyNumber(call.caller),
      ext_no: leg.ext,
      ring_gr: call.ringGroup,
      uniqueid: call.uniqueid,
      chanel: leg.channel,
      ivr_number: call.ivrNumber ?? '',
      recordingfile: call.recordingfile,
      server: call.server,
      ...overrides,
    },
  };
}
