import { fromCallback, type ActorRef, type Snapshot } from 'xstate';
import { toCode } from '../../api/cti/status-codes';
import type { RealtimeConnection } from '../../api/realtime/socket';
import type {
  CallStatePayload,
  ClientToServerEventName,
  ExtensionRoomPayload,
  ExtensionStatusPayload,
  InboundCallPayload,
  LiveCallsPayload,
} from '../../api/realtime/socket-events';
import { CALL_STATES } from '../../api/realtime/socket-events';

/**
 * Events the socket actor sends to its parent. Server events keep their wire names under `socket.`.
 * Payloads are normalised here (codes as numbers, ids as strings), once, so no machine re-parses them.
 */
export type SocketEvent =
  | { type: 'socket.connected' }
  | { type: 'socket.disconnected'; reason: string }
  | { type: 'socket.inbound_call'; payload: InboundCallPayload }
  | { type: 'socket.call_state'; payload: CallStatePayload }
  | { type: 'socket.extension_status'; payload: ExtensionStatusPayload }
  | { type: 'socket.live_calls'; payload: LiveCallsPayload }
  /** The extension's call forwarding changed elsewhere (transfers screen, CTI API, schedule): check it again. */
  | { type: 'socket.forwarding_changed'; extension: string };

/** The one command the socket actor accepts: emit a client → server event. */
export interface SocketCommand {
  type: 'socket.emit';
  name: ClientToServerEventName;
  payload: ExtensionRoomPayload;
}

/** Anything that accepts socket commands: the socket actor, or a fake in tests. */
export type SocketCommandTarget = ActorRef<Snapshot<unknown>, SocketCommand>;

export function socketEmit(name: ClientToServerEventName, extensionNumber: string): SocketCommand {
  return { type: 'socket.emit', name, payload: { extensionNumber } };
}

/**
 * The socket as an actor (xstate.md §3.2). The factory is injected so the app passes `connectSocket` and
 * tests pass a fake; the connection lives exactly as long as the actor, and cleanup is idempotent because
 * React StrictMode and leader hand-overs may stop and restart it.
 */
export function createSocketLogic(connect: () => RealtimeConnection) {
  return fromCallback<SocketCommand>(({ sendBack, receive }) => {
    const socket = connect();
    const send = (event: SocketEvent) => sendBack(event);
    socket.on('connect', () => send({ type: 'socket.connected' }));
    socket.on('disconnect', (reason) => send({ type: 'socket.disconnected', reason }));
    socket.on('inbound_call', (payload) => send({ type: 'socket.inbound_call', payload: normaliseInbound(payload) }));
    socket.on('call_state', (payload) => {
      const normalised = normaliseCallState(payload);
      if (normalised) send({ type: 'socket.call_state', payload: normalised });
    });
    socket.on('extension_status', (payload) =>
      send({ type: 'socket.extension_status', payload: normaliseExtensionStatus(payload) }),
    );
    socket.on('live_calls', (payload) =>
      send({
        type: 'socket.live_calls',
        payload: {
          extension: text(payload?.extension),
          uniqueids: Array.isArray(payload?.uniqueids) ? payload.uniqueids.map(text) : [],
          age_ms: normaliseAges(payload?.age_ms),
        },
      }),
    );
    socket.on('forwarding_changed', (payload) => send({ type: 'socket.forwarding_changed', extension: text(payload?.extension) }));
    // The socket may already be open (a shared or fake connection); say so instead of waiting for 'connect'.
    if (socket.connected) send({ type: 'socket.connected' });

    receive((command) => {
      // socket.io would buffer emits while offline and replay stale registrations later; the registration
      // machine re-registers on reconnect instead.
      if (socket.connected) socket.emit(command.name, command.payload);
    });

    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      socket.removeAllListeners();
      socket.disconnect();
    };
  });
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function normaliseInbound(payload: InboundCallPayload): InboundCallPayload {
  return {
    phone_no: text(payload.phone_no),
    ext_no: text(payload.ext_no),
    ring_gr: text(payload.ring_gr),
    uniqueid: text(payload.uniqueid),
    chanel: text(payload.chanel),
    ivr_number: text(payload.ivr_number),
    recordingfile: text(payload.recordingfile),
    server: text(payload.server),
  };
}

/** Unknown states are dropped: a newer server must not push a call into a state the client cannot show. */
export function normaliseCallState(payload: CallStatePayload): CallStatePayload | null {
  if (!(CALL_STATES as readonly string[]).includes(payload.state)) return null;
  return {
    uniqueid: text(payload.uniqueid),
    state: payload.state,
    extension: text(payload.extension),
    number: text(payload.number),
  };
}

export function normaliseExtensionStatus(payload: ExtensionStatusPayload): ExtensionStatusPayload {
  return { extension: text(payload.extension), exten_status: toCode(payload.exten_status), status: toCode(payload.status) };
}

/** `live_calls`' ages: numbers of milliseconds, non-negative; anything else is left out (an older server sends none). */
export function normaliseAges(value: unknown): Record<string, number> {
  if (typeof value !== 'object' || value === null) return {};
  const ages: Record<string, number> = {};
  for (const [uniqueid, age] of Object.entries(value)) {
    if (typeof age === 'number' && Number.isFinite(age) && age >= 0) ages[uniqueid] = age;
  }
  return ages;
}
