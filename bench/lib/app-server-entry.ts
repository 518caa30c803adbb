/**
 * The real app server for the benchmarks: what `server/src/main.ts` does (config from the environment,
 * prepareDatabase, buildApp, listen), plus an IPC channel to the bench harness so memory and CPU are read
 * inside this process (process.memoryUsage after gc(), process.cpuUsage), and the time each `inbound_call`
 * left the PBX for its room. Nothing here changes what the app does; run it with --expose-gc.
 */
import { buildApp } from '../../server/src/app';
import { loadConfig } from '../../server/src/config';
import { prepareDatabase } from '../../server/src/db/prepare';
import { createPasswordHasher } from '../../server/src/lib/passwords';
import { serveIpc, signalReady } from './ipc';
import { createProbe, epochNow, probeHandlers } from './process-probe';

async function main(): Promise<void> {
  const config = loadConfig();
  const passwords = createPasswordHasher(config.argon2);
  const prepared = await prepareDatabase(config, passwords);
  const database = prepared.handle;
  const webDistDir = process.env.BENCH_WEB_DIST;
  const app = await buildApp({ config, database, passwords, ...(webDistDir ? { webDistDir } : {}) });

  // The moment the PBX emitted each inbound call (this listener runs right after socket.io's, which
  // subscribed first and has already handed the event to the room). Bounded: the bench makes ≤ a few
  // hundred calls; keep the last 5,000.
  const ringTimes = new Map<string, number>();
  app.telephony.subscribe((event) => {
    if (event.type !== 'inbound_call') return;
    ringTimes.set(event.payload.uniqueid, epochNow());
    if (ringTimes.size > 5000) {
      const oldest = ringTimes.keys().next().value;
      if (oldest !== undefined) ringTimes.delete(oldest);
    }
  });

  // Why sockets end, as the server sees it (a bench diagnostic; listening changes nothing).
  const disconnectReasons: Record<string, number> = {};
  app.io.on('connection', (socket) => {
    socket.on('disconnect', (reason) => {
      disconnectReasons[reason] = (disconnectReasons[reason] ?? 0) + 1;
    });
  });

  await app.listen({ port: config.port, host: config.host });
  const probe = createProbe();
  serveIpc({
    ...probeHandlers(probe),
    clients: () => app.io.engine.clientsCount,
    disconnectReasons: () => disconnectReasons,
    ringTime: (arg) => ringTimes.get(String(arg)) ?? null,
  });

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    try {
      await app.close();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
  signalReady({ port: config.port });
}

main().catch((error: unknown) => {
  console.error('bench app server failed:', error);
  process.exit(1);
});
