import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { io as connectClient, type Socket } from 'socket.io-client';
import { loginAs } from '../helpers/build-test-app';

/** Shared by the CTI and realtime tests: CTI requests, sockets against a listening app, event waits. */

export type Query = Record<string, string>;

export async function tokensFor(app: FastifyInstance, usernames: string[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const username of usernames) tokens[username] = (await loginAs(app, username)).access_token;
  return tokens;
}

/** A CTI request as the app's client sends it: the path under `/cti`, query parameters, bearer token. */
export function cti(
  app: FastifyInstance,
  path: string,
  options: { token?: string; query?: Query; method?: 'GET' | 'POST'; language?: string; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: options.method ?? 'GET',
    url: `/cti${path}`,
    query: options.query ?? {},
    headers: {
      accept: 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.language ? { 'accept-language': options.language } : {}),
      ...options.headers,
    },
    ...(options.body ? { payload: options.body } : {}),
  });
}

/** Listens on a free loopback port; answers the base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

export type ClientSocket = Socket;

/** A socket.io client like the app's (websocket, `auth: { token }`), resolved once connected. */
export function openSocket(url: string, token: string, headers: Record<string, string> = {}): Promise<ClientSocket> {
  const socket = connectClient(url, {
    auth: { token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: headers,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Emits a room command and waits for its acknowledgement. */
export function command(socket: ClientSocket, name: string, extensionNumber: string): Promise<Record<string, unknown>> {
  return socket.timeout(5000).emitWithAck(name, { extensionNumber }) as Promise<Record<string, unknown>>;
}

/** Joins the extension's room and registers it, as the app's registration machine does. */
export async function joinAndRegister(socket: ClientSocket, extension: string): Promise<Record<string, unknown>> {
  const joined = await command(socket, 'join_extension_room', extension);
  if (joined.result !== 'success') throw new Error(`join ${extension}: ${JSON.stringify(joined)}`);
  return command(socket, 'register', extension);
}

/**
 * Records every server event of a socket from now on, so a test can wait for one that may already have
 * arrived (events are emitted synchronously with the HTTP answer that caused them).
 */
export function recordEvents(socket: ClientSocket) {
  const events: { name: string; payload: Record<string, unknown> }[] = [];
  const waiters = new Set<() => void>();
  socket.onAny((name: string, payload: Record<string, unknown>) => {
    events.push({ name, payload });
    for (const wake of waiters) wake();
  });
  const find = (name: string, match: Record<string, unknown>) =>
    events.find((e) => e.name === name && Object.entries(match).every(([key, value]) => e.payload[key] === value));
  return {
    events,
    clear: () => void (events.length = 0),
    /** The first event `name` whose payload has the given fields, waiting up to `timeoutMs`. */
    waitFor(name: string, match: Record<string, unknown> = {}, timeoutMs = 3000): Promise<Record<string, unknown>> {
      const found = find(name, match);
      if (found) return Promise.resolve(found.payload);
      return new Promise((resolve, reject) => {
        const wake = () => {
          const hit = find(name, match);
          if (!hit) return;
          cleanup();
          resolve(hit.payload);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no ${name} ${JSON.stringify(match)} within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          waiters.delete(wake);
        };
        waiters.add(wake);
      });
    },
  };
}

/** Lets in-flight socket traffic arrive before asserting that something did not. */
export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
