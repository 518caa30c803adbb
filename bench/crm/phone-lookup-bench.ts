/**
 * npm run bench:phone-lookup — issue 4 item 11: the member lookup by phone number (the screen pop's
 * query, `POST member/phone-number/{number}`) with 1,000,000 members in the company, against a bare
 * JSON route of the same server, side by side in one run. Goal: at least half the bare route's
 * requests per second, and p99 under 10 ms.
 *
 * Setup: a new PostgreSQL database beside BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end; migrations and demo data as at
 * `npm start`, then 1,000,000 members of Demo Call Centre added by one `generate_series` INSERT, then
 * VACUUM (ANALYZE) and CHECKPOINT. PGlite is not used: a million members in a WebAssembly heap inside
 * the app process is not a configuration anyone should run a large call-centre on (docs/benchmarks.md),
 * and seeding it takes minutes. BENCH_PGLITE=1 runs it anyway (with fewer members if BENCH_MEMBERS says so).
 *
 * The app server runs in a child process (crm-server-entry.ts: the real app plus `GET
 * /api/v1/bench-bare`, a constant JSON answer through the same plugins). A closed-loop load generator
 * (lib/load.ts, keep-alive, BENCH_CONCURRENCY connections) alternates the two routes, BENCH_SECONDS
 * each, BENCH_REPS times, after a warm-up. Lookups ask for random members' numbers, half of them
 * written with hyphens or +82 (the route normalises them), and a few numbers nobody has.
 *
 * A diagnostic route of the bench server runs in the same rounds, to say where a lookup's time goes:
 * the token check alone (`bench-auth`), and the lookup's route with a canned answer instead of the
 * database (`bench-nodb`: token, access, parameter, body, normalising, the answer's JSON). Each round also says where the machine's CPU went per request
 * (the app, the load generator, the rest: mostly PostgreSQL and the kernel; lib/cpu-split.ts).
 *
 * Environment: BENCH_MEMBERS (1000000), BENCH_CONCURRENCY (8), BENCH_SECONDS (10), BENCH_REPS (3),
 * BENCH_DATABASE_URL, BENCH_PGLITE, BENCH_JSON.
 */
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../server/src/config';
import { prepareDatabase } from '../../server/src/db/prepare';
import { createPasswordHasher } from '../../server/src/lib/passwords';
import { freshBenchDatabase, managerToken } from './lib/bench-database';
import { intEnv, machine, median, ms, summarise } from './lib/bench-stats';
import { startCpuSplit, type CpuSplit } from './lib/cpu-split';
import { runLoad, type LoadRequest, type LoadResult } from './lib/load';
import { startBenchServer } from './lib/server-process';

const MEMBERS = intEnv('BENCH_MEMBERS', 1_000_000, 1000, 2_000_000);
const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 8, 1, 256);
const SECONDS = intEnv('BENCH_SECONDS', 10, 2, 120);
const REPS = intEnv('BENCH_REPS', 3, 1, 10);
const GOAL_SHARE = 0.5;
const GOAL_P99_MS = 10;
const DEFAULT_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Member i's number: 010 and eight digits, as stored (normalised). */
const numberOf = (i: number) => `010${String(i).padStart(8, '0')}`;

/** Random members' numbers in the forms people type them; one in twenty belongs to nobody. */
function lookupNumber(): string {
  if (Math.random() < 0.05) return `019${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const digits = numberOf(Math.floor(Math.random() * MEMBERS));
  const form = Math.random();
  if (form < 0.5) return digits;
  if (form < 0.75) return `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;
  return `+82 ${digits.slice(1, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
}

async function seedMembers(env: Record<string, string>): Promise<number> {
  const config = loadConfig(env);
  const { handle } = await prepareDatabase(config, createPasswordHasher(config.argon2));
  try {
    const t0 = performance.now();
    // One statement on the server side: no rows cross the wire.
    await handle.db.execute(sql`
      insert into members (company_id, name, phone_number, company_name, groups, levels, custom_fields)
      select c.id, '회원 ' || i, '010' || lpad(i::text, 8, '0'), '회사 ' || (i % 1000),
        case when i % 3 = 0 then array['VIP'] else array[]::text[] end, array['Gold'], '{}'::jsonb
      from generate_series(0, ${MEMBERS - 1}) as i, (select id from companies where name = 'Demo Call Centre') as c`);
    // Vacuumed and checkpointed now, as a live table would be: otherwise autovacuum and the checkpoint
    // of a million fresh rows run during the first rounds and take the CPU from whichever route runs.
    await handle.db.execute(sql`vacuum (analyze) members`);
    await handle.db.execute(sql`checkpoint`);
    return performance.now() - t0;
  } finally {
    await handle.close();
  }
}

type Round = LoadResult & { cpu: CpuSplit };

/** CPU microseconds per answered request, split between the app, the load generator and the rest. */
const perRequest = (round: Round) => {
  const us = (value: number) => ((value * 1000) / Math.max(1, round.latencies.length)).toFixed(0);
  return `CPU/request app ${us(round.cpu.appMs)} µs, load ${us(round.cpu.loadMs)} µs, rest ${us(round.cpu.restMs)} µs`;
};

const line = (label: string, result: Round) => {
  const s = summarise(result.latencies);
  return `${label.padEnd(7)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${ms(s.p50)}  p99 ${ms(s.p99)}  max ${ms(s.max)}  errors ${result.errors}  ${perRequest(result)}`;
};

async function main(): Promise<void> {
  const pglite = process.env.BENCH_PGLITE === '1';
  console.log(`bench:phone-lookup — ${MEMBERS.toLocaleString('en')} members, ${CONCURRENCY} connections, ${SECONDS} s per round, ${REPS} repetitions`);
  console.log(`machine: ${machine()}`);
  const database = await freshBenchDatabase(pglite ? undefined : (process.env.BENCH_DATABASE_URL ?? DEFAULT_POSTGRES));
  let server: Awaited<ReturnType<typeof startBenchServer>> | null = null;
  try {
    const seedMs = await seedMembers(database.env);
    console.log(`database: ${database.driver}; ${MEMBERS.toLocaleString('en')} members seeded in ${ms(seedMs)}`);
    server = await startBenchServer(database.env);
    const token = await managerToken(server.url);
    const bare = () => ({ method: 'GET' as const, path: '/api/v1/bench-bare' });
    const lookup = () => ({
      method: 'POST' as const,
      path: `/api/v1/member/phone-number/${encodeURIComponent(lookupNumber())}`,
      headers: { authorization: `Bearer ${token}` },
      body: '{}',
    });
    const authOnly = () => ({ method: 'GET' as const, path: '/api/v1/bench-auth', headers: { authorization: `Bearer ${token}` } });
    const noDb = () => ({ ...lookup(), path: `/api/v1/bench-nodb/${encodeURIComponent(lookupNumber())}` });

    // Correctness first: a member's number in every form finds exactly that member.
    const probe = await fetch(`${server.url}/api/v1/member/phone-number/${encodeURIComponent('+82 10-0000-0042')}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const found = (await probe.json()) as { memberCount: number; data: { name: string }[] };
    if (found.memberCount !== 1 || found.data[0]?.name !== '회원 42') throw new Error(`lookup answered ${JSON.stringify(found).slice(0, 200)}`);

    for (const warmUp of [bare, lookup, authOnly, noDb]) await runLoad(server.url, CONCURRENCY, 2000, warmUp);
    const appPid = server.pid;
    const round = async (label: string, next: () => LoadRequest, into: Round[]) => {
      const stopCpu = startCpuSplit(appPid);
      const result = await runLoad(server!.url, CONCURRENCY, SECONDS * 1000, next);
      into.push({ ...result, cpu: stopCpu() });
      console.log(line(label, into[into.length - 1]!));
    };
    const bares: Round[] = [];
    const lookups: Round[] = [];
    const auths: Round[] = [];
    const noDbs: Round[] = [];
    for (let rep = 1; rep <= REPS; rep += 1) {
      await round('bare', bare, bares);
      await round('lookup', lookup, lookups);
      await round('auth', authOnly, auths);
      await round('nodb', noDb, noDbs);
    }
    const summary = {
      members: MEMBERS,
      database: database.driver,
      concurrency: CONCURRENCY,
      seconds: SECONDS,
      machine: machine(),
      bareRps: median(bares.map((r) => r.rps)),
      bareP50: median(bares.map((r) => summarise(r.latencies).p50)),
      bareP99: median(bares.map((r) => summarise(r.latencies).p99)),
      lookupRps: median(lookups.map((r) => r.rps)),
      lookupP50: median(lookups.map((r) => summarise(r.latencies).p50)),
      lookupP99: median(lookups.map((r) => summarise(r.latencies).p99)),
      authRps: median(auths.map((r) => r.rps)),
      authP99: median(auths.map((r) => summarise(r.latencies).p99)),
      noDbRps: median(noDbs.map((r) => r.rps)),
      noDbP99: median(noDbs.map((r) => summarise(r.latencies).p99)),
      errors: [...bares, ...lookups, ...auths, ...noDbs].reduce((n, r) => n + r.errors, 0),
    };
    const share = summary.lookupRps / summary.bareRps;
    const goalMet = share >= GOAL_SHARE && summary.lookupP99 < GOAL_P99_MS;
    console.log(
      `\nmedians: bare ${summary.bareRps.toFixed(0)} req/s (p50 ${ms(summary.bareP50)}, p99 ${ms(summary.bareP99)}); lookup ${summary.lookupRps.toFixed(0)} req/s (p50 ${ms(summary.lookupP50)}, p99 ${ms(summary.lookupP99)})`,
    );
    console.log(
      `diagnostics: token check alone ${summary.authRps.toFixed(0)} req/s (p99 ${ms(summary.authP99)}); the lookup route without the database ${summary.noDbRps.toFixed(0)} req/s (p99 ${ms(summary.noDbP99)})`,
    );
    console.log(`lookup = ${(share * 100).toFixed(0)} % of bare (goal ≥ ${GOAL_SHARE * 100} %), p99 ${ms(summary.lookupP99)} (goal < ${GOAL_P99_MS} ms): ${goalMet ? 'met' : 'NOT met'}`);
    console.log(`machine after: ${machine()}`);
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ ...summary, share, goalMet }, null, 2));
  } finally {
    await server?.stop();
    await database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
