/**
 * npm run bench:company-destroy — destroying the data of a company with 1,000,000 members and 1,000,000
 * calls while another company's users work (issue 20, docs/admin-companies.md "Destroying a company's
 * data"; figures in docs/benchmarks.md).
 *
 * One fresh PostgreSQL database (migrations and demo seed, as `npm start`), then:
 *   - a new company "Bench Destroy" with BENCH_MEMBERS members and BENCH_CALLS calls, and the Demo
 *     company with BENCH_OTHER_MEMBERS members, each written by one INSERT … SELECT generate_series per
 *     200,000 rows, on the server (no rows cross the wire: faster than COPY from the harness), then VACUUM
 *     ANALYZE (so autovacuum does not run during "before");
 *   - the real app server in a child process (bench/lib/app-server-entry.ts) on loopback;
 *   - BENCH_CLIENTS concurrent clients in this process, signed in as the Demo manager, each sending one
 *     request after the other, alternately `POST member/list` (a random page of 20 of the Demo members)
 *     and `POST member/phone-number/{n}` (a random Demo member's number, the screen pop's lookup); every
 *     request's time from send to the whole answer read;
 *   - before: BENCH_BEFORE_SECONDS of that load (after BENCH_WARMUP_SECONDS not counted); then the admin's
 *     `POST management/company/data/destroy` for Bench Destroy, and the same load until its status says
 *     done: during. The destroy's time is from the 202 to the status saying done (polled every 250 ms by
 *     another client), and the job's own started/finished stamps.
 *   Then BENCH_BEFORE_SECONDS more of the load after it (after), to show the machine's own drift.
 *   Goal: the Demo company's p99 during ≤ 1.5 × its p99 before, in the same run.
 *
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_MEMBERS (1000000),
 * BENCH_CALLS (1000000), BENCH_OTHER_MEMBERS (100000), BENCH_CLIENTS (8), BENCH_WARMUP_SECONDS (15),
 * BENCH_BEFORE_SECONDS (30), BENCH_JSON (write the results there).
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../server/src/config';
import { prepareDatabase } from '../server/src/db/prepare';
import { createPasswordHasher } from '../server/src/lib/passwords';
import { createTempDatabase } from '../tests/e2e/support/temp-database';
import { DEMO_PASSWORDS } from '../tests/e2e/support/pages';
import { startAppServer } from './lib/servers';
import { machineLoad, ms, sleep } from './lib/stats';

const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
};

const MEMBERS = intEnv('BENCH_MEMBERS', 1_000_000, 1000, 20_000_000);
const CALLS = intEnv('BENCH_CALLS', 1_000_000, 1000, 20_000_000);
const OTHER_MEMBERS = intEnv('BENCH_OTHER_MEMBERS', 100_000, 100, 5_000_000);
const CLIENTS = intEnv('BENCH_CLIENTS', 8, 1, 256);
const WARMUP_SECONDS = intEnv('BENCH_WARMUP_SECONDS', 15, 0, 600);
const BEFORE_SECONDS = intEnv('BENCH_BEFORE_SECONDS', 30, 5, 3600);
const LOAD_BATCH = 200_000;
const GOAL_RATIO = 1.5;
const log = (line: string) => process.stdout.write(`${line}\n`);

interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
  perSecond: number;
}

/** Percentiles by nearest rank (large samples: no spread into Math.max). */
function summary(values: number[], seconds: number): Summary {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]! : Number.NaN);
  let sum = 0;
  for (const value of sorted) sum += value;
  return { n: sorted.length, p50: at(50), p95: at(95), p99: at(99), max: sorted.length ? sorted[sorted.length - 1]! : Number.NaN, mean: sum / sorted.length, perSecond: sorted.length / seconds };
}
const line = (s: Summary) => `${s.n.toLocaleString('en')} requests (${s.perSecond.toFixed(0)}/s): p50 ${ms(s.p50)}, p95 ${ms(s.p95)}, p99 ${ms(s.p99)}, max ${ms(s.max)}`;

async function post<T>(url: string, token: string | null, body: unknown): Promise<{ status: number; json: T }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, json: (await response.json()) as T };
}

async function signIn(base: string, username: string, password: string): Promise<string> {
  const { status, json } = await post<{ access_token: string }>(`${base}/api/v1/login`, null, { username, password });
  if (status !== 200) throw new Error(`sign-in of ${username}: ${status}`);
  return json.access_token;
}

async function main(): Promise<void> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const temp = await createTempDatabase(baseUrl);
  const env = { NODE_ENV: 'test', DATABASE_URL: temp.url, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn', ACCESS_TOKEN_TTL: '4h' };
  const config = loadConfig(env);
  const { handle } = await prepareDatabase(config, createPasswordHasher(config.argon2));
  await handle.close();
  const raw = new pg.Client({ connectionString: temp.url });
  await raw.connect();
  let server: Awaited<ReturnType<typeof startAppServer>> | null = null;
  try {
    log(`# bench:company-destroy — ${MEMBERS.toLocaleString('en')} members and ${CALLS.toLocaleString('en')} calls destroyed while the Demo company (${OTHER_MEMBERS.toLocaleString('en')} members) works with ${CLIENTS} clients (PostgreSQL)`);
    const demo = (await raw.query<{ id: number }>(`select id from companies where name = 'Demo Call Centre'`)).rows[0]!.id;
    const target = (await raw.query<{ id: number }>(`insert into companies (name) values ('Bench Destroy') returning id`)).rows[0]!.id;

    const loadStarted = performance.now();
    const insertMembers = async (companyId: number, count: number, prefix: string) => {
      for (let first = 0; first < count; first += LOAD_BATCH) {
        const last = Math.min(count, first + LOAD_BATCH);
        await raw.query(
          `insert into members (company_id, name, phone_number, company_name, groups, levels)
           select $1, '${prefix} ' || i, '010' || lpad(i::text, 8, '0'), 'Org ' || (i % 500), array['G' || (i % 7)], array['L' || (i % 3)]
           from generate_series($2::int, $3::int - 1) as i`,
          [companyId, first, last],
        );
      }
    };
    await insertMembers(target, MEMBERS, 'Bench');
    await insertMembers(demo, OTHER_MEMBERS, 'Demo');
    for (let first = 0; first < CALLS; first += LOAD_BATCH) {
      const last = Math.min(CALLS, first + LOAD_BATCH);
      await raw.query(
        `insert into calls (company_id, uniqueid, direction, caller_number, callee_number, extension, extensions, started_at, answered_at, ended_at, duration_seconds, talk_seconds, disposition)
         select $1, 'bench-' || i, 'inbound', '010' || lpad(i::text, 8, '0'), '1001', '1001', array['1001'],
                now() - make_interval(secs => i), now() - make_interval(secs => i - 5), now() - make_interval(secs => i - 65), 65, 60, 'answered'
         from generate_series($2::int, $3::int - 1) as i`,
        [target, first, last],
      );
    }
    // VACUUM now rather than autovacuum during the "before" phase (it made "before" the slowest phase).
    await raw.query('vacuum analyze members');
    await raw.query('vacuum analyze calls');
    log(`load: ${((performance.now() - loadStarted) / 1000).toFixed(0)} s`);

    server = await startAppServer(env);
    const base = server.url;
    const manager = await signIn(base, 'manager', DEMO_PASSWORDS.manager!);
    const admin = await signIn(base, 'admin', DEMO_PASSWORDS.admin!);

    let phase: 'warmup' | 'before' | 'during' | 'after' | 'stop' = 'warmup';
    const times: Record<'before' | 'during' | 'after', number[]> = { before: [], during: [], after: [] };
    const failures: Record<string, number> = {};
    const pages = Math.max(1, Math.floor(OTHER_MEMBERS / 20));
    const client = async (index: number) => {
      let turn = index;
      while (phase !== 'stop') {
        turn += 1;
        const started = performance.now();
        const n = Math.floor(Math.random() * OTHER_MEMBERS);
        const request =
          turn % 2 === 0
            ? post(`${base}/api/v1/member/list`, manager, { page: 1 + Math.floor(Math.random() * Math.min(pages, 500)), per_page: 20 })
            : post(`${base}/api/v1/member/phone-number/010${String(n).padStart(8, '0')}`, manager, {});
        const { status } = await request;
        const took = performance.now() - started;
        if (status !== 200) failures[String(status)] = (failures[String(status)] ?? 0) + 1;
        if (phase === 'before' || phase === 'during' || phase === 'after') times[phase].push(took);
      }
    };
    const clients = Array.from({ length: CLIENTS }, (_, i) => client(i));

    await sleep(WARMUP_SECONDS * 1000);
    phase = 'before';
    const beforeStarted = performance.now();
    await sleep(BEFORE_SECONDS * 1000);
    const beforeSeconds = (performance.now() - beforeStarted) / 1000;

    phase = 'during';
    const duringStarted = performance.now();
    const started = await post<{ data: { id: number; total: number } }>(`${base}/api/v1/management/company/data/destroy`, admin, { id: target });
    if (started.status !== 202) throw new Error(`data/destroy answered ${started.status}: ${JSON.stringify(started.json)}`);
    type Job = { state: string; total: number; deleted: number; started_at: string; finished_at: string | null; current_table: string | null };
    let job: Job | null = null;
    let lastReport = 0;
    for (;;) {
      await sleep(250);
      job = (await post<{ data: Job }>(`${base}/api/v1/management/company/data/destroy/status`, admin, { id: target })).json.data;
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        log(`  ${job.deleted.toLocaleString('en')} of ${job.total.toLocaleString('en')} rows (${job.current_table ?? '-'})`);
      }
      if (job.state !== 'running') break;
    }
    const duringSeconds = (performance.now() - duringStarted) / 1000;
    // After: the same load again, so a drift of the machine's own load shows beside the destroy's effect.
    phase = 'after';
    const afterStarted = performance.now();
    await sleep(BEFORE_SECONDS * 1000);
    const afterSeconds = (performance.now() - afterStarted) / 1000;
    phase = 'stop';
    await Promise.all(clients);
    if (job.state !== 'done') throw new Error(`the destroy ended ${job.state}`);
    const left = (await raw.query<{ m: string; c: string }>(`select (select count(*) from members where company_id = $1) as m, (select count(*) from calls where company_id = $1) as c`, [target])).rows[0]!;
    if (Number(left.m) !== 0 || Number(left.c) !== 0) throw new Error(`rows left: ${JSON.stringify(left)}`);
    const demoLeft = Number((await raw.query<{ n: string }>(`select count(*) as n from members where company_id = $1`, [demo])).rows[0]!.n);
    if (demoLeft < OTHER_MEMBERS) throw new Error(`the Demo company lost members: ${demoLeft}`);

    const before = summary(times.before, beforeSeconds);
    const during = summary(times.during, duringSeconds);
    const after = summary(times.after, afterSeconds);
    const jobSeconds = (Date.parse(job.finished_at!) - Date.parse(job.started_at)) / 1000;
    const ratio = during.p99 / before.p99;
    log(`before (${beforeSeconds.toFixed(0)} s): ${line(before)}`);
    log(`during (${duringSeconds.toFixed(0)} s): ${line(during)}`);
    log(`after (${afterSeconds.toFixed(0)} s): ${line(after)}`);
    log(`destroy: ${job.deleted.toLocaleString('en')} rows in ${jobSeconds.toFixed(1)} s (job stamps; ${duringSeconds.toFixed(1)} s from the 202 to done seen), ${(job.deleted / jobSeconds).toFixed(0)} rows/s`);
    log(`p99 during ÷ p99 before: ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO}): ${ratio <= GOAL_RATIO ? 'met' : 'NOT met'}`);
    if (Object.keys(failures).length) log(`non-200 answers: ${JSON.stringify(failures)}`);
    log(`machine: ${JSON.stringify(await machineLoad())}`);
    if (process.env.BENCH_JSON) {
      writeFileSync(process.env.BENCH_JSON, JSON.stringify({ members: MEMBERS, calls: CALLS, otherMembers: OTHER_MEMBERS, clients: CLIENTS, before, during, after, ratio, jobSeconds, deleted: job.deleted, failures }, null, 2));
    }
  } finally {
    await server?.stop();
    await raw.end();
    await temp.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
