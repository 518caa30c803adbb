/**
 * npm run bench:queue-board — board freshness (issue 18, docs/queues.md): how long from the PBX event
 * (a caller entering a queue) until every board viewer has it, with many agents registered, calls
 * arriving steadily and many viewers watching; and the server CPU each extra viewer costs.
 *
 * One run, two windows side by side on the real app server (app-server-entry.ts, PGlite in a fresh
 * DATA_DIR, or PostgreSQL with BENCH_DATABASE_URL):
 *   - N bench agents (a separate load-generator process) connect, join their extension rooms and
 *     `register` every 10 s, as the app's client does; they are the members of Q queues (made through
 *     `queue/store`, round robin with memory, so one member rings at a time).
 *   - calls arrive at R a second (POST /cti/simulator/calls to a random queue), each hung up from the far
 *     side after HOLD ms (the caller abandons: ENTERQUEUE, the rings, ABANDON, all pushed);
 *   - window 1: no viewer; window 2: V viewers (socket.io clients in this process, as the manager) in
 *     the company's board room. Latency = the moment a viewer first sees a caller on a board − the
 *     caller's `entered_at` (the PBX's call_started time, same machine clock).
 * CPU per extra viewer = (server CPU in window 2 − window 1) ÷ V.
 *
 * Environment: BENCH_AGENTS (500), BENCH_QUEUES (10), BENCH_VIEWERS (50), BENCH_CALLS_PER_SECOND (20),
 * BENCH_STEADY_SECONDS (30), BENCH_HOLD_MS (3000), BENCH_DATABASE_URL, BENCH_JSON.
 */
import { writeFileSync } from 'node:fs';
import { io, type Socket } from 'socket.io-client';
import { prepareBenchDatabase, type BenchDatabase } from './lib/bench-database';
import type { ChildHandle } from './lib/ipc';
import type { ConnectRequest, ConnectResult } from './lib/load-generator-entry';
import type { WindowSample } from './lib/process-probe';
import { api, loggedInCount, startAppServer, startLoadGenerator, type MeasuredServer } from './lib/servers';
import { machineLoad, ms, sleep, summarize, type Summary } from './lib/stats';

const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
};

const AGENTS = intEnv('BENCH_AGENTS', 500, 1, 2500);
const QUEUES = intEnv('BENCH_QUEUES', 10, 1, 50);
const VIEWERS = intEnv('BENCH_VIEWERS', 50, 1, 500);
const CALLS_PER_S = intEnv('BENCH_CALLS_PER_SECOND', 20, 1, 200);
const STEADY_S = intEnv('BENCH_STEADY_SECONDS', 30, 5, 600);
const HOLD_MS = intEnv('BENCH_HOLD_MS', 3000, 100, 60_000);
const FIRST_EXTENSION = 3000;
const FIRST_QUEUE = 600;
const GOAL_P95_MS = 500;

const children = new Set<ChildHandle>();
let database: BenchDatabase | null = null;
const log = (line: string) => process.stdout.write(`${line}\n`);

async function cleanup(): Promise<void> {
  for (const child of [...children]) {
    await child.stop(10_000).catch(() => undefined);
    children.delete(child);
  }
  await database?.cleanup().catch(() => undefined);
  database = null;
}

/** The bench's queues, Q of them, the agents shared out among them. */
async function createQueues(server: MeasuredServer, db: BenchDatabase): Promise<string[]> {
  const size = Math.ceil(db.agents.length / QUEUES);
  const numbers: string[] = [];
  for (let q = 0; q < QUEUES; q += 1) {
    const number = String(FIRST_QUEUE + q);
    const members = db.agents.slice(q * size, (q + 1) * size).map((agent) => ({ extension: agent.extension, penalty: 0 }));
    await api(`${server.url}/api/v1/queue/store`, db.managerToken, {
      method: 'POST',
      body: { number, name: `Bench ${number}`, strategy: 'rrmemory', members, wrapup_s: 0, service_level_s: 20 },
      timeoutMs: 60_000,
    });
    numbers.push(number);
  }
  // The PBX takes the new queues from the database.
  await api(`${server.url}/api/v1/routing/apply`, db.managerToken, { method: 'POST', body: {}, timeoutMs: 60_000 }).catch(() => undefined);
  return numbers;
}

interface CallerTraffic {
  placed: number;
  failed: number;
  stop(): Promise<void>;
}

/** R calls a second to random queues, each hung up from the far side after HOLD ms. */
function startCalls(url: string, token: string, queues: readonly string[]): CallerTraffic {
  const traffic = { placed: 0, failed: 0 };
  const hangups = new Set<Promise<unknown>>();
  let sequence = 0;
  const place = async () => {
    sequence += 1;
    const from = `0105${String(5_000_000 + sequence).padStart(7, '0')}`;
    const to = queues[Math.floor(Math.random() * queues.length)]!;
    try {
      const { uniqueid } = await api<{ uniqueid: string }>(`${url}/cti/simulator/calls`, token, { method: 'POST', body: { from, to } });
      traffic.placed += 1;
      const hangup = sleep(HOLD_MS).then(() => api(`${url}/cti/simulator/calls/${uniqueid}/hangup`, token, { method: 'POST', body: {} }).catch(() => undefined));
      hangups.add(hangup);
      void hangup.finally(() => hangups.delete(hangup));
    } catch {
      traffic.failed += 1;
    }
  };
  const timer = setInterval(() => void place(), 1000 / CALLS_PER_S);
  return {
    get placed() {
      return traffic.placed;
    },
    get failed() {
      return traffic.failed;
    },
    async stop() {
      clearInterval(timer);
      await Promise.all([...hangups]);
    },
  };
}

interface Viewer {
  socket: Socket;
  seen: Set<string>;
  pushes: number;
}

/** V board viewers as the manager: each records when it first sees each waiting caller. */
async function openViewers(url: string, token: string, latencies: number[]): Promise<Viewer[]> {
  const viewers: Viewer[] = [];
  for (let i = 0; i < VIEWERS; i += 1) {
    const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
    const viewer: Viewer = { socket, seen: new Set(), pushes: 0 };
    socket.on('queue_status', (status: { waiting: { uniqueid: string; entered_at: string }[] }) => {
      const now = Date.now();
      viewer.pushes += 1;
      for (const call of status.waiting) {
        if (viewer.seen.has(call.uniqueid)) continue;
        viewer.seen.add(call.uniqueid);
        latencies.push(now - Date.parse(call.entered_at));
      }
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const ack = (await socket.timeout(15_000).emitWithAck('join_queue_board', {})) as { result?: string };
    if (ack.result !== 'success') throw new Error(`viewer ${i} could not join the board: ${JSON.stringify(ack)}`);
    viewers.push(viewer);
  }
  return viewers;
}

async function window(server: MeasuredServer, url: string, token: string, queues: readonly string[]): Promise<{ cpu: WindowSample; placed: number; failed: number }> {
  await server.windowStart();
  const calls = startCalls(url, token, queues);
  await sleep(STEADY_S * 1000);
  await calls.stop();
  const cpu = await server.windowEnd();
  return { cpu, placed: calls.placed, failed: calls.failed };
}

async function main(): Promise<void> {
  const before = await machineLoad();
  log(`bench:queue-board — ${AGENTS} agents in ${QUEUES} queues, ${CALLS_PER_S} calls/s for ${STEADY_S} s per window, hold ${HOLD_MS} ms, ${VIEWERS} viewers; load ${before.loadavg.map((l) => l.toFixed(2)).join(' ')}`);
  database = await prepareBenchDatabase({ agents: AGENTS, firstExtension: FIRST_EXTENSION });
  const db = database;
  const server = await startAppServer(db.env);
  children.add(server);
  const loadGenerator = await startLoadGenerator();
  children.add(loadGenerator);

  await api(`${server.url}/cti/simulator/state`, db.managerToken, { timeoutMs: 60_000 });
  const queues = await createQueues(server, db);
  const request: ConnectRequest = {
    url: server.url,
    agents: db.agents.map((a) => ({ token: a.token, extension: a.extension })),
    mode: 'register',
    registerEveryMs: 10_000,
    concurrency: 25,
    timeoutMs: 30_000,
    deadlineMs: 300_000,
  };
  const connect = await loadGenerator.request<ConnectResult>('connect', request, 400_000);
  const loggedIn = await loggedInCount(server.url, db.managerToken, new Set(db.agents.map((a) => a.extension)));
  log(`  agents connected ${connect.connected}/${AGENTS}, logged in at the PBX ${loggedIn}`);
  await sleep(5000);

  log('— window 1: no viewer');
  const bare = await window(server, server.url, db.managerToken, queues);
  log(`  calls placed ${bare.placed} (failed ${bare.failed}), server CPU ${bare.cpu.cpuPercentOfCore.toFixed(1)} % of a core`);

  log(`— window 2: ${VIEWERS} viewers`);
  const latencies: number[] = [];
  const viewers = await openViewers(server.url, db.managerToken, latencies);
  await sleep(2000);
  latencies.length = 0;
  for (const viewer of viewers) viewer.seen.clear();
  const watched = await window(server, server.url, db.managerToken, queues);
  const pushes = viewers.reduce((sum, v) => sum + v.pushes, 0);
  for (const viewer of viewers) viewer.socket.disconnect();
  const latency: Summary = summarize(latencies);
  const perViewerCpu = (watched.cpu.cpuPercentOfCore - bare.cpu.cpuPercentOfCore) / VIEWERS;
  log(`  calls placed ${watched.placed} (failed ${watched.failed}), server CPU ${watched.cpu.cpuPercentOfCore.toFixed(1)} % of a core, pushes received ${pushes} (${(pushes / VIEWERS / STEADY_S).toFixed(1)} a second per viewer)`);
  log(`  event → viewer: n ${latency.n}, p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, p99 ${ms(latency.p99)}, max ${ms(latency.max)} (goal p95 < ${GOAL_P95_MS} ms)`);
  log(`  server CPU per extra viewer: ${perViewerCpu.toFixed(2)} % of a core`);

  const after = await machineLoad();
  const result = { agents: AGENTS, queues: QUEUES, viewers: VIEWERS, callsPerSecond: CALLS_PER_S, steadySeconds: STEADY_S, holdMs: HOLD_MS, connect, loggedIn, bare, watched, latency, pushes, perViewerCpu, machine: { before, after } };
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(result, null, 2));
}

const deadline = setTimeout(() => {
  log('bench:queue-board: over its time limit, stopping');
  void cleanup().finally(() => process.exit(2));
}, (STEADY_S * 2 + 900) * 1000);
deadline.unref();

main()
  .catch((error: unknown) => {
    log(`bench:queue-board failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 1;
  })
  .finally(() => void cleanup().then(() => process.exit(process.exitCode ?? 0)));
