// The PBX root: one per company. It spawns an actor per extension (`ext:<n>`), per queue or ring group
// (`group:<n>`) and per call (`call:<uniqueid>`), answers the calls' routing questions, hands waiting
// queue calls to agents as they come free, and is the one place events leave the simulator (`emit`
// of `telephony`), so their order is the order things happened. It also sees every call enter and
// leave a queue, so it tells the company when a queue call starts and ends (driver.ts): that is the
// only news of a caller who waits while no member is free and hangs up.

import { emit, enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { CallDestination, CallEndOutcome, DirectoryGroup, DriverEvent, TelephonyDirectory } from '../driver';
import { partyExt, partyNumber } from './call-parties';
import { callMachine } from './call.machine';
import { extensionMachine, isAvailableForGroups, statusOfExtension } from './extension.machine';
import { groupMachine } from './group.machine';
import type { PbxIdentifiers } from '../identifiers';
import type { CallOutcome, GroupEvent, GroupKind, PbxEvent } from './protocol';
import { decideRoute, type RoutingView } from './routing';

export interface PbxSettings {
  server: string;
  registrationTtlMs: number;
  ringTimeoutMs: number;
  farAnswerDelayMs: number;
  ids: PbxIdentifiers;
  /** The clock of the company-level call events' `at`. */
  now: () => number;
}

export type ExtensionRef = ActorRefFrom<typeof extensionMachine>;
export type GroupRef = ActorRefFrom<typeof groupMachine>;
export type CallRef = ActorRefFrom<typeof callMachine>;

export interface PbxContext {
  settings: PbxSettings;
  extensions: Record<string, ExtensionRef>;
  groups: Record<string, GroupRef>;
  calls: Record<string, CallRef>;
  /** Last status published per extension, so only changes go out. */
  published: Record<string, string>;
  /** Extensions the root has told a call to ring whose line has not started ringing yet (ext → call). */
  reserved: Record<string, string>;
  /** Calls whose caller has entered a queue (uniqueid → caller and first queue), until they end. */
  queueCalls: Record<string, { from: string; queue: string }>;
}

/**
 * A ring group gave up on a call, or a queue's caller waited its maximum wait: the driver follows the
 * no-answer (overflow) destination (it may need the routing).
 */
export interface RingGroupNoAnswer {
  type: 'ringGroupNoAnswer';
  uniqueid: string;
  from: string;
  ringGroup: string;
  destination: CallDestination;
  /** No-answer destinations this call has already followed. */
  redirects: number;
}

export type PbxEmitted = { type: 'telephony'; event: DriverEvent } | RingGroupNoAnswer;

const statusKey = (s: { exten_status: number; status: number }) => `${s.exten_status}/${s.status}`;

/** The routing view over the root's current children. */
export function routingView(context: PbxContext): RoutingView {
  return {
    extension: (n) => context.extensions[n]?.getSnapshot(),
    group: (n) => context.groups[n]?.getSnapshot().context,
    isReserved: (ext) => ext in context.reserved,
    newChannel: (ext) => context.settings.ids.channel(ext),
    now: () => context.settings.now(),
  };
}

const withoutCall = (reserved: Record<string, string>, uniqueid: string) =>
  Object.fromEntries(Object.entries(reserved).filter(([, callId]) => callId !== uniqueid));

const pbxSetup = setup({
  types: {} as { input: PbxSettings; context: PbxContext; events: PbxEvent; emitted: PbxEmitted },
  actors: { extension: extensionMachine, group: groupMachine, call: callMachine },
});

export const pbxMachine = pbxSetup.createMachine({
  id: 'pbx',
  context: ({ input }) => ({ settings: input, extensions: {}, groups: {}, calls: {}, published: {}, reserved: {}, queueCalls: {} }),
  on: {
    'pbx.configure': { actions: enqueueActions(({ context, event, enqueue, self }) => {
      const { extensions: wanted } = event.directory;
      const numbers = new Set(wanted.map((e) => e.number));
      for (const [number, ref] of Object.entries(context.extensions)) {
        if (!numbers.has(number)) enqueue.stopChild(ref);
      }
      for (const entry of wanted) {
        const ref = context.extensions[entry.number];
        if (ref && ref.getSnapshot().context.name !== entry.name) enqueue.sendTo(ref, { type: 'ext.rename', name: entry.name });
      }
      const groups = groupsOf(event.directory);
      for (const [number, ref] of Object.entries(context.groups)) {
        const next = groups.get(number);
        if (!next || next.kind !== ref.getSnapshot().context.kind) enqueue.stopChild(ref);
        else enqueue.sendTo(ref, { type: 'group.configure', config: next.config });
      }
      enqueue.assign(({ spawn }) => {
        const extensions: PbxContext['extensions'] = {};
        const published: PbxContext['published'] = {};
        for (const entry of wanted) {
          extensions[entry.number] =
            context.extensions[entry.number] ??
            spawn('extension', {
              id: `ext:${entry.number}`,
              systemId: `ext:${entry.number}`,
              input: { number: entry.number, name: entry.name, registrationTtlMs: context.settings.registrationTtlMs },
            });
          published[entry.number] = context.published[entry.number] ?? statusKey({ exten_status: 0, status: 4 });
        }
        const kept: PbxContext['groups'] = {};
        for (const [number, { kind, config }] of groups) {
          const existing = context.groups[number];
          kept[number] =
            existing && existing.getSnapshot().context.kind === kind
              ? existing
              : spawn('group', { id: `group:${number}`, systemId: `group:${number}`, input: { kind, config } });
        }
        return { extensions, published, groups: kept };
      });
      // New members may be free for calls already waiting; look once the groups have been updated.
      enqueue.sendTo(self, { type: 'pbx.dispatch' });
    }) },

    'pbx.placeCall': { actions: enqueueActions(({ context, event, enqueue, system }) => {
      const id = `call:${event.call.uniqueid}`;
      // A repeated uniqueid would register a second `call:<id>` and kill this root; ignore it here.
      if (context.calls[event.call.uniqueid] || system.get(id) !== undefined) return;
      const { server, ringTimeoutMs, farAnswerDelayMs, ids } = context.settings;
      enqueue.assign({
        calls: ({ spawn }) => ({
          ...context.calls,
          [event.call.uniqueid]: spawn('call', { id, systemId: id, input: { ...event.call, server, ringTimeoutMs, farAnswerDelayMs, ids } }),
        }),
      });
    }) },

    'call.route': { actions: enqueueActions(({ context, event, enqueue }) => {
      const reserved = withoutCall(context.reserved, event.uniqueid);
      const { decision, groupEvents } = decideRoute(routingView({ ...context, reserved }), event);
      for (const { group, event: groupEvent } of groupEvents) {
        const ref = context.groups[group];
        if (ref) enqueue.sendTo(ref, groupEvent);
      }
      if (decision.type === 'route.ring') {
        for (const target of decision.targets) reserved[target.ext] = event.uniqueid;
      }
      enqueue.assign({ reserved });
      const call = context.calls[event.uniqueid];
      const queue = call && !(event.uniqueid in context.queueCalls) ? queueJoined(context, groupEvents) : null;
      if (call && queue) {
        // Before the call acts on the decision, so the call log hears of the call before any ringing.
        const entered = { from: partyNumber(call.getSnapshot().context.caller), queue };
        enqueue.assign({ queueCalls: { ...context.queueCalls, [event.uniqueid]: entered } });
        enqueue.emit({
          type: 'telephony',
          event: { type: 'call_started', payload: { uniqueid: event.uniqueid, ...entered, at: stamp(context) } },
        });
        // The queue's maximum wait counts from here; a caller answered by then is left alone.
        const maxWaitMs = context.groups[queue]?.getSnapshot().context.maxWaitMs;
        if (maxWaitMs) enqueue.raise({ type: 'pbx.queueTimeout', uniqueid: event.uniqueid, queue }, { delay: maxWaitMs });
      }
      if (call) enqueue.sendTo(call, decision);
      if (call && decision.type === 'route.noAnswer') {
        const { caller, redirects } = call.getSnapshot().context;
        const { ringGroup, destination } = decision;
        enqueue.emit({ type: 'ringGroupNoAnswer', uniqueid: event.uniqueid, from: partyNumber(caller), ringGroup, destination, redirects });
      }
    }) },

    'call.answered': { actions: enqueueActions(({ context, event, enqueue }) => {
      const group = context.groups[event.ringGroup];
      if (group) enqueue.sendTo(group, { type: 'group.leave', callId: event.uniqueid, outcome: 'answered' });
      if (group && event.ext && group.getSnapshot().context.kind === 'queue') {
        enqueue.sendTo(group, { type: 'group.answered', callId: event.uniqueid, ext: event.ext });
      }
    }) },

    'call.ended': { actions: enqueueActions(({ context, event, enqueue }) => {
      for (const group of Object.values(context.groups)) {
        const { calls, connected, wrapupMs } = group.getSnapshot().context;
        if (calls.includes(event.uniqueid)) {
          enqueue.sendTo(group, { type: 'group.leave', callId: event.uniqueid, outcome: event.outcome });
        }
        if (event.uniqueid in connected) {
          // The member's wrap-up starts now; once it is over, they may take the callers still waiting.
          enqueue.sendTo(group, { type: 'group.callDone', callId: event.uniqueid, at: context.settings.now() });
          if (wrapupMs > 0) enqueue.raise({ type: 'pbx.dispatch' }, { delay: wrapupMs });
        }
      }
      const call = context.calls[event.uniqueid];
      const queued = context.queueCalls[event.uniqueid];
      if (queued) {
        const answered = call?.getSnapshot().context.everAnswered ?? false;
        enqueue.emit({
          type: 'telephony',
          event: { type: 'call_ended', payload: { uniqueid: event.uniqueid, ...queued, outcome: endOutcome(event.outcome, answered), at: stamp(context) } },
        });
      }
      if (call) enqueue.stopChild(call);
      const { [event.uniqueid]: _ended, ...calls } = context.calls;
      const { [event.uniqueid]: _left, ...queueCalls } = context.queueCalls;
      enqueue.assign({ calls, queueCalls, reserved: withoutCall(context.reserved, event.uniqueid) });
    }) },

    'ext.changed': { actions: enqueueActions(({ context, event, enqueue, self }) => {
      const ref = context.extensions[event.number];
      if (!ref) return;
      const snapshot = ref.getSnapshot();
      const state = statusOfExtension(snapshot);
      const key = statusKey(state);
      if (context.published[event.number] !== key) {
        enqueue.assign({ published: { ...context.published, [event.number]: key } });
        enqueue.emit({
          type: 'telephony',
          event: { type: 'extension_status', extension: event.number, payload: { extension: event.number, ...state } },
        });
      }
      if (snapshot.context.callId !== null && event.number in context.reserved) {
        const { [event.number]: _done, ...reserved } = context.reserved;
        enqueue.assign({ reserved });
      }
      if (isAvailableForGroups(snapshot)) enqueue.sendTo(self, { type: 'pbx.dispatch' });
    }) },

    'pbx.dispatch': { actions: enqueueActions(({ context, enqueue }) => {
      const reserved = { ...context.reserved };
      const view = routingView({ ...context, reserved });
      for (const group of Object.values(context.groups)) {
        const { kind, calls } = group.getSnapshot().context;
        if (kind !== 'queue') continue;
        for (const uniqueid of calls) {
          const call = context.calls[uniqueid];
          const snapshot = call?.getSnapshot();
          if (!call || !snapshot || snapshot.value !== 'queued') continue;
          const { destination, caller } = snapshot.context;
          const callerExt = partyExt(caller);
          // `tried`: a linear queue goes on down its list for this caller.
          const { decision, groupEvents } = decideRoute(view, { uniqueid, destination, attempt: 'first', tried: snapshot.context.tried, callerExt });
          if (decision.type !== 'route.ring') break; // nobody free for this queue: later callers wait too
          for (const target of decision.targets) reserved[target.ext] = uniqueid;
          for (const { event: groupEvent } of groupEvents) enqueue.sendTo(group, groupEvent);
          enqueue.sendTo(call, decision);
        }
      }
      enqueue.assign({ reserved });
    }) },

    'pbx.queueTimeout': { actions: enqueueActions(({ context, event, enqueue }) => {
      const { uniqueid, queue } = event;
      const call = context.calls[uniqueid];
      const queued = context.queueCalls[uniqueid];
      const group = context.groups[queue];
      if (!call || !group || queued?.queue !== queue) return;
      const snapshot = call.getSnapshot();
      const waiting = snapshot.value === 'queued' || (snapshot.value === 'ringing' && snapshot.context.ringGroup === queue);
      if (!waiting || snapshot.context.everAnswered) return;
      // The queue gives up (Asterisk's EXITWITHTIMEOUT): the company hears the caller left it missed,
      // and the call follows the overflow as a ring group follows its no-answer destination.
      const { [uniqueid]: _left, ...queueCalls } = context.queueCalls;
      enqueue.sendTo(group, { type: 'group.leave', callId: uniqueid, outcome: 'missed' });
      enqueue.assign({ queueCalls, reserved: withoutCall(context.reserved, uniqueid) });
      enqueue.emit({ type: 'telephony', event: { type: 'call_ended', payload: { uniqueid, ...queued, outcome: 'missed', at: stamp(context) } } });
      enqueue.sendTo(call, { type: 'queue.timeout', queue });
      const destination = group.getSnapshot().context.noAnswer ?? { type: 'hangup', target: null };
      enqueue.emit({ type: 'ringGroupNoAnswer', uniqueid, from: queued.from, ringGroup: queue, destination, redirects: snapshot.context.redirects });
    }) },

    publish: { actions: emit(({ event }) => ({ type: 'telephony' as const, event: event.event })) },
  },
});

/** The queue a routing decision puts the call in, if any (ring groups do not hold callers). */
function queueJoined(context: PbxContext, groupEvents: { group: string; event: GroupEvent }[]): string | null {
  const joined = groupEvents.find(({ group, event }) => event.type === 'group.join' && context.groups[group]?.getSnapshot().context.kind === 'queue');
  return joined?.group ?? null;
}

/**
 * A call leaves this PBX by transfer (`transferred`) only once an agent has answered it, or when the
 * queue it rang was removed from the directory meanwhile; the company hears answered or missed.
 */
function endOutcome(outcome: CallOutcome, answered: boolean): CallEndOutcome {
  if (answered) return 'answered';
  return outcome === 'abandoned' ? 'abandoned' : 'missed';
}

const stamp = (context: PbxContext) => new Date(context.settings.now()).toISOString();

function groupsOf(directory: TelephonyDirectory): Map<string, { kind: GroupKind; config: DirectoryGroup }> {
  const groups = new Map<string, { kind: GroupKind; config: DirectoryGroup }>();
  for (const config of directory.queues ?? []) groups.set(config.number, { kind: 'queue', config });
  for (const config of directory.ringGroups ?? []) groups.set(config.number, { kind: 'ringGroup', config });
  return groups;
}

export type PbxSnapshot = SnapshotFrom<typeof pbxMachine>;
export type PbxActor = ActorRefFrom<typeof pbxMachine>;
