import { and, assign, enqueueActions, fromCallback, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { toCtiError } from '../../api/cti/cti-error';
import { dialableNumber } from '../../api/cti/dialable-number';
import { agentStateMachine } from '../agent-state/agent-state.machine';
import { callMachine } from '../call/call.machine';
import { registrationMachine } from '../registration/registration.machine';
import {
  callActorId,
  externalCallInput,
  inboundCallInput,
  isRecentlyEnded,
  knownCallId,
  outboundCallInput,
  pendingOutboundFor,
  receivedNow,
  remember,
} from './phone.routing';
import { summarizePhone, type PhoneSummary } from './phone.selectors';
import { isCallOutput, type CallRef, type PhoneContext, type PhoneEvent, type PhoneInput } from './phone.types';
import type { SocketCommand } from './socket.logic';

/**
 * The telephony root, one per main window (and only in the leader tab). It owns the socket, the
 * registration and agent-state actors and one call actor per call (systemId `call:<callId>`), routes the
 * server's events to them, and publishes a plain-data summary for pop-ups and follower tabs.
 */

/** How long an ended call stays visible (the agent sees "ended" before the panel goes). */
export const ENDED_CALL_LINGER_MS = 3_000;

/** Publish after the transition's own changes: params are resolved in order, after earlier assigns. */
const PUBLISH = { type: 'publish', params: ({ context }: { context: PhoneContext }) => summarizePhone(context) } as const;

const REPORT_CHILD_ERROR = {
  type: 'reportChildError',
  params: ({ event }: { event: PhoneEvent }) => ('error' in event ? event.error : undefined),
} as const;

function notProvided<TOutput, TInput>(name: string): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} is not provided`);
  });
}

export const phoneMachine = setup({
  types: {} as { input: PhoneInput; context: PhoneContext; events: PhoneEvent },
  actors: {
    /** `createSocketLogic(() => connectSocket(...))`; the default never connects. */
    socket: fromCallback<SocketCommand>(() => undefined),
    registration: registrationMachine,
    agentState: agentStateMachine,
    call: callMachine,
    listen: notProvided<unknown, { target: string }>('listen'),
    whisper: notProvided<unknown, { target: string }>('whisper'),
  },
  guards: {
    /** From the user's role and permissions (manager, or cti_listen / cti_whisper); off by default. */
    canListen: () => false,
    canWhisper: () => false,
    hasTarget: ({ event }) => (event.type === 'LISTEN' || event.type === 'WHISPER') && event.target.trim() !== '',
    hasNumber: ({ event }) => event.type === 'DIAL' && dialableNumber(event.number) !== null,
    isKnownCall: ({ context, event }) =>
      (event.type === 'socket.inbound_call' || event.type === 'socket.call_state') &&
      knownCallId(context, event.payload.uniqueid) !== null,
    isRecentlyEnded: ({ context, event }) =>
      (event.type === 'socket.inbound_call' || event.type === 'socket.call_state') &&
      isRecentlyEnded(context, event.payload.uniqueid),
    /** The first call_state of an app-dialed call may come before the dial answer that names it. */
    isForPendingDial: ({ context, event }) =>
      event.type === 'socket.call_state' &&
      ['ringing', 'answered', 'held'].includes(event.payload.state) &&
      pendingOutboundFor(context, event.payload) !== null,
    /** Mid-call states of a call we never saw start; ringing alone waits for inbound_call (it has the pop-up fields). */
    isMidCall: ({ event }) =>
      event.type === 'socket.call_state' && (event.payload.state === 'answered' || event.payload.state === 'held'),
  },
  actions: {
    /** Provided by the app: post the summary to pop-ups and follower tabs (the window bridge). */
    publish: (_, _summary: PhoneSummary) => undefined,
    /** Provided by the app: log a child that failed unexpectedly (a bug, not a CTI error). */
    reportChildError: (_, _error: unknown) => undefined,
    startSupervision: assign(({ event }) =>
      event.type === 'LISTEN' || event.type === 'WHISPER'
        ? { supervision: { mode: event.type === 'LISTEN' ? 'listen' : 'whisper', target: event.target.trim() }, error: null }
        : {},
    ),
    supervisionFailed: assign(({ event }, params: { command: 'listen' | 'whisper' }) => ({
      error: { command: params.command, ...toCtiError('error' in event ? event.error : undefined) },
    })),
    forwardToRegistration: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'socket.connected' || event.type === 'socket.disconnected' || event.type === 'socket.extension_status') {
        enqueue.sendTo(context.registration, event);
      }
      if (event.type === 'RETRY_REGISTRATION') enqueue.sendTo(context.registration, { type: 'RETRY' });
    }),
    forwardToAgentState: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'socket.extension_status') enqueue.sendTo(context.agentState, event);
      // The transfers record changed elsewhere: the CTI bar asks checkTransfer again (docs/telephony.md "Call forwarding").
      if (event.type === 'socket.forwarding_changed') enqueue.sendTo(context.agentState, { type: 'FORWARD_CHECK' });
      if (event.type === 'AGENT_COMMAND') enqueue.sendTo(context.agentState, event.command);
    }),
    forwardToCall: enqueueActions(({ context, event, enqueue }) => {
      if (event.type === 'CALL_COMMAND') {
        const ref = context.calls[event.callId];
        if (ref) enqueue.sendTo(ref, event.command);
        return;
      }
      if (event.type !== 'socket.inbound_call' && event.type !== 'socket.call_state') return;
      const callId = knownCallId(context, event.payload.uniqueid);
      const ref = callId ? context.calls[callId] : undefined;
      if (ref) enqueue.sendTo(ref, event);
    }),
    spawnInboundCall: assign(({ context, event, spawn }) => {
      if (event.type !== 'socket.inbound_call') return {};
      const input = inboundCallInput(event.payload, context, receivedNow(context, event.payload.uniqueid));
      const ref: CallRef = spawn('call', { id: callActorId(input.callId), systemId: callActorId(input.callId), input, syncSnapshot: true });
      return { calls: { ...context.calls, [input.callId]: ref } };
    }),
    spawnExternalCall: assign(({ context, event, spawn }) => {
      if (event.type !== 'socket.call_state') return {};
      const input = externalCallInput(event.payload, context, receivedNow(context, event.payload.uniqueid));
      const ref: CallRef = spawn('call', { id: callActorId(input.callId), systemId: callActorId(input.callId), input, syncSnapshot: true });
      return { calls: { ...context.calls, [input.callId]: ref } };
    }),
    spawnOutboundCall: assign(({ context, event, spawn }) => {
      if (event.type !== 'DIAL') return {};
      const callId = `out-${context.outboundCounter + 1}`;
      const input = outboundCallInput(callId, dialableNumber(event.number) ?? '', event.method ?? 'dial', context, Date.now());
      const ref: CallRef = spawn('call', { id: callActorId(callId), systemId: callActorId(callId), input, syncSnapshot: true });
      return {
        calls: { ...context.calls, [callId]: ref },
        pendingOutbound: [...context.pendingOutbound, callId],
        outboundCounter: context.outboundCounter + 1,
      };
    }),
    adoptPendingDial: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.call_state') return;
      const callId = pendingOutboundFor(context, event.payload);
      const ref = callId ? context.calls[callId] : undefined;
      if (!callId || !ref) return;
      enqueue.assign({
        aliases: { ...context.aliases, [event.payload.uniqueid]: callId },
        pendingOutbound: context.pendingOutbound.filter((id) => id !== callId),
      });
      enqueue.sendTo(ref, { type: 'call.identified', uniqueid: event.payload.uniqueid });
    }),
    /**
     * After a (re)join the server lists the calls the extension is on (`live_calls`), then replays their
     * events. A call this phone remembers from before the connection and the PBX no longer has ended
     * while the phone was offline, its hang-up unheard: it ends as hung up. Dials still waiting for their
     * uniqueid, and calls that began on this connection, are not judged by it.
     */
    endCallsTheServerNoLongerHas: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'socket.live_calls' || event.payload.extension !== context.extension) return;
      const live = new Set(event.payload.uniqueids.map((uniqueid) => knownCallId(context, uniqueid)));
      for (const [callId, ref] of Object.entries(context.calls)) {
        const snapshot = ref.getSnapshot();
        const call = snapshot.context;
        if (snapshot.status !== 'active' || call.uniqueid === null || live.has(callId)) continue;
        if (context.connectedAt !== null && call.receivedAt >= context.connectedAt) continue;
        enqueue.sendTo(ref, { type: 'socket.call_state', payload: { uniqueid: call.uniqueid, state: 'hangup', extension: context.extension, number: call.number } });
      }
    }),
    rememberLiveSince: assign(({ event }) => {
      if (event.type !== 'socket.live_calls') return {};
      const now = Date.now();
      return { liveSince: Object.fromEntries(Object.entries(event.payload.age_ms).map(([uniqueid, age]) => [uniqueid, now - age])) };
    }),
    /** A call reached its final state: forget it for routing now, remove the actor after the linger. */
    scheduleRemoval: enqueueActions(({ context, event, enqueue }) => {
      if (!('output' in event) || !isCallOutput(event.output)) return;
      const { callId } = event.output;
      const uniqueid = context.calls[callId]?.getSnapshot().context.uniqueid;
      enqueue.assign({
        recentlyEnded: remember(context.recentlyEnded, callId, uniqueid),
        pendingOutbound: context.pendingOutbound.filter((id) => id !== callId),
      });
      enqueue.raise({ type: 'call.remove', callId }, { delay: 'endedCallLinger' });
    }),
    removeCall: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'call.remove' || !context.calls[event.callId]) return;
      enqueue.stopChild(callActorId(event.callId)); // frees the systemId (xstate #4453)
      const { [event.callId]: _removed, ...calls } = context.calls;
      const aliases = Object.fromEntries(Object.entries(context.aliases).filter(([, id]) => id !== event.callId));
      enqueue.assign({ calls, aliases });
    }),
    /** A call actor that crashed (a bug) is dropped instead of taking the whole phone down with it. */
    dropFailedChild: enqueueActions(({ context, event, enqueue }) => {
      if (!('error' in event)) return;
      const callId = event.type.replace('xstate.error.actor.call:', '');
      if (callId !== event.type && context.calls[callId]) {
        enqueue.assign({ recentlyEnded: remember(context.recentlyEnded, callId) });
        enqueue.raise({ type: 'call.remove', callId });
      }
    }),
  },
  delays: { endedCallLinger: ENDED_CALL_LINGER_MS },
}).createMachine({
  id: 'phone',
  context: ({ input, spawn }) => {
    // Spawned here (not invoked) so their refs are typed in context and can be handed to each other.
    const socket = spawn('socket', { id: 'socket', systemId: 'socket' });
    const agentState = spawn('agentState', {
      id: 'agentState',
      systemId: 'agentState',
      input: { extension: input.extension },
      syncSnapshot: true,
    });
    const registration = spawn('registration', {
      id: 'registration',
      systemId: 'registration',
      input: { extension: input.extension, socket, agentState },
      syncSnapshot: true,
    });
    return {
      extension: input.extension,
      popupMode: input.popupMode,
      socket,
      registration,
      agentState,
      calls: {},
      aliases: {},
      pendingOutbound: [],
      recentlyEnded: [],
      outboundCounter: 0,
      connectedAt: null,
      liveSince: {},
      supervision: null,
      error: null,
    };
  },
  on: {
    'socket.connected': { actions: [assign({ connectedAt: () => Date.now() }), 'forwardToRegistration'] },
    'socket.live_calls': { actions: ['rememberLiveSince', 'endCallsTheServerNoLongerHas'] },
    'socket.disconnected': { actions: 'forwardToRegistration' },
    'socket.extension_status': { actions: ['forwardToRegistration', 'forwardToAgentState'] },
    'socket.forwarding_changed': { actions: 'forwardToAgentState' },
    // A repeated uniqueid goes to the existing actor: spawning `call:<id>` twice would put the root in error.
    'socket.inbound_call': [
      { guard: 'isKnownCall', actions: 'forwardToCall' },
      { guard: 'isRecentlyEnded' },
      { actions: ['spawnInboundCall', PUBLISH] },
    ],
    'socket.call_state': [
      { guard: 'isKnownCall', actions: 'forwardToCall' },
      { guard: 'isRecentlyEnded' },
      { guard: 'isForPendingDial', actions: ['adoptPendingDial', 'forwardToCall'] },
      { guard: 'isMidCall', actions: ['spawnExternalCall', PUBLISH] },
    ],
    DIAL: { guard: 'hasNumber', actions: ['spawnOutboundCall', PUBLISH] },
    CALL_COMMAND: { actions: 'forwardToCall' },
    AGENT_COMMAND: { actions: 'forwardToAgentState' },
    RETRY_REGISTRATION: { actions: 'forwardToRegistration' },
    DISMISS_ERROR: { actions: [assign({ error: null }), PUBLISH] },
    REFRESH_SUMMARY: { actions: PUBLISH },
    // A call's final snapshot comes as done, not as a snapshot event: publish it, so windows show "ended".
    'xstate.done.actor.*': { actions: ['scheduleRemoval', PUBLISH] },
    'xstate.error.actor.*': { actions: [REPORT_CHILD_ERROR, 'dropFailedChild', PUBLISH] },
    'xstate.snapshot.*': { actions: PUBLISH },
    'call.remove': { actions: ['removeCall', PUBLISH] },
  },
  type: 'parallel',
  states: {
    supervision: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            LISTEN: { guard: and(['canListen', 'hasTarget']), target: 'listening', actions: ['startSupervision', PUBLISH] },
            WHISPER: { guard: and(['canWhisper', 'hasTarget']), target: 'whispering', actions: ['startSupervision', PUBLISH] },
          },
        },
        listening: {
          invoke: {
            src: 'listen',
            input: ({ context }) => ({ target: context.supervision?.target ?? '' }),
            onDone: { target: 'idle', actions: PUBLISH },
            onError: { target: 'idle', actions: [{ type: 'supervisionFailed', params: { command: 'listen' } }, PUBLISH] },
          },
        },
        whispering: {
          invoke: {
            src: 'whisper',
            input: ({ context }) => ({ target: context.supervision?.target ?? '' }),
            onDone: { target: 'idle', actions: PUBLISH },
            onError: { target: 'idle', actions: [{ type: 'supervisionFailed', params: { command: 'whisper' } }, PUBLISH] },
          },
        },
      },
    },
  },
});
