import { io, type Socket } from 'socket.io-client';
import { getToken } from '../storage';
import type { ClientToServerEvents, ServerToClientEvents } from './socket-events';

/** The app's socket, typed by CONTRACT §8. */
export type RealtimeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The part of a socket the telephony machines use. `RealtimeSocket` satisfies it; tests pass a small fake
 * instead of a socket.io client.
 */
export interface RealtimeConnection {
  readonly connected: boolean;
  on(event: 'connect', listener: () => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
  on<E extends keyof ServerToClientEvents>(event: E, listener: ServerToClientEvents[E]): unknown;
  emit<E extends keyof ClientToServerEvents>(event: E, ...args: Parameters<ClientToServerEvents[E]>): unknown;
  removeAllListeners(): unknown;
  disconnect(): unknown;
}

export interface ConnectSocketOptions {
  /** Origin of the app server; '' (default) means the page's own origin. Default socket.io path. */
  url?: string;
  /**
   * The access token, or a function that reads it. Prefer the function: socket.io re-sends `auth` on
   * every reconnect, and a token captured once would be expired (15 minutes) by the time a long-lived
   * agent session reconnects.
   */
  token: string | (() => string | null);
}

export function connectSocket({ url = '', token }: ConnectSocketOptions): RealtimeSocket {
  const readToken = typeof token === 'function' ? token : () => token;
  return io(url || undefined, {
    auth: (cb) => cb({ token: readToken() ?? '' }),
    // Websocket first: long-polling in a throttled background tab is what makes other products drop agents.
    transports: ['websocket', 'polling'],
  }) as RealtimeSocket;
}

/** The app's socket as the signed-in user (the session's current token at every (re)connect); `url` a namespace or origin. */
export function connectSessionSocket(url = ''): RealtimeSocket {
  return connectSocket({ url, token: getToken });
}
