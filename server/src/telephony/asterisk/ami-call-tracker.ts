// Turns Asterisk's channel events into the product's call events, and remembers enough about live
// channels for the commands that need them (Redirect needs the peer, Hangup and MixMonitor need the
// agent's channel, listen needs to know the target is on a call).
//
//   QueueCallerJoin       caller's channel is in queue N            → ring_gr N for what it dials; call_started
//   Newchannel            a channel exists                         → tracked
//   DialBegin/AgentCalled caller's channel rings an agent's channel → inbound_call + call_state ringing
//   Newstate (Up)         / AgentConnect                           → call_state answered
//   QueueCallerAbandon    the queue caller hung up while waiting   → (remembered for call_ended)
//   Hold / Unhold                                                  → call_state held / answered
//   Hangup                                                         → call_state hangup; call_ended for a queue caller
//   UserEvent CallRoute   the routing dialplan (routing-dialplan.ts) names the caller's ring group and
//                         last menu                                → ring_gr and ivr_number for what it dials
//
// A queue caller is known by its own channel's Uniqueid, which QueueCallerJoin, AgentConnect,
// QueueCallerAbandon and Hangup all carry; the company-level events name the call by its Linkedid, like
// every other event.

import type { CallEndOutcome, DriverEvent, TelephonyEvent } from '../driver';
import { header } from './ami-client';
import type { AmiMessage } from './ami-protocol';

export interface TrackedChannel {
  channel: string;
  /** Our extension on this channel, null for trunks and Local channels. */
  ext: string | null;
  /** The id our events use for the whole call: Asterisk's Linkedid (the first channel's Uniqueid). */
  callId: string;
  /** The other party as this extension sees it. */
  number: string;
  /** The channel on the other side of the dial, for Redirect. */
  peer: string | null;
  answered: boolean;
}

export interface CallTrackerOptions {
  isExtension(peer: string): boolean;
  server: string;
  recordingFile(from: string, to: string, uniqueid: string): string;
  /** The clock of the company-level call events' `at`. */
  now(): number;
}

interface QueueCaller {
  callId: string;
  from: string;
  queue: string;
  /** What the call comes to if nothing more is heard: the queue gave up (timeout, empty queue). */
  outcome: CallEndOutcome;
}

/** `SIP/1001-0000002a`, `PJSIP/1001-0000002a` → `1001`; Local and other forms → null. */
export function peerOfChannel(channel: string): string | null {
  const match = /^(?:SIP|PJSIP|IAX2)\/(.+)-[0-9a-f]+$/i.exec(channel);
  return match?.[1] ?? null;
}

export class AmiCallTracker {
  private readonly channels = new Map<string, TrackedChannel>();
  private readonly queueOfChannel = new Map<string, string>();
  /** What the routing dialplan said of a caller's channel: the ring group it rings through, its last menu. */
  private readonly routeOfChannel = new Map<string, { ringGroup: string; ivr: string }>();
  private readonly announced = new Set<string>();
  /** Callers that entered a queue, by their channel's Uniqueid, until that channel hangs up. */
  private readonly queueCallers = new Map<string, QueueCaller>();

  constructor(private readonly options: CallTrackerOptions) {}

  handle(event: AmiMessage): DriverEvent[] {
    switch (header(event, 'Event')) {
      case 'QueueCallerJoin':
        this.queueOfChannel.set(field(event, 'Channel'), field(event, 'Queue'));
        return this.queueCallerJoined(event);
      case 'Newchannel':
        this.track(field(event, 'Channel'), callIdOf(event), field(event, 'Exten'));
        return [];
      case 'UserEvent':
        if (field(event, 'UserEvent') === 'CallRoute') this.routeOfChannel.set(field(event, 'Channel'), { ringGroup: digits(field(event, 'RingGroup')), ivr: digits(field(event, 'Ivr')) });
        return [];
      case 'DialBegin': {
        const route = this.routeOfChannel.get(field(event, 'Channel'));
        return this.dialBegin(event, this.queueOfChannel.get(field(event, 'Channel')) ?? route?.ringGroup ?? '', route?.ivr ?? '');
      }
      case 'AgentCalled':
        this.queueOfChannel.set(field(event, 'Channel'), field(event, 'Queue'));
        return this.dialBegin(event, field(event, 'Queue'), this.routeOfChannel.get(field(event, 'Channel'))?.ivr ?? '');
      case 'Newstate':
        return field(event, 'ChannelState') === '6' ? this.answered(field(event, 'Channel')) : [];
      case 'AgentConnect':
        this.settleQueueCaller(field(event, 'Uniqueid'), 'answered');
        return this.answered(field(event, 'DestChannel'));
      case 'QueueCallerAbandon':
        this.settleQueueCaller(field(event, 'Uniqueid'), 'abandoned');
        return [];
      case 'Hold':
        return this.callState(field(event, 'Channel'), 'held');
      case 'Unhold':
        return this.callState(field(event, 'Channel'), 'answered');
      case 'Hangup':
        return [...this.hangup(field(event, 'Channel')), ...this.queueCallerGone(field(event, 'Uniqueid'))];
      default:
        return [];
    }
  }

  /** The extension's live channel (the most recent one if it has several). */
  channelOf(ext: string): TrackedChannel | null {
    let found: TrackedChannel | null = null;
    for (const tracked of this.channels.values()) if (tracked.ext === ext) found = tracked;
    return found;
  }

  /** Channels of the call `ext` is on: its own and its peer's. */
  channelsOfCall(ext: string): string[] {
    const own = this.channelOf(ext);
    if (!own) return [];
    return [...this.channels.values()].filter((c) => c.callId === own.callId).map((c) => c.channel);
  }

  private extOf(channel: string): string | null {
    const peer = peerOfChannel(channel);
    return peer !== null && this.options.isExtension(peer) ? peer : null;
  }

  private track(channel: string, callId: string, number: string): TrackedChannel {
    const existing = this.channels.get(channel);
    if (existing) return existing;
    const tracked: TrackedChannel = { channel, ext: this.extOf(channel), callId, number, peer: null, answered: false };
    this.channels.set(channel, tracked);
    return tracked;
  }

  private dialBegin(event: AmiMessage, ringGroup: string, ivrNumber: string): TelephonyEvent[] {
    const source = field(event, 'Channel');
    const dest = field(event, 'DestChannel');
    if (!dest) return [];
    const callId = callIdOf(event);
    const from = field(event, 'CallerIDNum');
    const to = field(event, 'DestCallerIDNum') || field(event, 'DialString') || (this.extOf(dest) ?? '');
    const caller = this.track(source, callId, to);
    caller.peer = dest;
    if (caller.ext) caller.number = to;
    const callee = this.track(dest, callId, from);
    callee.peer = source;
    callee.number = from;

    const events: TelephonyEvent[] = [];
    const destId = field(event, 'DestUniqueid') || dest;
    if (callee.ext && !this.announced.has(destId)) {
      this.announced.add(destId);
      events.push(
        {
          type: 'inbound_call',
          extension: callee.ext,
          payload: {
            phone_no: from,
            ext_no: callee.ext,
            ring_gr: ringGroup,
            uniqueid: callId,
            chanel: dest,
            ivr_number: ivrNumber,
            recordingfile: this.options.recordingFile(from, callee.ext, callId),
            server: this.options.server,
          },
        },
        stateEvent(callee, 'ringing'),
      );
    }
    if (caller.ext && !caller.answered && header(event, 'Event') === 'DialBegin') events.push(stateEvent(caller, 'ringing'));
    return events;
  }

  /** The first queue a caller enters starts the call for the company; a later queue changes nothing. */
  private queueCallerJoined(event: AmiMessage): DriverEvent[] {
    const uniqueid = field(event, 'Uniqueid');
    if (!uniqueid || this.queueCallers.has(uniqueid)) return [];
    const caller: QueueCaller = { callId: callIdOf(event), from: field(event, 'CallerIDNum'), queue: field(event, 'Queue'), outcome: 'missed' };
    this.queueCallers.set(uniqueid, caller);
    return [{ type: 'call_started', payload: { uniqueid: caller.callId, from: caller.from, queue: caller.queue, at: this.stamp() } }];
  }

  /** Once answered, the call stays answered: a caller transferred into another queue who gives up there was served. */
  private settleQueueCaller(uniqueid: string, outcome: 'answered' | 'abandoned'): void {
    const caller = this.queueCallers.get(uniqueid);
    if (caller && caller.outcome !== 'answered') caller.outcome = outcome;
  }

  private queueCallerGone(uniqueid: string): DriverEvent[] {
    const caller = this.queueCallers.get(uniqueid);
    if (!caller) return [];
    this.queueCallers.delete(uniqueid);
    const { callId, from, queue, outcome } = caller;
    return [{ type: 'call_ended', payload: { uniqueid: callId, from, queue, outcome, at: this.stamp() } }];
  }

  private stamp(): string {
    return new Date(this.options.now()).toISOString();
  }

  private answered(channel: string): TelephonyEvent[] {
    const tracked = this.channels.get(channel);
    if (!tracked || tracked.answered) return [];
    tracked.answered = true;
    return tracked.ext ? [stateEvent(tracked, 'answered')] : [];
  }

  private callState(channel: string, state: 'held' | 'answered'): TelephonyEvent[] {
    const tracked = this.channels.get(channel);
    return tracked?.ext ? [stateEvent(tracked, state)] : [];
  }

  private hangup(channel: string): TelephonyEvent[] {
    const tracked = this.channels.get(channel);
    this.channels.delete(channel);
    this.queueOfChannel.delete(channel);
    this.routeOfChannel.delete(channel);
    if (!tracked) return [];
    for (const other of this.channels.values()) if (other.peer === channel) other.peer = null;
    return tracked.ext ? [stateEvent(tracked, 'hangup')] : [];
  }
}

function field(event: AmiMessage, key: string): string {
  const value = header(event, key) ?? '';
  // Asterisk writes missing caller IDs as `<unknown>`.
  return value === '<unknown>' ? '' : value;
}

/** A number the dialplan reported, '' when it is none (an unset variable expands to nothing). */
function digits(value: string): string {
  return /^[0-9]{1,20}$/.test(value) ? value : '';
}

function callIdOf(event: AmiMessage): string {
  return field(event, 'Linkedid') || field(event, 'Uniqueid');
}

function stateEvent(tracked: TrackedChannel, state: 'ringing' | 'answered' | 'held' | 'hangup'): TelephonyEvent {
  const ext = tracked.ext ?? '';
  return { type: 'call_state', extension: ext, payload: { uniqueid: tracked.callId, state, extension: ext, number: tracked.number } };
}
