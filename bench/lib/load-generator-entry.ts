/**
 * The load generator: many socket.io clients, each its own connection (forceNew), WebSocket transport,
 * authenticated with its own token. In `register` mode each joins its extension room and emits
 * `register` at once and then every `registerEveryMs`, at a random phase so the load is spread evenly
 * (as real agents' timers are); the ack's round trip is recorded. In `idle` mode the sockets only
 * connect. Controlled by the bench harness over IPC; a separate process so its CPU is not the server's.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { serveIpc, signalReady } from './ipc';
import { createProbe, probeHandlers } from './process-probe';

export interface Agent {
  token: string;
  extension: string;
}

export interface ConnectRequest {
  url: string;
  agents: Agent[];
  mode: 'register' | 'idle';
  registerEveryMs: number;
  /** Handshakes in flight at once. */
  concurrency: number;
  timeoutMs: number;
  /** No new handshake is started after this long; the answer then says how many were not tried. */
  deadlineMs: number;
}

export interface ConnectResult {
  connected: number;
  failed: number;
  notAttempted: number;
  firstErrors: string[];
  ms: number;
}

export interface LoadStats {
  registersSent: number;
  registersAcked: number;
  registerErrors: number;
  registerTimeouts: number;
  roundTripsMs: number[];
  disconnects: number;
  connected: number;
  /** Since the last `connect`, not reset by resetStats: why sockets went away (socket.io's reasons). */
  disconnectReasons: Record<string, number>;
}

interface Client {
  socket: Socket;
  timer: NodeJS.Timeout | null;
}

const clients: Client[] = [];
let disconnectReasons: Record<string, number> = {};
let stats: LoadStats = freshStats();

function freshStats(): LoadStats {
  return { registersSent: 0, registersAcked: 0, registerErrors: 0, registerTimeouts: 0, roundTripsMs: [], disconnects: 0, connected: 0, disconnectReasons };
}

function isErrorAck(answer: unknown): boolean {
  return typeof answer === 'object' && answer !== null && (answer as { error?: unknown }).error === true;
}

function register(socket: Socket, extension: string): void {
  stats.registersSent++;
  const started = performance.now();
  socket.timeout(5000).emit('register', { extensionNumber: extension }, (error: Error | null, answer: unknown) => {
    if (error) stats.registerTimeouts++;
    else if (isErrorAck(answer)) stats.registerErrors++;
    else {
      stats.registersAcked++;
      // Bounded: at most 200,000 samples kept (2,000 agents × 10 s × 1,000 s).
      if (stats.roundTripsMs.length < 200_000) stats.roundTripsMs.push(performance.now() - started);
    }
  });
}

function connectOne(request: ConnectRequest, agent: Agent): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = io(request.url, {
      auth: { token: agent.token },
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      timeout: request.timeoutMs,
    });
    const client: Client = { socket, timer: null };
    socket.once('connect_error', (error) => {
      socket.close();
      resolve(error.message);
    });
    socket.once('connect', () => {
      clients.push(client);
      socket.on('disconnect', (reason) => {
        stats.disconnects++;
        disconnectReasons[reason] = (disconnectReasons[reason] ?? 0) + 1;
        if (client.timer) clearInterval(client.timer);
        client.timer = null;
      });
      if (request.mode === 'idle') return resolve(null);
      socket.timeout(request.timeoutMs).emit('join_extension_room', { extensionNumber: agent.extension }, (error: Error | null, answer: unknown) => {
        if (error || isErrorAck(answer)) return resolve(`join ${agent.extension}: ${error?.message ?? JSON.stringify(answer)}`);
        register(socket, agent.extension);
        const phase = Math.random() * request.registerEveryMs;
        const first = setTimeout(() => {
          if (!socket.connected) return;
          register(socket, agent.extension);
          client.timer = setInterval(() => register(socket, agent.extension), request.registerEveryMs);
        }, phase);
        client.timer = first;
        resolve(null);
      });
    });
  });
}

async function connectAll(request: ConnectRequest): Promise<ConnectResult> {
  disconnectReasons = {};
  stats = freshStats();
  const started = performance.now();
  const errors: string[] = [];
  let failed = 0;
  let next = 0;
  const stopAt = started + request.deadlineMs;
  const worker = async () => {
    while (next < request.agents.length && performance.now() < stopAt) {
      const agent = request.agents[next++];
      if (!agent) break;
      const error = await connectOne(request, agent);
      if (error) {
        failed++;
        if (errors.length < 5) errors.push(error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, request.concurrency) }, worker));
  return { connected: clients.length, failed, notAttempted: request.agents.length - next, firstErrors: errors, ms: performance.now() - started };
}

function disconnectAll(): number {
  const count = clients.length;
  for (const client of clients.splice(0)) {
    if (client.timer) clearTimeout(client.timer);
    client.socket.close();
  }
  return count;
}

const probe = createProbe();
serveIpc({
  ...probeHandlers(probe),
  connect: (arg) => connectAll(arg as ConnectRequest),
  resetStats: () => {
    stats = freshStats();
  },
  stats: () => ({ ...stats, disconnectReasons, connected: clients.filter((c) => c.socket.connected).length }),
  disconnect: () => disconnectAll(),
});
signalReady();
