/**
 * npm run bench:socket-capacity — heap, RSS and CPU per registered agent on the real app server.
 *
 * One run, three phases side by side (the machine is shared and noisy, so ratios within a run matter
 * more than absolute figures):
 *   1. app: the real app server (app-server-entry.ts: prepareDatabase + buildApp, PGlite in a fresh
 *      DATA_DIR or a fresh PostgreSQL database with BENCH_DATABASE_URL) with N bench agents; a separate
 *      load-generator process connects N socket.io clients, each with its own token, joins its extension
 *      room and emits `register` at once and every 10 s (random phase), as the app's client does.
 *   2. bare-idle: a bare socket.io server in the same Node, N idle connections (the anchor: socket.io
 *      costs about 9–25 KB per idle connection).
 *   3. bare-register: the bare server with the same join + register traffic (acks only, no app).
 * Memory is read inside each server process after forced full GCs (--expose-gc): baseline with 0
 * clients, then after WARMUP + STEADY seconds of re-registration. CPU is process.cpuUsage over the steady
 * window. Everything is loopback, bounded in count and time, and cleaned up by PID.
 *
 * Environment: BENCH_AGENTS (2000), BENCH_STEADY_SECONDS (60), BENCH_WARMUP_SECONDS (15),
 * BENCH_CONNECT_SECONDS (420: no new handshake after this), BENCH_PHASES (app,bare-idle,bare-register),
 * BENCH_DATABASE_URL (unset: PGlite), BENCH_APP_NODE_ARGS (e.g. --cpu-prof), BENCH_JSON (a file to write
 * the results to).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareBenchDatabase, type BenchDatabase } from './lib/bench-database';
import type { ChildHandle } from './lib/ipc';
import type { ConnectRequest, ConnectResult, LoadStats } from './lib/load-generator-entry';
import type { ProcessSample, WindowSample } from './lib/process-probe';
import { api, loggedInCount, startAppServer, startBareServer, startLoadGenerator, type MeasuredServer } from './lib/servers';
import { kb, machineLoad, mb, ms, sleep, summarize, type Summary } from './lib/stats';

const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
};

const AGENTS = intEnv('BENCH_AGENTS', 2000, 1, 2500);
const STEADY_S = intEnv('BENCH_STEADY_SECONDS', 60, 5, 600);
const WARMUP_S = intEnv('BENCH_WARMUP_SECONDS', 15, 0, 120);
const REGISTER_EVERY_MS = 10_000;
/** Handshakes stop being started after this long (a busy shared machine can be slow to take 2,000). */
const CONNECT_DEADLINE_MS = intEnv('BENCH_CONNECT_SECONDS', 420, 10, 1200) * 1000;
const FIRST_EXTENSION = 3000;
const GOAL_HEAP_PER_AGENT = 25 * 1024;
type PhaseName = 'app' | 'bare-idle' | 'bare-register';
const PHASES = (process.env.BENCH_PHASES ?? 'app,bare-idle,bare-register').split(',').map((p) => p.trim()) as PhaseName[];
/** Whole run: each phase at most ~(connect + warm-up + steady + 120 s), plus the database. */
const RUN_DEADLINE_MS = PHASES.length * (CONNECT_DEADLINE_MS + (WARMUP_S + STEADY_S + 120) * 1000) + 300_000;

interface PhaseResult {
  name: PhaseName;
  agents: number;
  connect: ConnectResult;
  baseline: ProcessSample;
  /** app only: after the PBX was created with the whole directory (one manager request), 0 sockets. */
  pbxWarm: ProcessSample | null;
  loaded: ProcessSample;
  afterDisconnect: ProcessSample;
  serverWindow: WindowSample;
  /** The server while the N clients connected (handshake, join and first register each). */
  connectWindow: WindowSample;
  loadGeneratorWindow: WindowSample;
  serverClients: number;
  /** Why sockets ended before the steady window closed: as the server saw it, and as the clients did. */
  serverDisconnectReasons: Record<string, number>;
  clientDisconnectReasons: Record<string, number>;
  /** app only: extensions the PBX reports logged in (51) at the end of the steady window. */
  loggedIn: number | null;
  registers: Omit<LoadStats, 'roundTripsMs' | 'disconnectReasons'> & { roundTrip: Summary };
  perAgent: { heapUsed: number; heapUsedFromWarm: number | null; rss: number; external: number; cpuUsPerRegister: number };
}

const children = new Set<ChildHandle>();
let database: BenchDatabase | null = null;

async function cleanup(): Promise<void> {
  for (const child of [...children]) {
    await child.stop(10_000).catch(() => undefined);
    children.delete(child);
  }
  await database?.cleanup().catch(() => undefined);
  database = null;
}

async function runPhase(name: PhaseName, loadGenerator: ChildHandle, db: BenchDatabase): Promise<PhaseResult> {
  log(`— phase ${name}: starting server`);
  const server: MeasuredServer = name === 'app' ? await startAppServer(db.env) : await startBareServer();
  children.add(server);
  try {
    const extensions = new Set(db.agents.map((a) => a.extension));
    await sleep(2000);
    const baseline = await server.sample(true);
    let pbxWarm: ProcessSample | null = null;
    if (name === 'app') {
      // The PBX is created on a company's first telephony request, with every extension of the
      // directory (N + the demo's): measured separately so the socket share can be told apart.
      await api(`${server.url}/cti/simulator/state`, db.managerToken, { timeoutMs: 60_000 });
      pbxWarm = await server.sample(true);
    }
    log(`  baseline heap ${mb(baseline.heapUsed)}, rss ${mb(baseline.rss)}${pbxWarm ? `; PBX warm heap ${mb(pbxWarm.heapUsed)}` : ''}`);

    const request: ConnectRequest = {
      url: server.url,
      agents: db.agents.map((a) => ({ token: a.token, extension: a.extension })),
      mode: name === 'bare-idle' ? 'idle' : 'register',
      registerEveryMs: REGISTER_EVERY_MS,
      concurrency: 25,
      timeoutMs: 30_000,
      deadlineMs: CONNECT_DEADLINE_MS,
    };
    await server.windowStart();
    const connect = await loadGenerator.request<ConnectResult>('connect', request, CONNECT_DEADLINE_MS + 60_000);
    const connectWindow = await server.windowEnd();
    log(
      `  connected ${connect.connected}/${db.agents.length} in ${(connect.ms / 1000).toFixed(1)} s${connect.failed ? `, failed ${connect.failed}: ${connect.firstErrors.join('; ')}` : ''}${connect.notAttempted ? `, not tried before the ${CONNECT_DEADLINE_MS / 1000} s deadline ${connect.notAttempted}` : ''}`,
    );
    log(`  while connecting: server CPU ${connectWindow.cpuPercentOfCore.toFixed(1)} % of a core, event-loop delay p99 ${connectWindow.eventLoopDelayP99Ms.toFixed(0)} ms, max ${connectWindow.eventLoopDelayMaxMs.toFixed(0)} ms`);
    await sleep(WARMUP_S * 1000);

    await loadGenerator.request('resetStats');
    await server.windowStart();
    await loadGenerator.request('windowStart');
    await sleep(STEADY_S * 1000);
    const serverWindow = await server.windowEnd();
    const loadGeneratorWindow = await loadGenerator.request<WindowSample>('windowEnd');
    const stats = await loadGenerator.request<LoadStats>('stats');
    const serverClients = await server.clients();
    const serverDisconnectReasons = await server.disconnectReasons();
    const loggedIn = name === 'app' ? await loggedInCount(server.url, db.managerToken, extensions) : null;
    const loaded = await server.sample(true);
    log(
      `  loaded heap ${mb(loaded.heapUsed)}, rss ${mb(loaded.rss)}, server CPU ${serverWindow.cpuPercentOfCore.toFixed(1)} % of a core, event-loop delay max ${serverWindow.eventLoopDelayMaxMs.toFixed(0)} ms, clients ${serverClients}${loggedIn !== null ? `, PBX logged in ${loggedIn}` : ''}`,
    );

    await loadGenerator.request('disconnect');
    await sleep(3000);
    const afterDisconnect = await server.sample(true);

    // Per agent = per socket still connected when the loaded sample was taken.
    const connected = Math.max(1, serverClients);
    if (serverClients < db.agents.length * 0.95) log(`  WARNING: only ${serverClients} of ${db.agents.length} sockets connected at the end`);
    if (Object.keys(serverDisconnectReasons).length) log(`  disconnects (server): ${JSON.stringify(serverDisconnectReasons)}; (clients): ${JSON.stringify(stats.disconnectReasons)}`);
    const { roundTripsMs, disconnectReasons: clientDisconnectReasons, ...counts } = stats;
    const cpuUs = serverWindow.cpuUserUs + serverWindow.cpuSystemUs;
    return {
      name,
      agents: db.agents.length,
      connect,
      baseline,
      pbxWarm,
      loaded,
      afterDisconnect,
      serverWindow,
      connectWindow,
      loadGeneratorWindow,
      serverClients,
      serverDisconnectReasons,
      clientDisconnectReasons,
      loggedIn,
      registers: { ...counts, roundTrip: summarize(roundTripsMs) },
      perAgent: {
        heapUsed: (loaded.heapUsed - baseline.heapUsed) / connected,
        heapUsedFromWarm: pbxWarm ? (loaded.heapUsed - pbxWarm.heapUsed) / connected : null,
        rss: (loaded.rss - baseline.rss) / connected,
        external: (loaded.external - baseline.external) / connected,
        cpuUsPerRegister: stats.registersAcked > 0 ? cpuUs / stats.registersAcked : Number.NaN,
      },
    };
  } finally {
    await server.stop(15_000);
    children.delete(server);
  }
}

function log(line: string): void {
  console.log(line);
}

function report(results: PhaseResult[]): string {
  const rows = results.map((r) => {
    const w = r.serverWindow;
    return `| ${r.name} | ${r.serverClients} | ${kb(r.perAgent.heapUsed)} | ${r.perAgent.heapUsedFromWarm === null ? '—' : kb(r.perAgent.heapUsedFromWarm)} | ${kb(r.perAgent.rss)} | ${kb(r.perAgent.external)} | ${w.cpuPercentOfCore.toFixed(1)} % | ${(w.eventLoopUtilization * 100).toFixed(1)} % | ${r.registers.registersAcked} | ${Number.isFinite(r.perAgent.cpuUsPerRegister) ? `${r.perAgent.cpuUsPerRegister.toFixed(0)} µs` : '—'} | ${ms(r.registers.roundTrip.p50)} / ${ms(r.registers.roundTrip.p95)} | ${r.loggedIn ?? '—'} |`;
  });
  const lines = [
    '| phase | sockets | heap/agent | heap/agent from warm PBX | RSS/agent | external/agent | server CPU (one core) | event-loop use | registers acked | CPU per register | register RTT p50 / p95 | PBX logged in |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
  ];
  const app = results.find((r) => r.name === 'app');
  const idle = results.find((r) => r.name === 'bare-idle');
  const bareRegister = results.find((r) => r.name === 'bare-register');
  if (app && idle) lines.push('', `app heap/agent ÷ bare idle heap/agent: ${(app.perAgent.heapUsed / idle.perAgent.heapUsed).toFixed(2)}×`);
  if (app && bareRegister) {
    lines.push(`app heap/agent ÷ bare register heap/agent: ${(app.perAgent.heapUsed / bareRegister.perAgent.heapUsed).toFixed(2)}×`);
    lines.push(`app CPU per register ÷ bare CPU per register: ${(app.perAgent.cpuUsPerRegister / bareRegister.perAgent.cpuUsPerRegister).toFixed(2)}×`);
  }
  if (app) {
    const met = app.perAgent.heapUsed < GOAL_HEAP_PER_AGENT;
    lines.push(`goal < 25 KB heap per agent (app, from 0 clients): ${met ? 'MET' : 'NOT MET'} (${kb(app.perAgent.heapUsed)})`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const deadline = setTimeout(() => {
    console.error(`bench: run deadline of ${Math.round(RUN_DEADLINE_MS / 1000)} s passed; stopping`);
    void cleanup().finally(() => process.exit(2));
  }, RUN_DEADLINE_MS);
  const before = await machineLoad();
  log(`socket capacity: ${AGENTS} agents, register every ${REGISTER_EVERY_MS / 1000} s, warm-up ${WARMUP_S} s, steady ${STEADY_S} s; phases ${PHASES.join(', ')}`);
  log(`machine: ${before.cpus} CPUs, node ${before.node}, load average ${before.loadavg.join(' ')}`);

  database = await prepareBenchDatabase({ agents: AGENTS, firstExtension: FIRST_EXTENSION });
  log(`database: ${database.driver}, ${database.agents.length} bench agents (extensions ${FIRST_EXTENSION}–${FIRST_EXTENSION + AGENTS - 1})`);
  const loadGenerator = await startLoadGenerator();
  children.add(loadGenerator);

  const results: PhaseResult[] = [];
  for (const phase of PHASES) {
    if (!['app', 'bare-idle', 'bare-register'].includes(phase)) throw new Error(`unknown phase ${phase}`);
    results.push(await runPhase(phase, loadGenerator, database));
  }
  const after = await machineLoad();

  const table = report(results);
  log('');
  log(table);
  log(`load average before ${before.loadavg.join(' ')}, after ${after.loadavg.join(' ')}`);
  const out = process.env.BENCH_JSON ?? join(tmpdir(), `bench-socket-capacity-${Date.now()}.json`);
  writeFileSync(out, JSON.stringify({ agents: AGENTS, steadySeconds: STEADY_S, warmupSeconds: WARMUP_S, database: database.driver, machine: { before, after }, results }, null, 2));
  log(`results: ${out}`);
  clearTimeout(deadline);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error('bench failed:', error);
    await cleanup();
    process.exit(1);
  });
