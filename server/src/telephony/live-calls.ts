// The calls each extension is on right now, as the PBX's own events told them. A phone that joins its
// extension's room mid-call (the agent reloaded the page, the socket reconnected, another tab took the
// phone over) has missed the events that started those calls; it is sent them again, so the CTI bar,
// the call's buttons and the caller's pop-up come back. Built from the events, not asked of the PBX, so
// every driver gets it alike.

import type { CallStatePayload, DriverEvent, InboundCallPayload } from './driver';

/**
 * One of the CONTRACT §8 events that rebuild a call on a phone, in the order they are to be sent, with
 * how long ago the PBX first told of the call at this extension (the pop-up's "received at").
 */
export type LiveCallEvent = ({ type: 'inbound_call'; payload: InboundCallPayload } | { type: 'call_state'; payload: CallStatePayload }) & { ageMs: number };

interface LiveCall {
  /** The pop-up's fields, for a call that rang here from outside (or was transferred here). */
  inbound: InboundCallPayload | null;
  /** Where the call stands for this extension now. */
  state: CallStatePayload;
  /** When the first event of the call at this extension came. */
  firstSeenAt: number;
  /** When its latest event came. */
  seenAt: number;
}

/** More calls than a desk phone holds at once (a call, a consult leg, one on hold, one ringing): older ones go. */
const MAX_CALLS_PER_EXTENSION = 8;
/** A call with no event for this long lost its hang-up (the call log gives such calls up after as long). */
const STALE_AFTER_MS = 4 * 60 * 60_000;

export class LiveCalls {
  private readonly byExtension = new Map<string, Map<string, LiveCall>>();

  constructor(private readonly now: () => number = Date.now) {}

  observe(event: DriverEvent): void {
    if (event.type === 'inbound_call') {
      const { payload } = event;
      const known = this.byExtension.get(event.extension)?.get(payload.uniqueid);
      const state = known?.state ?? { uniqueid: payload.uniqueid, state: 'ringing', extension: event.extension, number: payload.phone_no };
      this.put(event.extension, payload.uniqueid, { inbound: payload, state, firstSeenAt: known?.firstSeenAt ?? this.now(), seenAt: this.now() });
    } else if (event.type === 'call_state') {
      const { payload } = event;
      if (payload.state === 'hangup' || payload.state === 'transferred') {
        this.drop(event.extension, payload.uniqueid);
        return;
      }
      const known = this.byExtension.get(event.extension)?.get(payload.uniqueid);
      this.put(event.extension, payload.uniqueid, {
        inbound: known?.inbound ?? null,
        state: payload,
        firstSeenAt: known?.firstSeenAt ?? this.now(),
        seenAt: this.now(),
      });
    }
  }

  /** The events that bring the extension's current calls back, the call that changed longest ago first. */
  of(extension: string): LiveCallEvent[] {
    const calls = this.byExtension.get(extension);
    if (!calls) return [];
    const now = this.now();
    const staleBefore = now - STALE_AFTER_MS;
    const events: LiveCallEvent[] = [];
    for (const [uniqueid, call] of calls) {
      if (call.seenAt < staleBefore) {
        calls.delete(uniqueid);
        continue;
      }
      const ageMs = now - call.firstSeenAt;
      if (call.inbound) events.push({ type: 'inbound_call', payload: call.inbound, ageMs });
      events.push({ type: 'call_state', payload: call.state, ageMs });
    }
    if (calls.size === 0) this.byExtension.delete(extension);
    return events;
  }

  private put(extension: string, uniqueid: string, call: LiveCall): void {
    let calls = this.byExtension.get(extension);
    if (!calls) this.byExtension.set(extension, (calls = new Map()));
    // Re-inserted, so the map's order is the order of the latest events and the oldest is first to go.
    calls.delete(uniqueid);
    calls.set(uniqueid, call);
    for (const oldest of calls.keys()) {
      if (calls.size <= MAX_CALLS_PER_EXTENSION) break;
      calls.delete(oldest);
    }
  }

  private drop(extension: string, uniqueid: string): void {
    const calls = this.byExtension.get(extension);
    if (!calls) return;
    calls.delete(uniqueid);
    if (calls.size === 0) this.byExtension.delete(extension);
  }
}
