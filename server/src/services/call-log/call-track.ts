import type { CallDirection, CallEventType } from '../../../../src/api/contracts/call.contract';
import { normalisePhoneNumber } from '../../lib/phone';
import type { BlockedCallPayload, CallDestination, CallEndOutcome, DriverEvent, InboundCallPayload, QueueCallPayload, RoutedCallPayload } from '../../telephony/driver';

/** The events of one call: the extensions' (CONTRACT §8) and the company-level queue-call ones. */
export type CallEventOfPbx = Exclude<DriverEvent, { type: 'extension_status' }>;

/**
 * What one call looks like so far, worked out from its telephony events alone (docs/calls.md). Pure:
 * no database, no clock (the recorder stamps each event), so every rule below is unit-testable.
 *
 * The extensions' events never say "this call ended, answered or not", so the end is inferred: the
 * call is over when no extension is left on it (every one that rang or talked heard `hangup` or
 * `transferred`) and, for a caller who entered a queue, the PBX has said the caller is gone
 * (`call_ended`). Until then a queue caller is a call in progress even while nothing rings. A queue
 * that rings its members again, or a transfer, brings a new event for the same uniqueid and the call
 * is simply going on again.
 */

export interface TrackedEvent {
  type: CallEventType;
  state: string | null;
  extension: string;
  number: string;
  at: Date;
}

/** The row values the track determines; disposition needs the database (queue or ring group). */
export interface CallSnapshot {
  uniqueid: string;
  direction: CallDirection;
  callerNumber: string;
  calleeNumber: string;
  extension: string | null;
  extensions: string[];
  queue: string | null;
  startedAt: Date;
  ringingAt: Date | null;
  answeredAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  talkSeconds: number | null;
  answered: boolean;
  recordingFile: string | null;
  /** How the PBX says the call ended (queue calls only), null when it has not said. */
  outcome: CallEndOutcome | null;
  /** The PBX refused the caller (blacklist): nothing rang, the call is over as it began. */
  blocked: boolean;
  /** The caller id number an extension's call presented outside, null for the extension's default. */
  callerId: string | null;
  /** Where the routing sent the call when it ended where nothing rings (`call_routed`), else null. */
  routedTo: CallDestination | null;
}

const seconds = (from: Date, to: Date) => Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000));

/**
 * The lengths of a call over at `endedAt`: start→end, and answer→end (0 when nobody answered). Shared
 * with the sweep that closes calls a restart left in progress, so both end a call the same way.
 */
export function durationsOf(startedAt: Date, answeredAt: Date | null, endedAt: Date): { durationSeconds: number; talkSeconds: number } {
  return { durationSeconds: seconds(startedAt, endedAt), talkSeconds: answeredAt ? seconds(answeredAt, endedAt) : 0 };
}

/** `20261123-101500`, local time, as the simulator and a typical MixMonitor dialplan name files. */
function fileStamp(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}${pad(at.getMonth() + 1)}${pad(at.getDate())}-${pad(at.getHours())}${pad(at.getMinutes())}${pad(at.getSeconds())}`;
}

export class CallTrack {
  readonly events: TrackedEvent[] = [];
  /** Extensions still on the call (ringing, talking, held). */
  private readonly active = new Set<string>();
  /** Extensions told about the call by `inbound_call` (they were rung, not dialling). */
  private readonly rung = new Set<string>();
  private readonly involved: string[] = [];
  private firstInbound: InboundCallPayload | null = null;
  /** The first company-level event: the caller and the queue, even when no extension ever rang. */
  private queueCall: QueueCallPayload | null = null;
  /** The PBX holds the caller (entered a queue, no `call_ended` yet): the call goes on with nobody on it. */
  private callerHeld = false;
  private outcome: CallEndOutcome | null = null;
  /** The PBX refused the caller before routing (`call_blocked`). */
  private blocked: BlockedCallPayload | null = null;
  /** The routing sent the caller where nothing rings (`call_routed`). */
  private routed: RoutedCallPayload | null = null;
  private callerId: string | null = null;
  /** Who the `inbound_call`s said was calling (an extension, when one of ours placed the call). */
  private readonly inboundFrom = new Set<string>();
  /** The extension that placed the call: it heard `ringing` without being rung. */
  private originator: string | null = null;
  private dialled = '';
  /** An `inbound_call` from the originator: it called one of our extensions, queues or ring groups. */
  private calledInside = false;
  private answeredBy: string | null = null;
  private startedAt: Date | null = null;
  private ringingAt: Date | null = null;
  private answeredAt: Date | null = null;
  private endedAt: Date | null = null;
  private lastEventAt: Date | null = null;

  constructor(readonly uniqueid: string) {}

  /** Whether no extension is left on the call nor is the PBX holding its caller (over, unless it rings again). */
  get ended(): boolean {
    return this.endedAt !== null;
  }

  /** Applies one event of this call, stamped `at`. */
  apply(event: CallEventOfPbx, at: Date): void {
    this.startedAt ??= at;
    this.lastEventAt = at;
    if (event.type === 'call_started' || event.type === 'call_ended') this.applyQueueCall(event, at);
    else if (event.type === 'call_blocked') this.applyBlocked(event.payload, at);
    else if (event.type === 'call_routed') this.applyRouted(event.payload, at);
    else if (event.type === 'call_placed') this.callerId = event.payload.caller_id || null;
    else this.applyExtensionEvent(event, at);
    // call_placed only names the caller id (the recorder applies it to a call it already follows): it
    // says nothing about the end of a call already over.
    const ended = event.type === 'call_placed' ? (this.endedAt ?? at) : at;
    this.endedAt = this.active.size === 0 && !this.callerHeld ? ended : null;
  }

  /**
   * The PBX went quiet on a call it never ended (its hang-ups were lost, e.g. with the AMI connection):
   * the call is taken as over at its last event, so it leaves "in progress" and a lost queue call still
   * gets its callback.
   */
  giveUp(): void {
    this.active.clear();
    this.callerHeld = false;
    this.endedAt = this.lastEventAt;
  }

  /** Kept as the call's events with the queue in the extension's place: when the caller came and left. */
  private applyQueueCall(event: Extract<CallEventOfPbx, { type: 'call_started' | 'call_ended' }>, at: Date): void {
    const { payload } = event;
    this.record({ type: event.type, state: event.type === 'call_ended' ? event.payload.outcome : null, extension: payload.queue, number: payload.from, at });
    this.queueCall ??= payload;
    // An extension calling a queue calls inside, as an `inbound_call` from it would show.
    this.inboundFrom.add(payload.from);
    if (payload.from === this.originator) this.calledInside = true;
    if (event.type === 'call_started') {
      this.callerHeld = true;
      return;
    }
    this.callerHeld = false;
    this.outcome = event.payload.outcome;
  }

  /** Kept as the call's one event, with what the caller dialled in the extension's place. */
  private applyBlocked(payload: BlockedCallPayload, at: Date): void {
    this.blocked = payload;
    this.record({ type: 'call_blocked', state: null, extension: payload.to, number: payload.from, at });
  }

  /** Kept as an event: where the call went, with the destination's target in the extension's place. */
  private applyRouted(payload: RoutedCallPayload, at: Date): void {
    this.routed = payload;
    this.record({ type: 'call_routed', state: payload.destination.type, extension: payload.destination.target ?? '', number: payload.from, at });
  }

  private applyExtensionEvent(event: Exclude<CallEventOfPbx, { type: 'call_started' | 'call_ended' | 'call_blocked' | 'call_placed' | 'call_routed' }>, at: Date): void {
    const ext = event.extension;
    this.involve(ext);
    if (event.type === 'inbound_call') {
      const payload = event.payload;
      this.firstInbound ??= payload;
      this.rung.add(ext);
      this.active.add(ext);
      this.inboundFrom.add(payload.phone_no);
      this.ringingAt ??= at;
      if (payload.phone_no === this.originator) this.calledInside = true;
      this.record({ type: 'inbound_call', state: null, extension: ext, number: payload.phone_no, at });
      return;
    }
    const { state, number } = event.payload;
    if (state === 'ringing') {
      this.ringingAt ??= at;
      if (this.originator === null && !this.rung.has(ext)) {
        this.originator = ext;
        this.dialled = number;
        // The dialled party's inbound_call comes first, in the same burst: look back for it.
        this.calledInside = this.inboundFrom.has(ext);
      }
    }
    if (state === 'answered') {
      this.answeredAt ??= at;
      if (this.answeredBy === null && ext !== this.originator) this.answeredBy = ext;
    }
    if (state === 'hangup' || state === 'transferred') this.active.delete(ext);
    else this.active.add(ext);
    this.record({ type: 'call_state', state, extension: ext, number, at });
  }

  snapshot(): CallSnapshot {
    const startedAt = this.startedAt ?? new Date(0);
    const direction: CallDirection = this.originator === null ? 'inbound' : this.calledInside ? 'internal' : 'outbound';
    const inbound = this.firstInbound;
    const queueCall = this.queueCall;
    const blocked = this.blocked;
    const routed = this.routed;
    const callerNumber = this.originator ?? normalisePhoneNumber(inbound?.phone_no ?? queueCall?.from ?? blocked?.from ?? routed?.from ?? '');
    const calleeNumber =
      this.originator !== null ? normaliseDialled(this.dialled) : inbound?.ring_gr || inbound?.ext_no || queueCall?.queue || blocked?.to || routed?.to || '';
    const answered = this.answeredAt !== null;
    const endedAt = this.endedAt;
    const durations = endedAt ? durationsOf(startedAt, this.answeredAt, endedAt) : null;
    return {
      uniqueid: this.uniqueid,
      direction,
      callerNumber,
      calleeNumber,
      extension: this.originator ?? this.answeredBy,
      extensions: [...this.involved],
      queue: inbound?.ring_gr || queueCall?.queue || null,
      startedAt,
      ringingAt: this.ringingAt,
      answeredAt: this.answeredAt,
      endedAt,
      durationSeconds: durations?.durationSeconds ?? null,
      talkSeconds: durations?.talkSeconds ?? null,
      answered,
      recordingFile: answered ? this.recordingFile(startedAt, callerNumber, calleeNumber) : null,
      outcome: this.outcome,
      blocked: blocked !== null,
      callerId: this.callerId,
      routedTo: routed?.destination ?? null,
    };
  }

  /**
   * The PBX names the whole-call recording in `inbound_call`. A call to an outside number has no
   * inbound_call, so it gets the name the same dialplan would give it (date-time-from-to-uniqueid).
   */
  private recordingFile(startedAt: Date, caller: string, callee: string): string {
    const announced = this.firstInbound?.recordingfile;
    return announced || `${fileStamp(startedAt)}-${caller}-${callee}-${this.uniqueid}.wav`;
  }

  private involve(ext: string): void {
    if (ext && !this.involved.includes(ext)) this.involved.push(ext);
  }

  private record(event: TrackedEvent): void {
    this.events.push(event);
  }
}

/** Dialled numbers: outside numbers normalised like members' numbers; extensions stay as they are. */
function normaliseDialled(number: string): string {
  return normalisePhoneNumber(number) || number;
}
