import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { addNumbers, createCampaign, numbersOf, phones, runAction, runRow, statusOf, waitFor } from './runner-helpers';

/**
 * Two real app server processes on one PostgreSQL database (docs/auto-call.md "Runner"): each campaign
 * is dialled by exactly one of them; the one dialling is killed (SIGKILL, mid-campaign: no shutdown,
 * no lease given back), the other takes the campaign over within 15 s, and no number is dialled twice.
 * Each process is runner-child.ts (node with tsx's loader), with its own PBX and runner. Runs only with DATABASE_URL
 * (CI's PostgreSQL), as the other tests that need a server of their own.
 */

interface Child {
  name: string;
  process: ChildProcess;
  processId: Promise<string>;
  dials: number[];
}

const CHILD = fileURLToPath(new URL('./runner-child.ts', import.meta.url));

function startChild(name: string, databaseUrl: string, companyId: number): Child {
  // Node itself with tsx's loader (not the tsx binary, which runs node as a child of its own): the
  // process killed is the one dialling.
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
    env: { ...process.env, DATABASE_URL: databaseUrl, COMPANY_ID: String(companyId), NODE_ENV: 'test', LOG_LEVEL: 'silent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const dials: number[] = [];
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const processId = new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        const [word, value] = line.split(' ');
        if (word === 'READY') resolve(value!);
        if (word === 'DIAL') dials.push(Number(value));
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}) before it was ready: ${stderr}`)));
  });
  return { name, process: child, processId, dials };
}

describe.skipIf(!process.env.DATABASE_URL)('two server processes on one PostgreSQL', () => {
  let t: TestApp;
  const children: Child[] = [];
  afterAll(async () => {
    for (const child of children) child.process.kill('SIGKILL');
    await t?.close();
  });

  it('dial each campaign from one process only; when it is killed the other takes over within 15 s and dials no number twice', async () => {
    t = await buildTestApp();
    // The test's own app serves the commands only: its runner stays out of the way.
    await t.app.autoCallRunner.halt();
    const session = await loginAs(t.app, 'manager');
    const companyId = session.user.company!.id;
    const id = await createCampaign(t.db, companyId, { name: 'Killed mid-campaign' });
    await addNumbers(t.db, companyId, id, phones('0107000', 16));

    children.push(startChild('a', t.config.databaseUrl!, companyId), startChild('b', t.config.databaseUrl!, companyId));
    const [a, b] = children as [Child, Child];
    const ids = { a: await a.processId, b: await b.processId };

    expect((await runAction(t.app, 'start', id, session.access_token)).statusCode).toBe(200);
    await waitFor(async () => (await statusOf(t.app, id, session.access_token)).counts.finished >= 3, 30_000, 'three numbers to finish');
    const holder = (await runRow(t.db, id))!.leaseOwner;
    const [owner, other] = holder === ids.a ? [a, b] : [b, a];
    expect(holder).toBe(ids[owner.name as 'a' | 'b']);
    expect(other.dials).toEqual([]);

    owner.process.kill('SIGKILL');
    const killed = Date.now();
    await waitFor(async () => (await runRow(t.db, id))?.leaseOwner === ids[other.name as 'a' | 'b'], 16_000, 'the other process to take the campaign');
    expect(Date.now() - killed).toBeLessThan(15_000);

    await waitFor(async () => (await statusOf(t.app, id, session.access_token)).state === 'complete', 60_000, 'the campaign to complete');
    expect(other.dials.length).toBeGreaterThan(0);
    const rows = await numbersOf(t.db, id);
    expect(rows.every((r) => r.result !== null && r.attempts === 1)).toBe(true);
    // Every attempt counted was placed once, by one process: the dials of both add up to the attempts.
    const all = [...owner.dials, ...other.dials];
    expect(new Set(all).size).toBe(all.length);
    expect(all.sort((x, y) => x - y)).toEqual(rows.map((r) => r.id));
  }, 150_000);
});
