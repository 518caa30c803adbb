import type { QueueLogEvent } from '../../../../src/api/queues/queue-log';
import type { DriverEvent } from '../../telephony/driver';

interface QueueCall {
  queue: string;
  entered: number;
  agent: string;
  connected: number | null;
}

const seconds = (ms: number) => Math.max(0, Math.round(ms / 100) / 10);

/**
 * Turns one company's PBX events into queue-log rows (docs/queues.md "The queue log"), whatever the
 * driver: a caller entering a queue (`call_started`), an agent answering it (`call_state` answered on a
 * call that is waiting), the call ending (`call_ended`: abandoned, given up, or complete), an agent's
 * hang-up or transfer, and every change of an extension's status. It remembers the queue calls in
 * progress and each extension's last status, so a repeated status writes nothing.
 */
export class QueueLogDeriver {
  private readonly calls = new Map<string, QueueCall>();
  private readonly statuses = new Map<string, string>();

  derive(event: DriverEvent, now: number): QueueLogEvent[] {
    switch (event.type) {
      case 'call_started': {
        const { uniqueid, queue, from } = event.payload;
        const at = Date.parse(event.payload.at) || now;
        if (this.calls.has(uniqueid)) return [];
        this.calls.set(uniqueid, { queue, entered: at, agent: '', connected: null });
        return [{ at, event: 'ENTERQUEUE', uniqueid, queue, agent: '', data: { caller: from } }];
      }
      case 'call_state':
        return this.onCallState(event.payload.uniqueid, event.payload.state, event.payload.extension, event.payload.number, now);
      case 'call_ended': {
        const { uniqueid, outcome } = event.payload;
        const call = this.calls.get(uniqueid);
        if (!call) return [];
        this.calls.delete(uniqueid);
        const at = Date.parse(event.payload.at) || now;
        const wait = seconds((call.connected ?? at) - call.entered);
        if (call.connected !== null) return [this.completion(uniqueid, call, at, 'caller')];
        if (outcome === 'missed') return [{ at, event: 'EXITWITHTIMEOUT', uniqueid, queue: call.queue, agent: '', data: { wait_s: wait } }];
        // 'abandoned', or 'answered' by someone we never saw answer (counted as answered at the end).
        if (outcome === 'answered') return [{ at, event: 'CONNECT', uniqueid, queue: call.queue, agent: '', data: { wait_s: wait } }];
        return [{ at, event: 'ABANDON', uniqueid, queue: call.queue, agent: '', data: { wait_s: wait } }];
      }
      case 'extension_status': {
        const { extension, status, exten_status } = event.payload;
        const key = `${exten_status}:${status}`;
        if (this.statuses.get(extension) === key) return [];
        this.statuses.set(extension, key);
        return [{ at: now, event: 'AGENTSTATUS', uniqueid: '', queue: '', agent: extension, data: { status, exten_status } }];
      }
      default:
        return [];
    }
  }

  /** A reset asked for by someone (`queue/reset`, the CTI `queueReset`). */
  reset(queue: string, by: string, now: number): QueueLogEvent {
    return { at: now, event: 'QUEUERESET', uniqueid: '', queue, agent: '', data: { by } };
  }

  private onCallState(uniqueid: string, state: string, extension: string, number: string, now: number): QueueLogEvent[] {
    const call = this.calls.get(uniqueid);
    if (!call) return [];
    if (state === 'answered' && call.connected === null) {
      call.connected = now;
      call.agent = extension;
      return [{ at: now, event: 'CONNECT', uniqueid, queue: call.queue, agent: extension, data: { wait_s: seconds(now - call.entered) } }];
    }
    if (call.connected === null || extension !== call.agent) return [];
    if (state === 'transferred') {
      this.calls.delete(uniqueid);
      return [{ at: now, event: 'TRANSFER', uniqueid, queue: call.queue, agent: extension, data: { to: number, talk_s: seconds(now - call.connected), wait_s: seconds(call.connected - call.entered) } }];
    }
    if (state === 'hangup') {
      this.calls.delete(uniqueid);
      return [this.completion(uniqueid, call, now, 'agent')];
    }
    return [];
  }

  private completion(uniqueid: string, call: QueueCall, at: number, by: 'caller' | 'agent'): QueueLogEvent {
    const connected = call.connected ?? at;
    return { at, event: 'COMPLETE', uniqueid, queue: call.queue, agent: call.agent, data: { wait_s: seconds(connected - call.entered), talk_s: seconds(at - connected), by } };
  }
}
