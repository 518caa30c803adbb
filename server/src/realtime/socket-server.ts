import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { z } from 'zod';
import type { Language } from '../../../src/api/contracts/session.contract';
import type { ExtensionStatusPayload, ServerToClientEvents } from '../../../src/api/realtime/socket-events';
import { HttpError } from '../lib/errors';
import { languageFromHeader, translate } from '../lib/i18n';
import type { RequestAuth } from '../plugins/auth';
import { actingExtension, companyOfCaller } from '../services/telephony/extension-access';
import type { TelephonyHub } from '../services/telephony/telephony-hub';
import { telephonyHttpError } from '../services/telephony/telephony-http-errors';
import { isTelephonyError } from '../telephony/errors';
import { ANNOUNCEMENT_NAMESPACE } from '../../../src/api/realtime/socket-events';
import { announcementRoomsOf } from './announcement-rooms';
import { createOriginPolicy } from './origin-policy';
import type { RedisConnections } from './redis-connections';
import { handleAutoCallCommands } from './auto-call-room';
import { handleQueueBoardCommands } from './queue-board-room';
import { extensionRoom, familyRoom, userRoom } from './rooms';
import { authenticateSocketToken, reloadSocketAuth } from './socket-auth';

/** What a room command acknowledges, when the client passes an ack callback (the app's client does not). */
type RoomAck = ExtensionStatusPayload | { result: 'success' } | { error: true; message: string };
type Ack = (answer: RoomAck) => void;

/** Client → server events of CONTRACT §8; payloads are untrusted and parsed below. */
interface ClientToServer {
  register: (payload: unknown, ack?: Ack) => void;
  join_extension_room: (payload: unknown, ack?: Ack) => void;
  leave_extension_room: (payload: unknown, ack?: Ack) => void;
  /** The company's queue board room (queue-board-room.ts). */
  join_queue_board: (payload: unknown, ack?: (answer: unknown) => void) => void;
  leave_queue_board: (payload: unknown, ack?: (answer: unknown) => void) => void;
  /** The company's auto-call room (auto-call-room.ts). */
  join_auto_call: (payload: unknown, ack?: (answer: unknown) => void) => void;
  leave_auto_call: (payload: unknown, ack?: (answer: unknown) => void) => void;
  /** The company's auto-call trace room, for the statechart inspector (auto-call-room.ts). */
  join_auto_call_trace: (payload: unknown, ack?: (answer: unknown) => void) => void;
  leave_auto_call_trace: (payload: unknown, ack?: (answer: unknown) => void) => void;
}

interface SocketData {
  auth: RequestAuth;
  language: Language;
}

export type RealtimeServer = Server<ClientToServer, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServer, ServerToClientEvents, Record<string, never>, SocketData>;
type RoomCommand = 'register' | 'join_extension_room' | 'leave_extension_room';

const roomPayloadSchema = z.object({
  extensionNumber: z
    .union([z.string(), z.number()])
    .transform(String)
    .pipe(z.string().regex(/^[0-9]{2,10}$/)),
});

/**
 * socket.io on the app server's default path (CONTRACT §8): Origin checked at the handshake, the same
 * token as the API, rooms per company and extension, and the PBX's events emitted into those rooms. With
 * Redis the emits go through the adapter, so a socket connected to any process gets them.
 */
/** The rooms every socket of a session joins: its user's and login's (so an ended session closes it) and its company's announcements. */
const sessionRooms = (socket: RealtimeSocket) => [userRoom(socket.data.auth.userId), familyRoom(socket.data.auth.familyId), ...announcementRoomsOf(socket.data.auth)];

export function createSocketServer(app: FastifyInstance, hub: TelephonyHub, redis: RedisConnections | null): RealtimeServer {
  const isAllowedOrigin = createOriginPolicy(app.config);
  const io: RealtimeServer = new Server(app.server, {
    serveClient: false,
    // No `cors` option on purpose: the app's pages are same-origin; other sites get no CORS headers.
    allowRequest: (request, callback) => callback(null, isAllowedOrigin(request)),
    ...(redis ? { adapter: createAdapter(redis.pub, redis.sub, { key: `${app.config.redisPrefix}:socket.io` }) } : {}),
  });

  const authenticate = (socket: RealtimeSocket, next: (error?: Error) => void) => {
    const language = languageFromHeader(socket.handshake.headers['accept-language']);
    const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
    authenticateSocketToken(app, token).then(
      (auth) => {
        if (!auth) return next(Object.assign(new Error(translate('errors.unauthenticated', language)), { data: { status: 401 } }));
        socket.data = { auth, language };
        next();
      },
      (error: unknown) => next(error instanceof Error ? error : new Error('authentication failed')),
    );
  };
  io.use(authenticate);

  // The built-in announcement node (announcement-rooms.ts): the same token, the company's announcement
  // rooms, and the user's and login's rooms so that an ended session closes it too.
  const announcements = io.of(ANNOUNCEMENT_NAMESPACE);
  announcements.use(authenticate);
  announcements.on('connection', (socket) => void socket.join(sessionRooms(socket)));

  io.on('connection', (socket) => {
    // The company's announcement rooms too (announcement-rooms.ts): new announcements reach every screen.
    void socket.join(sessionRooms(socket));
    for (const command of ['register', 'join_extension_room', 'leave_extension_room'] as const) {
      socket.on(command, (payload, ack) => void handleRoomCommand(socket, command, payload, typeof ack === 'function' ? ack : undefined));
    }
    handleQueueBoardCommands(app, socket);
    handleAutoCallCommands(app, socket);
  });

  async function handleRoomCommand(socket: RealtimeSocket, command: RoomCommand, payload: unknown, ack: Ack | undefined) {
    const { language } = socket.data;
    try {
      const auth = await reloadSocketAuth(app.db, socket.data.auth);
      if (!auth) {
        socket.disconnect(true);
        return;
      }
      socket.data.auth = auth;
      const parsed = roomPayloadSchema.safeParse(payload);
      if (!parsed.success) throw new HttpError(422, 'errors.validation_failed');
      const requested = parsed.data.extensionNumber;
      if (command === 'leave_extension_room') {
        // Leaving needs no right: a socket that lost its rights must still be able to let go.
        await socket.leave(extensionRoom(companyOfCaller(auth), requested));
        ack?.({ result: 'success' });
        return;
      }
      const { companyId, extension } = await actingExtension(app.db, auth, requested);
      if (command === 'join_extension_room') {
        await socket.join(extensionRoom(companyId, extension));
        ack?.({ result: 'success' });
        await replayLiveCalls(socket, companyId, extension);
        return;
      }
      // The server, not a browser timer, decides when an extension is lost: the PBX keeps it registered
      // for REGISTRATION_TTL after each `register`. The answer goes to this socket at once, whether or
      // not the status changed (the PBX's own extension_status is sent to the room only on changes).
      const state = await hub.command(companyId, 'register', extension);
      const status: ExtensionStatusPayload = { extension, exten_status: state.exten_status, status: state.status };
      socket.emit('extension_status', status);
      ack?.(status);
    } catch (error) {
      ack?.({ error: true, message: messageOf(error, language) });
      if (!(error instanceof HttpError) && !isTelephonyError(error)) app.log.error({ err: error, command }, 'socket command failed');
    }
  }

  /**
   * A phone joining its room mid-call (a reloaded page, a reconnected socket) missed the events that
   * started its calls: this socket alone gets them again, and the phone rebuilds the calls from them as
   * it would have live. First `live_calls`, which calls those are and how long ago each began (a phone
   * that was offline ends the calls it remembers and the PBX does not; a rebuilt pop-up says when its
   * call came in); then the calls' events, which a phone that already knows a call takes as repeats.
   */
  async function replayLiveCalls(socket: RealtimeSocket, companyId: number, extension: string) {
    const events = await hub.liveCalls(companyId, extension);
    const ages = new Map(events.map((event) => [event.payload.uniqueid, event.ageMs]));
    socket.emit('live_calls', { extension, uniqueids: [...ages.keys()], age_ms: Object.fromEntries(ages) });
    for (const event of events) {
      if (event.type === 'inbound_call') socket.emit('inbound_call', event.payload);
      else socket.emit('call_state', event.payload);
    }
  }

  hub.subscribe((event) => {
    switch (event.type) {
      case 'inbound_call':
        io.to(extensionRoom(event.companyId, event.extension)).emit('inbound_call', event.payload);
        break;
      case 'call_state':
        io.to(extensionRoom(event.companyId, event.extension)).emit('call_state', event.payload);
        break;
      case 'extension_status':
        io.to(extensionRoom(event.companyId, event.extension)).emit('extension_status', event.payload);
        break;
      case 'call_started':
      case 'call_ended':
      case 'call_blocked':
      case 'call_placed':
      case 'call_routed':
        // Company-level events are the call log's (driver.ts), not CONTRACT §8's: no agent gets them.
        break;
    }
  });

  return io;
}

function messageOf(error: unknown, language: Language): string {
  if (isTelephonyError(error)) return translate(telephonyHttpError(error).messageId, language);
  if (error instanceof HttpError) return translate(error.messageId, language);
  return translate('errors.server_error', language);
}
