import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSeededTempDatabase, type TempDatabase } from './temp-database';

export interface RunningApp {
  url: string;
  logs: () => string;
  stop: () => Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, logs: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`app server exited with ${child.exitCode}:\n${logs()}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`app server did not become healthy:\n${logs()}`);
}

/**
 * Starts the real app server (built web app, embedded PGlite in a temp DATA_DIR, or a fresh PostgreSQL
 * database when DATABASE_URL is set, copied from a migrated and seeded template) on a free loopback
 * port, exactly as `npm start` runs it.
 */
export async function startApp(extraEnv: Record<string, string> = {}): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'callcentre-e2e-'));
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  const db: TempDatabase | null = process.env.DATABASE_URL ? await createSeededTempDatabase(process.env.DATABASE_URL, baseEnv) : null;
  const env: NodeJS.ProcessEnv = { ...baseEnv, ...(db ? { DATABASE_URL: db.url } : {}), ...extraEnv };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { env, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const logs = () => output.slice(-4000);
  await waitForHealth(url, child, logs);
  return {
    url,
    logs,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      await db?.drop();
    },
  };
}
