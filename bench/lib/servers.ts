import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startChild, type ChildHandle } from './ipc';
import type { ProcessSample, WindowSample } from './process-probe';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export const ENTRIES = {
  app: here('./app-server-entry.ts'),
  bare: here('./bare-socketio-entry.ts'),
  loadGenerator: here('./load-generator-entry.ts'),
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface MeasuredServer extends ChildHandle {
  url: string;
  sample(gc: boolean): Promise<ProcessSample>;
  windowStart(): Promise<void>;
  windowEnd(): Promise<WindowSample>;
  clients(): Promise<number>;
  disconnectReasons(): Promise<Record<string, number>>;
}

function measured(child: ChildHandle, url: string): MeasuredServer {
  return {
    ...child,
    url,
    sample: (gc) => child.request<ProcessSample>('sample', { gc }, 60_000),
    windowStart: () => child.request<void>('windowStart'),
    windowEnd: () => child.request<WindowSample>('windowEnd'),
    clients: () => child.request<number>('clients'),
    disconnectReasons: () => child.request<Record<string, number>>('disconnectReasons'),
  };
}

/**
 * The real app (app-server-entry.ts) on a free loopback port, with --expose-gc. BENCH_APP_NODE_ARGS adds
 * Node options to it, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its CPU goes.
 */
export async function startAppServer(env: Record<string, string>): Promise<MeasuredServer> {
  const port = await freePort();
  const extra = (process.env.BENCH_APP_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = await startChild(ENTRIES.app, {
    name: 'app server',
    nodeArgs: ['--expose-gc', ...extra],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    readyTimeoutMs: 180_000,
  });
  return measured(child, `http://127.0.0.1:${port}`);
}

/** A bare socket.io server (bare-socketio-entry.ts) on a free loopback port, with --expose-gc. */
export async function startBareServer(): Promise<MeasuredServer> {
  const port = await freePort();
  const child = await startChild(ENTRIES.bare, {
    name: 'bare socket.io',
    nodeArgs: ['--expose-gc'],
    env: { ...process.env, PORT: String(port) },
  });
  return measured(child, `http://127.0.0.1:${port}`);
}

export async function startLoadGenerator(): Promise<ChildHandle> {
  return startChild(ENTRIES.loadGenerator, { name: 'load generator', env: process.env });
}

/** Bearer-authenticated JSON request to the app on loopback, with a timeout. */
export async function api<T>(url: string, token: string, init: { method?: string; body?: unknown; timeoutMs?: number } = {}): Promise<T> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    signal: AbortSignal.timeout(init.timeoutMs ?? 15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

export interface SimulatorState {
  extensions: { number: string; exten_status: number; registered: boolean; line: string }[];
  calls: unknown[];
}

/** How many of `extensions` the built-in PBX has logged in (exten_status 51). */
export async function loggedInCount(baseUrl: string, managerToken: string, extensions: ReadonlySet<string>): Promise<number> {
  const state = await api<SimulatorState>(`${baseUrl}/cti/simulator/state`, managerToken, { timeoutMs: 30_000 });
  return state.extensions.filter((e) => extensions.has(e.number) && e.exten_status === 51).length;
}
