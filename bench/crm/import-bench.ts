/**
 * npm run bench:import — issue 4 item 11: importing 100,000 members end to end against the time to
 * only parse the same file, side by side in one run (goal: import ≤ 1.5 × parse alone).
 *
 * Setup: the real app server in a child process (crm-server-entry.ts) on a fresh database (PGlite in a
 * temp directory; with BENCH_DATABASE_URL a new PostgreSQL database beside that URL, dropped at the
 * end). The workbook is generated once with SheetJS, shared strings as Excel writes them.
 *
 * Per repetition, alternating so both see the same machine:
 *   - parse alone: in this process, the import's own reader (server/src/services/import/worker/
 *     sheet-reader.ts) reads the first sheet and every row's cell texts, nothing more;
 *   - for reference, SheetJS reading the same sheet to cell texts as imports did before the streaming
 *     reader (server/test/import-export/sheetjs-reference.ts);
 *   - import end to end: POST member/import (multipart, commit=true) until the status says done: the
 *     upload, the zip checks, the worker's parse, mapping and validation, the inserts and the polling
 *     (every 50 ms).
 * One small import first starts the worker (its cold start is reported apart). After the timed
 * repetitions, one more import runs while probes ask GET /api/v1/bench-bare (no database) and
 * GET /api/v1/health (one query) one after the other, to show whether the server kept answering; it is
 * not timed, so the probes' own work does not slow the timed imports.
 *
 * Environment: BENCH_ROWS (100000), BENCH_REPS (3), BENCH_DATABASE_URL, BENCH_JSON (write results).
 */
import { writeFileSync } from 'node:fs';
import type { ImportStatus } from '../../src/api/contracts/import.contract';
import { openFirstSheet } from '../../server/src/services/import/worker/sheet-reader';
import { readZipDirectory } from '../../server/src/services/import/zip-directory';
import { cellText, readFirstSheet } from '../../server/test/import-export/sheetjs-reference';
import { freshBenchDatabase, managerToken } from './lib/bench-database';
import { intEnv, machine, median, ms, summarise, type LatencySummary } from './lib/bench-stats';
import { memberWorkbook } from './lib/member-workbook';
import { startBenchServer } from './lib/server-process';

const ROWS = intEnv('BENCH_ROWS', 100_000, 1000, 100_000);
const REPS = intEnv('BENCH_REPS', 3, 1, 10);
const GOAL_RATIO = 1.5;
const RUN_DEADLINE_MS = 30 * 60_000;
const runDeadline = Date.now() + RUN_DEADLINE_MS;

/** Both readers count the non-empty cells they read, which must agree. */
function parseAlone(bytes: Uint8Array): { ms: number; cells: number } {
  const t0 = performance.now();
  const sheet = openFirstSheet(bytes, readZipDirectory(bytes, 1000), { maxDataRows: ROWS, maxColumns: 100 });
  let cells = 0;
  for (const row of sheet.rows()) for (const text of row) cells += text.length > 0 ? 1 : 0;
  return { ms: performance.now() - t0, cells };
}

function parseWithSheetJs(bytes: Uint8Array): { ms: number; cells: number } {
  const t0 = performance.now();
  const sheet = readFirstSheet(bytes, ROWS, 100);
  let cells = 0;
  for (const row of sheet.rows) for (let c = 0; c < sheet.headers.length; c += 1) cells += cellText(row?.[c]).length > 0 ? 1 : 0;
  return { ms: performance.now() - t0, cells };
}

/** Sequential probes of one route until `stop()`; their latencies show whether the server kept answering. */
function probe(url: string) {
  const latencies: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const t0 = performance.now();
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) latencies.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async (): Promise<LatencySummary> => {
    running = false;
    await loop;
    return summarise(latencies);
  };
}

async function importEndToEnd(url: string, token: string, bytes: Uint8Array, name: string, withProbes = false) {
  const noProbe = async (): Promise<LatencySummary> => summarise([]);
  const stopBare = withProbes ? probe(`${url}/api/v1/bench-bare`) : noProbe;
  const stopHealth = withProbes ? probe(`${url}/api/v1/health`) : noProbe;
  const t0 = performance.now();
  const form = new FormData();
  form.append('commit', 'true');
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const auth = { authorization: `Bearer ${token}`, accept: 'application/json' };
  const started = await fetch(`${url}/api/v1/member/import`, { method: 'POST', headers: auth, body: form });
  if (!started.ok) throw new Error(`import answered ${started.status}: ${await started.text()}`);
  const id = ((await started.json()) as ImportStatus).import_id;
  let status: ImportStatus;
  for (;;) {
    const response = await fetch(`${url}/api/v1/member/import/${id}/status`, { method: 'POST', headers: auth });
    status = (await response.json()) as ImportStatus;
    if (status.status === 'done' || status.status === 'failed') break;
    if (Date.now() > runDeadline) throw new Error('run deadline passed');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const total = performance.now() - t0;
  const [bare, health] = [await stopBare(), await stopHealth()];
  if (status.status !== 'done' || status.inserted + status.failed !== status.total_rows) throw new Error(`import ended ${status.status}: ${status.message}`);
  return { total, server: status.elapsed_ms, serverParse: status.parse_ms ?? 0, inserted: status.inserted, bare, health };
}

async function main(): Promise<void> {
  console.log(`bench:import — ${ROWS.toLocaleString('en')} rows, ${REPS} repetitions`);
  console.log(`machine: ${machine()}`);
  let t = performance.now();
  const bytes = memberWorkbook(ROWS);
  const small = memberWorkbook(1000);
  console.log(`workbook: ${(bytes.length / 1024 / 1024).toFixed(1)} MB, generated in ${ms(performance.now() - t)}`);

  const database = await freshBenchDatabase(process.env.BENCH_DATABASE_URL);
  const server = await startBenchServer(database.env).catch(async (error: unknown) => {
    await database.cleanup();
    throw error;
  });
  try {
    const token = await managerToken(server.url);
    console.log(`database: ${database.driver}; server pid ${server.pid} at ${server.url}`);
    const idleBare = probe(`${server.url}/api/v1/bench-bare`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await idleBare();
    t = performance.now();
    const cold = await importEndToEnd(server.url, token, small, 'warm-up.xlsx');
    console.log(`cold start: 1,000-row import in ${ms(cold.total)} (first use of the worker); idle bare p99 ${ms(idle.p99)}`);

    const parse: number[] = [];
    const sheetJs: number[] = [];
    const imports: Awaited<ReturnType<typeof importEndToEnd>>[] = [];
    for (let rep = 1; rep <= REPS; rep += 1) {
      const own = parseAlone(bytes);
      const reference = parseWithSheetJs(bytes);
      if (own.cells === 0 || own.cells !== reference.cells) throw new Error(`readers disagree: ${own.cells} vs ${reference.cells} cells`);
      parse.push(own.ms);
      sheetJs.push(reference.ms);
      imports.push(await importEndToEnd(server.url, token, bytes, `members-${rep}.xlsx`));
      const last = imports[imports.length - 1]!;
      console.log(
        `rep ${rep}: parse alone ${ms(parse[rep - 1]!)} | SheetJS ${ms(sheetJs[rep - 1]!)} | import ${ms(last.total)} (server ${ms(last.server)}, of which before the first rows went in ${ms(last.serverParse)}; ${last.inserted} rows)`,
      );
    }
    const probed = await importEndToEnd(server.url, token, bytes, 'probed.xlsx', true);
    console.log(
      `probed import (not timed): ${ms(probed.total)}; meanwhile bare p50 ${ms(probed.bare.p50)} p99 ${ms(probed.bare.p99)} max ${ms(probed.bare.max)} (${probed.bare.count} requests), health p50 ${ms(probed.health.p50)} p99 ${ms(probed.health.p99)} max ${ms(probed.health.max)}`,
    );
    const ratio = median(imports.map((i) => i.total)) / median(parse);
    const summary = {
      rows: ROWS,
      database: database.driver,
      machine: machine(),
      fileMB: bytes.length / 1024 / 1024,
      parseAloneMs: median(parse),
      sheetJsMs: median(sheetJs),
      importMs: median(imports.map((i) => i.total)),
      importServerMs: median(imports.map((i) => i.server)),
      importServerParseMs: median(imports.map((i) => i.serverParse)),
      ratio,
      goalMet: ratio <= GOAL_RATIO,
      coldStartMs: cold.total,
      idleBareP50: idle.p50,
      idleBareP99: idle.p99,
      duringImportBare: probed.bare,
      duringImportHealth: probed.health,
    };
    console.log(
      `\nmedians: parse alone ${ms(summary.parseAloneMs)}, import end to end ${ms(summary.importMs)} → ${ratio.toFixed(2)} × parse alone (goal ≤ ${GOAL_RATIO}: ${summary.goalMet ? 'met' : 'NOT met'}); SheetJS reading the same ${ms(summary.sheetJsMs)} (import = ${(summary.importMs / summary.sheetJsMs).toFixed(2)} × that)`,
    );
    console.log(`server kept answering: bare p99 ${ms(probed.bare.p99)} (idle ${ms(idle.p99)}), worst ${ms(probed.bare.max)}; health p99 ${ms(probed.health.p99)}, worst ${ms(probed.health.max)}`);
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
