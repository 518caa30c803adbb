/**
 * npm run bench:auto-call-upload — issue 19: uploading 100,000 numbers into an auto-call campaign
 * against importing the same 100,000 rows as members, side by side in one run (goal: the upload takes
 * at most 1.2 × the member import).
 *
 * Setup as bench:import (bench/crm/import-bench.ts): the real app server in a child process on a fresh
 * database (PGlite in a temp directory; with BENCH_DATABASE_URL a new PostgreSQL database beside that
 * URL, dropped at the end). One workbook, the members' (name, phone number, company, groups, levels, two
 * custom fields), serves both: the campaign's upload maps its "Phone number" column by itself, so both
 * read and check the same file and differ only in what they write (a member with its groups, levels and
 * fields; or a number, looked up among the members to link it).
 *
 * Per repetition, in alternating order so both see the same machine and the same number of members
 * already in the database: a member import (`member/import`, commit=true) and an upload into a new
 * campaign (`auto-call/upload`, commit=true), each timed from the request until its status says done.
 * One small import of each first starts the worker.
 *
 * Environment: BENCH_ROWS (100000), BENCH_REPS (3), BENCH_DATABASE_URL, BENCH_JSON (write results).
 */
import { writeFileSync } from 'node:fs';
import type { ImportStatus } from '../src/api/contracts/import.contract';
import { freshBenchDatabase, managerToken } from './crm/lib/bench-database';
import { intEnv, machine, median, ms } from './crm/lib/bench-stats';
import { memberWorkbook } from './crm/lib/member-workbook';
import { startBenchServer } from './crm/lib/server-process';

const ROWS = intEnv('BENCH_ROWS', 100_000, 1000, 100_000);
const REPS = intEnv('BENCH_REPS', 3, 1, 10);
const GOAL_RATIO = 1.2;
const CALLER_ID = '0215887000';
const runDeadline = Date.now() + 40 * 60_000;

type Kind = 'members' | 'numbers';

async function api<T>(url: string, token: string, path: string, body: object): Promise<T> {
  const response = await fetch(`${url}/api/v1/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function newCampaign(url: string, token: string, name: string): Promise<number> {
  const { data } = await api<{ data: { id: number } }>(url, token, 'auto-call/store', { name, variant: 'studymax', caller_id: CALLER_ID, multiple: 2, extensions: ['1001'] });
  return data.id;
}

/** One import from the request to its status `done`; answers the wall time and the rows in. */
async function importOnce(url: string, token: string, kind: Kind, bytes: Uint8Array, name: string): Promise<{ ms: number; inserted: number }> {
  const fields: Record<string, string> = kind === 'numbers' ? { campaign_id: String(await newCampaign(url, token, name)) } : {};
  const [uploadPath, entity] = kind === 'numbers' ? ['auto-call/upload', 'auto-call'] : ['member/import', 'member'];
  const t0 = performance.now();
  const form = new FormData();
  form.append('commit', 'true');
  for (const [field, value] of Object.entries(fields)) form.append(field, value);
  form.append('file', new Blob([new Uint8Array(bytes)]), `${name}.xlsx`);
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const started = await fetch(`${url}/api/v1/${uploadPath}`, { method: 'POST', headers: auth, body: form });
  if (!started.ok) throw new Error(`${uploadPath} answered ${started.status}: ${await started.text()}`);
  const id = ((await started.json()) as ImportStatus).import_id;
  let status: ImportStatus;
  for (;;) {
    const response = await fetch(`${url}/api/v1/${entity}/import/${id}/status`, { method: 'POST', headers: auth });
    status = (await response.json()) as ImportStatus;
    if (status.status === 'done' || status.status === 'failed') break;
    if (Date.now() > runDeadline) throw new Error('run deadline passed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const elapsed = performance.now() - t0;
  if (status.status !== 'done' || status.inserted !== status.total_rows) throw new Error(`${kind} import ended ${status.status} with ${status.inserted}/${status.total_rows} rows in: ${status.message}`);
  return { ms: elapsed, inserted: status.inserted };
}

async function main(): Promise<void> {
  console.log(`bench:auto-call-upload — ${ROWS.toLocaleString('en')} rows, ${REPS} repetitions`);
  console.log(`machine: ${machine()}`);
  const bytes = memberWorkbook(ROWS);
  const small = memberWorkbook(1000);
  const database = await freshBenchDatabase(process.env.BENCH_DATABASE_URL);
  const server = await startBenchServer(database.env).catch(async (error: unknown) => {
    await database.cleanup();
    throw error;
  });
  try {
    const token = await managerToken(server.url);
    console.log(`database: ${database.driver}; workbook ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
    await api(server.url, token, 'caller-id/store', { number: CALLER_ID, name: 'Bench line', user_ids: [] });
    await importOnce(server.url, token, 'members', small, 'warm-up-members');
    await importOnce(server.url, token, 'numbers', small, 'warm-up-numbers');

    const times: Record<Kind, number[]> = { members: [], numbers: [] };
    for (let rep = 1; rep <= REPS; rep += 1) {
      const order: Kind[] = rep % 2 ? ['members', 'numbers'] : ['numbers', 'members'];
      const line: string[] = [];
      for (const kind of order) {
        const run = await importOnce(server.url, token, kind, bytes, `${kind}-${rep}`);
        times[kind].push(run.ms);
        line.push(`${kind} ${ms(run.ms)} (${run.inserted.toLocaleString('en')} rows)`);
      }
      console.log(`rep ${rep}: ${line.join(' | ')}`);
    }
    const members = median(times.members);
    const numbers = median(times.numbers);
    const ratio = numbers / members;
    const summary = { rows: ROWS, database: database.driver, machine: machine(), memberImportMs: members, numbersUploadMs: numbers, ratio, goalMet: ratio <= GOAL_RATIO, reps: times };
    console.log(`\nmedians: member import ${ms(members)}, campaign upload ${ms(numbers)} → ${ratio.toFixed(2)} × (goal ≤ ${GOAL_RATIO}: ${summary.goalMet ? 'met' : 'NOT met'})`);
    console.log(`machine after: ${machine()}`);
    if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(summary, null, 2));
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
