/**
 * npm run bench:statistics — a month's inbound report by hour and queue (issue 18, docs/queues.md
 * "Statistics") over 10,000,000 calls on PostgreSQL, from the rolled-up slots (queue_stats_15m), against
 * the same report as a plain GROUP BY over the raw calls, in the same run on the same data.
 *
 * One fresh PostgreSQL database (migrations and demo seed, as `npm start`), then in the Demo company:
 *   - N calls spread evenly over D days ending at yesterday's Seoul midnight, over Q queues and A agents,
 *     written straight into `calls` and, as the recorder would, into `queue_log` (ENTERQUEUE, then
 *     CONNECT and COMPLETE, or ABANDON, or EXITWITHTIMEOUT): 85 % answered, 13 % abandoned, 2 % timed
 *     out; waits, talk times and agents from a fixed hash of the call's number, so every run is the same.
 *     The tables' secondary indexes are dropped for the load and built again after it, then ANALYZE.
 *   - the product's roll (rollStatistics, as the 5-minute job runs it) rolls the whole history up: timed.
 *   - the report: `inboundStatistics` (what `POST statistics/inbound` runs) for the last whole Seoul
 *     month, `bucket: '1h'`, `group_by: 'queue'`, plus JSON.stringify of its rows; BENCH_RUNS times.
 *   - the baseline: one GROUP BY hour and queue over `calls` for the same month (offered, answered,
 *     abandoned, answered within 20 s, average wait and talk); BENCH_BASELINE_RUNS times.
 *   The two must agree on every total, or the run fails.
 *
 * Environment: BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/postgres), BENCH_CALLS (10000000),
 * BENCH_DAYS (92), BENCH_QUEUES (10), BENCH_AGENTS (200), BENCH_RUNS (30), BENCH_BASELINE_RUNS (5), BENCH_JSON,
 * BENCH_KEEP_DATABASE (keep the database and print its address, to look at plans).
 */
import { writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../server/src/config';
import { companyScope } from '../server/src/db/company-scope';
import { prepareDatabase } from '../server/src/db/prepare';
import { companies } from '../server/src/db/schema';
import { createPasswordHasher } from '../server/src/lib/passwords';
import { inboundStatistics } from '../server/src/services/queues/statistics';
import { rollStatistics } from '../server/src/services/queues/statistics-rollup';
import { createTempDatabase } from '../tests/e2e/support/temp-database';
import { machineLoad, ms, summarize } from './lib/stats';

const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const value = process.env[name] ? Number(process.env[name]) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
};

const CALLS = intEnv('BENCH_CALLS', 10_000_000, 1000, 50_000_000);
const DAYS = intEnv('BENCH_DAYS', 92, 31, 400);
const QUEUES = intEnv('BENCH_QUEUES', 10, 1, 100);
const AGENTS = intEnv('BENCH_AGENTS', 200, 1, 5000);
const RUNS = intEnv('BENCH_RUNS', 30, 1, 1000);
const BASELINE_RUNS = intEnv('BENCH_BASELINE_RUNS', 5, 1, 100);
const LOAD_BATCH = 1_000_000;
const GOAL_P95_MS = 300;
const GOAL_SPEEDUP = 20;
const DAY_MS = 86_400_000;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** Seoul midnight of the day holding `at`. */
const seoulMidnight = (at: number) => Date.parse(`${new Date(at + 9 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+09:00`);

/** The last whole Seoul month before `at`: [first day 00:00, next month's first day 00:00). */
function lastWholeMonth(at: number): { from: number; to: number } {
  const local = new Date(at + 9 * 3_600_000);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth();
  const iso = (y: number, m: number) => `${new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10)}T00:00:00+09:00`;
  return { from: Date.parse(iso(year, month - 1)), to: Date.parse(iso(year, month)) };
}

/**
 * The calls and their queue-log rows for call numbers [first, last), in one statement each. Every
 * attribute is a fixed hash of the call's number `i`; the two tables agree by construction.
 */
function loadStatements(companyId: number, from: number, spanMs: number) {
  const facts = `
    with n as (select i, ((i * 2654435761) % 1000) as r1, ((i * 40503) % 1009) as r2, ((i * 69069) % 997) as r3, ((i * 1103515245) % 1013) as r4
               from generate_series($1::bigint, $2::bigint - 1) as i),
    f as (select i,
            to_timestamp((${from} + (i * ${spanMs}::numeric / ${CALLS})::bigint) / 1000.0) as started,
            (600 + i % ${QUEUES})::text as queue,
            (3000 + r4 % ${AGENTS})::text as agent,
            case when r1 < 850 then 'answered' when r1 < 980 then 'abandoned' else 'missed' end as outcome,
            case when r1 < 850 then 1 + r2 % 40 when r1 < 980 then 5 + r2 % 90 else 300 end as wait_s,
            30 + r3 % 400 as talk_s
          from n)`;
  const callsSql = `${facts}
    insert into calls (company_id, uniqueid, direction, caller_number, callee_number, extension, extensions, queue, started_at, answered_at, ended_at, duration_seconds, talk_seconds, disposition)
    select ${companyId}, 'bench-' || i, 'inbound', '010' || lpad((i % 100000000)::text, 8, '0'), queue,
           case when outcome = 'answered' then agent end, case when outcome = 'answered' then array[agent] else array[]::text[] end, queue,
           started, case when outcome = 'answered' then started + make_interval(secs => wait_s) end,
           started + make_interval(secs => wait_s + case when outcome = 'answered' then talk_s else 0 end),
           wait_s + case when outcome = 'answered' then talk_s else 0 end,
           case when outcome = 'answered' then talk_s end, outcome
    from f`;
  const logSql = `${facts}
    insert into queue_log (company_id, at, event, uniqueid, queue, agent, data)
    select ${companyId}, e.at, e.event, 'bench-' || f.i, f.queue, e.agent, e.data
    from f cross join lateral (values
      (f.started, 'ENTERQUEUE', '', jsonb_build_object('caller', '010' || lpad((f.i % 100000000)::text, 8, '0'))),
      (f.started + make_interval(secs => f.wait_s),
         case f.outcome when 'answered' then 'CONNECT' when 'abandoned' then 'ABANDON' else 'EXITWITHTIMEOUT' end,
         case when f.outcome = 'answered' then f.agent else '' end, jsonb_build_object('wait_s', f.wait_s)),
      (f.started + make_interval(secs => f.wait_s + f.talk_s), 'COMPLETE', f.agent, jsonb_build_object('wait_s', f.wait_s, 'talk_s', f.talk_s))
    ) as e(at, event, agent, data)
    where e.event <> 'COMPLETE' or f.outcome = 'answered'`;
  return { callsSql, logSql };
}

/** The baseline: the month's report by hour and queue as one GROUP BY over the raw calls. */
const BASELINE_SQL = `
  select date_trunc('hour', started_at at time zone 'Asia/Seoul') as hour, queue,
         count(*) as offered, count(answered_at) as answered,
         count(*) filter (where disposition = 'abandoned') as abandoned,
         count(*) filter (where answered_at - started_at <= interval '20 seconds') as within,
         avg(extract(epoch from answered_at - started_at)) as avg_wait_s, avg(talk_seconds) as avg_talk_s
  from calls
  where company_id = $1 and started_at >= $2 and started_at < $3 and queue is not null
  group by 1, 2 order by 1, 2`;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function main(): Promise<void> {
  const baseUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const temp = await createTempDatabase(baseUrl);
  const env = { NODE_ENV: 'test', DATABASE_URL: temp.url, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'warn' };
  const config = loadConfig(env);
  const { handle } = await prepareDatabase(config, createPasswordHasher(config.argon2));
  const raw = new pg.Client({ connectionString: temp.url });
  await raw.connect();
  try {
    const [company] = await handle.db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Call Centre'));
    if (!company) throw new Error('seed has no Demo Call Centre');
    const until = seoulMidnight(Date.now());
    const from = until - DAYS * DAY_MS;
    log(`# bench:statistics — ${CALLS.toLocaleString('en')} calls over ${DAYS} days, ${QUEUES} queues, ${AGENTS} agents (PostgreSQL)`);

    // Bulk load without the secondary indexes, built again afterwards (as a restore does).
    const indexes = (await raw.query<{ indexname: string; indexdef: string }>(`select indexname, indexdef from pg_indexes where tablename in ('calls', 'queue_log') and indexname not like '%_pkey'`)).rows;
    for (const index of indexes) await raw.query(`drop index ${index.indexname}`);
    const { callsSql, logSql } = loadStatements(company.id, from, until - from);
    const load = await timed(async () => {
      for (let first = 0; first < CALLS; first += LOAD_BATCH) {
        const last = Math.min(CALLS, first + LOAD_BATCH);
        await raw.query(callsSql, [first, last]);
        await raw.query(logSql, [first, last]);
        log(`  loaded ${last.toLocaleString('en')} calls`);
      }
      for (const index of indexes) await raw.query(index.indexdef);
      await raw.query('analyze calls');
      await raw.query('analyze queue_log');
    });
    const logRows = Number((await raw.query<{ n: string }>('select count(*) as n from queue_log')).rows[0]!.n);
    log(`load: ${(load.ms / 1000).toFixed(0)} s (${logRows.toLocaleString('en')} queue-log rows)`);

    const scope = companyScope(handle.db, company.id);
    const roll = await timed(() => rollStatistics(scope, Date.now()));
    const count = async (table: string) => Number((await raw.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]!.n);
    const slotRows = await count('queue_stats_15m');
    const agentSlotRows = await count('queue_agent_stats_15m');
    log(`roll of the whole history: ${(roll.ms / 1000).toFixed(1)} s (${slotRows.toLocaleString('en')} queue slots, ${agentSlotRows.toLocaleString('en')} agent slots, rolled to ${new Date(roll.value ?? 0).toISOString()})`);

    const month = lastWholeMonth(Date.now());
    const body = { from: new Date(month.from).toISOString(), to: new Date(month.to).toISOString(), bucket: '1h' as const, group_by: 'queue' as const };
    const reportTimes: number[] = [];
    let rows: Awaited<ReturnType<typeof inboundStatistics>> = [];
    let bytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const { value, ms: took } = await timed(async () => {
        const result = await inboundStatistics(scope, body);
        bytes = JSON.stringify({ data: result }).length;
        return result;
      });
      rows = value;
      reportTimes.push(took);
    }
    const report = summarize(reportTimes);
    log(`report (rolled slots): ${rows.length} rows, ${(bytes / 1024).toFixed(0)} KB of JSON; p50 ${ms(report.p50)}, p95 ${ms(report.p95)}, max ${ms(report.max)} over ${RUNS} runs`);

    const baselineTimes: number[] = [];
    let baselineRows: Record<string, string>[] = [];
    for (let run = 0; run < BASELINE_RUNS; run += 1) {
      const { value, ms: took } = await timed(() => raw.query<Record<string, string>>(BASELINE_SQL, [company.id, new Date(month.from), new Date(month.to)]));
      baselineRows = value.rows;
      baselineTimes.push(took);
    }
    const baseline = summarize(baselineTimes);
    log(`baseline (GROUP BY over raw calls): ${baselineRows.length} rows; p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)} over ${BASELINE_RUNS} runs`);

    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const ours = { offered: sum(rows.map((r) => r.offered)), answered: sum(rows.map((r) => r.answered)), abandoned: sum(rows.map((r) => r.abandoned)) };
    const theirs = { offered: sum(baselineRows.map((r) => Number(r.offered))), answered: sum(baselineRows.map((r) => Number(r.answered))), abandoned: sum(baselineRows.map((r) => Number(r.abandoned))) };
    log(`totals: ours ${JSON.stringify(ours)}, baseline ${JSON.stringify(theirs)}`);
    if (JSON.stringify(ours) !== JSON.stringify(theirs)) throw new Error('the rolled report and the baseline disagree');

    const speedup = baseline.p50 / report.p50;
    log(`speed-up (baseline p50 ÷ report p50): ${speedup.toFixed(1)}× (goal ≥ ${GOAL_SPEEDUP}×); report p95 goal < ${GOAL_P95_MS} ms: ${report.p95 < GOAL_P95_MS ? 'met' : 'NOT met'}`);
    log(`machine: ${JSON.stringify(await machineLoad())}`);
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify({ calls: CALLS, days: DAYS, logRows, slotRows, agentSlotRows, loadMs: load.ms, rollMs: roll.ms, report, baseline, speedup, ours, theirs }, null, 2));
  } finally {
    await raw.end();
    await handle.close();
    if (process.env.BENCH_KEEP_DATABASE) log(`kept: ${temp.url}`);
    else await temp.drop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
