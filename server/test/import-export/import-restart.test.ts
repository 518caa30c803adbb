import { count, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ImportPreview, ImportStatus } from '../../../src/api/contracts/import.contract';
import { buildApp } from '../../src/app';
import { importJobs, members } from '../../src/db/schema';
import { CHUNK_ROWS, importRunnerTestHooks } from '../../src/services/import/import-runner';
import type { ImportJob } from '../../src/services/import/import-jobs';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';
import { upload, waitForImport } from './import-helpers';
import { workbookBytes } from './xlsx-fixtures';

/**
 * Issue 15 item 6: an import cut short by a server stop leaves a trace. The job is in the database, so
 * a server built afresh on the same data (app B) answers its status as `interrupted` with what was
 * committed; the user resumes it (the rest goes in, nothing twice) or starts over knowingly.
 *
 * Apps A and C stand for the server before the stop: A is shut down mid-import (a deploy, SIGTERM), C
 * "crashes" (it stops writing and its job is left `importing` under an owner nobody hears from). A test
 * hook holds each import before its third chunk, so exactly two chunks (1,000 rows) are committed.
 */
const ROWS = 3000;
const CHUNK = 500;
const HEADER = ['Name', 'Phone number'];
/** Every 400th row has no usable phone number (refused), so the counts and the errors are checked too. */
const bad = (i: number) => i % 400 === 7;
const sheet = (prefix: string, digits: string) =>
  workbookBytes([HEADER, ...Array.from({ length: ROWS }, (_, i) => [`${prefix} ${i}`, bad(i) ? 'no phone' : `010${digits}${String(i).padStart(4, '0')}`])]);
const validIn = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => from + k).filter((i) => !bad(i)).length;

let t: TestApp;
const others: FastifyInstance[] = [];
let manager: string;
let colleague: string;
let acme: string;
const savedChunkRows = CHUNK_ROWS.postgres;

beforeAll(async () => {
  t = await buildTestApp();
  manager = (await loginAs(t.app, 'manager')).access_token;
  colleague = (await loginAs(t.app, 'agent1')).access_token;
  acme = (await loginAs(t.app, 'acme-manager')).access_token;
  // The same chunks on both databases, so "two chunks committed" means the same rows.
  CHUNK_ROWS.postgres = CHUNK;
});
afterAll(async () => {
  CHUNK_ROWS.postgres = savedChunkRows;
  delete importRunnerTestHooks.beforeChunk;
  for (const app of others) await app.close();
  await t?.close();
});

/** Another app on the same database: a server process of its own (its own memory, its own owner id). */
async function anotherServer(): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, database: t.database, webDistDir: '/nonexistent' });
  await app.ready();
  others.push(app);
  return app;
}

/**
 * Holds the import of `fileName` before its third chunk until its run is stopped (or `release` is
 * called); `reached` resolves when it got there.
 */
function holdBeforeThirdChunk(fileName: string): { reached: Promise<ImportJob>; release: () => void } {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const reached = new Promise<ImportJob>((resolve) => {
    importRunnerTestHooks.beforeChunk = async (job, index, signal) => {
      if (job.fileName !== fileName || index !== 2) return;
      resolve(job);
      if (!signal.aborted) await Promise.race([released, new Promise((stopped) => signal.addEventListener('abort', stopped, { once: true }))]);
    };
  });
  return { reached, release };
}

const api = (app: FastifyInstance, path: string, token: string) => post(app, path, {}, { token });
const status = async (app: FastifyInstance, id: string, token = manager) => api(app, `/member/import/${id}/status`, token);
const membersNamed = async (prefix: string) => {
  const [row] = await t.db.select({ n: count() }).from(members).where(like(members.name, `${prefix} %`));
  return row!.n;
};

function resume(app: FastifyInstance, token: string, id: string, bytes: Uint8Array, fileName: string): Promise<LightMyRequestResponse> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  return app.inject({ method: 'POST', url: `/api/v1/member/import/${id}/resume`, headers: { authorization: `Bearer ${token}`, accept: 'application/json' }, payload: form });
}

describe('an import cut short by a shutdown', () => {
  const bytes = sheet('재시작', '7700');
  let id: string;
  let b: FastifyInstance;

  it('is recorded as interrupted with what it committed, and a restarted server says so', async () => {
    const a = await anotherServer();
    const held = holdBeforeThirdChunk('restart.xlsx');
    const started = await upload(a, manager, { bytes, fileName: 'restart.xlsx', fields: { commit: 'true' } });
    expect(started.statusCode, started.body).toBe(200);
    id = started.json<ImportStatus>().import_id;
    await held.reached;
    delete importRunnerTestHooks.beforeChunk;
    await a.close();

    b = await anotherServer();
    const answer = await status(b, id);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<ImportStatus>()).toMatchObject({
      status: 'interrupted',
      total_rows: ROWS,
      processed: 2 * CHUNK,
      inserted: validIn(0, 2 * CHUNK),
      failed: 2 * CHUNK - validIn(0, 2 * CHUNK),
      resume_row: 2 * CHUNK + 2,
      message: `The server stopped during this import: 1,000 of 3,000 rows had gone in by then (${validIn(0, 1000)} imported), and they stay saved. Resume with the same file to continue from row 1002, or start over.`,
    });
    expect(answer.json<ImportStatus>().errors.map((e) => e.row)).toEqual([9, 409, 809]);
    expect(await membersNamed('재시작')).toBe(validIn(0, 2 * CHUNK));

    const korean = await post(b, `/member/import/${id}/status`, {}, { token: manager, language: 'ko' });
    expect(korean.json<ImportStatus>().message).toContain('1002행부터 계속');
    const listed = await api(b, '/member/import/interrupted', manager);
    expect(listed.json<{ data: ImportStatus[] }>().data.map((s) => s.import_id)).toEqual([id]);
  });

  it('is nobody else’s: another company and another user of the same company get 404', async () => {
    for (const token of [acme, colleague]) {
      expect((await status(b, id, token)).statusCode).toBe(404);
      expect((await resume(b, token, id, bytes, 'restart.xlsx')).statusCode).toBe(404);
      expect((await api(b, `/member/import/${id}/discard`, token)).statusCode).toBe(404);
      expect((await api(b, '/member/import/interrupted', token)).json<{ data: unknown[] }>().data).toEqual([]);
    }
  });

  it('refuses the same file as a new import, and another file as its resume', async () => {
    const again = await upload(b, manager, { bytes, fileName: 'restart-copy.xlsx' });
    expect(again.statusCode, again.body).toBe(422);
    expect(again.json().errors.file[0]).toBe(
      `An import of this file (restart.xlsx) was cut short when the server stopped, after ${validIn(0, 1000)} rows had gone in. Resume that import above, or start it over.`,
    );
    const other = await resume(b, manager, id, sheet('다른파일', '7701'), 'restart.xlsx');
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().errors.file[0]).toBe('This is not the file that was being imported. Choose restart.xlsx as it was, or start over.');
  });

  it('resumes from the first uncommitted row: the rest goes in, nothing twice', async () => {
    const resumed = await resume(b, manager, id, bytes, 'restart.xlsx');
    expect(resumed.statusCode, resumed.body).toBe(200);
    const done = await waitForImport(b, manager, id);
    expect(done).toMatchObject({ status: 'done', total_rows: ROWS, processed: ROWS, inserted: validIn(0, ROWS), failed: ROWS - validIn(0, ROWS), message: null });
    // The rows before the resume point were checked again, so the errors (and the report) are whole.
    expect(done.errors.map((e) => e.row)).toEqual([9, 409, 809, 1209, 1609, 2009, 2409, 2809]);
    expect(await membersNamed('재시작')).toBe(validIn(0, ROWS));

    expect((await resume(b, manager, id, bytes, 'restart.xlsx')).statusCode).toBe(409);
    const [row] = await t.db.select().from(importJobs).where(eq(importJobs.id, id));
    expect(row).toMatchObject({ status: 'done', owner: null, processed: ROWS, inserted: validIn(0, ROWS) });
  });
});

describe('an import whose server crashed', () => {
  const bytes = sheet('충돌', '7800');
  let id: string;

  it('stays running while its owner is alive, and turns interrupted once the owner is gone', async () => {
    const c = await anotherServer();
    const held = holdBeforeThirdChunk('crash.xlsx');
    const started = await upload(c, manager, { bytes, fileName: 'crash.xlsx', fields: { commit: 'true' } });
    id = started.json<ImportStatus>().import_id;
    await held.reached;
    delete importRunnerTestHooks.beforeChunk;

    const b = await anotherServer();
    if (t.database.driver === 'postgres') {
      // Several processes may share PostgreSQL: C is still alive (it wrote moments ago), so B leaves it be.
      expect((await status(b, id)).json<ImportStatus>()).toMatchObject({ status: 'importing', processed: 2 * CHUNK });
    }
    // C dies: nothing of it writes any more, and its last sign of life was a minute ago.
    await t.db.update(importJobs).set({ owner: 'a-process-that-crashed', updatedAt: sql`now() - interval '1 minute'` }).where(eq(importJobs.id, id));
    expect((await status(b, id)).json<ImportStatus>()).toMatchObject({ status: 'interrupted', processed: 2 * CHUNK, inserted: validIn(0, 2 * CHUNK) });
    expect(await membersNamed('충돌')).toBe(validIn(0, 2 * CHUNK));

    // C was not dead after all (a long pause): its next chunk finds the job no longer its own, is rolled
    // back, and C lets the job go.
    held.release();
    const deadline = Date.now() + 30_000;
    while ((await status(c, id)).json<ImportStatus>().status !== 'interrupted') {
      if (Date.now() > deadline) throw new Error('C kept the job');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await membersNamed('충돌')).toBe(validIn(0, 2 * CHUNK));
    const [row] = await t.db.select().from(importJobs).where(eq(importJobs.id, id));
    expect(row).toMatchObject({ status: 'interrupted', processed: 2 * CHUNK });
  });

  it('starts over only when asked to: all rows again, the committed ones twice, the interrupted import forgotten', async () => {
    const b = others[others.length - 1]!;
    expect((await upload(b, manager, { bytes, fileName: 'crash.xlsx', fields: { commit: 'true' } })).statusCode).toBe(422);
    const over = await upload(b, manager, { bytes, fileName: 'crash.xlsx', fields: { commit: 'true', start_over: id } });
    expect(over.statusCode, over.body).toBe(200);
    const done = await waitForImport(b, manager, over.json<ImportStatus>().import_id);
    expect(done).toMatchObject({ status: 'done', processed: ROWS, inserted: validIn(0, ROWS) });
    expect(await membersNamed('충돌')).toBe(validIn(0, 2 * CHUNK) + validIn(0, ROWS));
    expect((await status(b, id)).statusCode).toBe(404);
  });

  it('can be only discarded: its rows stay, the record goes', async () => {
    const c = await anotherServer();
    const discardBytes = sheet('버림', '7900');
    const held = holdBeforeThirdChunk('discard.xlsx');
    const started = await upload(c, manager, { bytes: discardBytes, fileName: 'discard.xlsx', fields: { commit: 'true' } });
    const discardId = started.json<ImportStatus>().import_id;
    await held.reached;
    delete importRunnerTestHooks.beforeChunk;
    await c.close();
    const b = await anotherServer();
    expect((await api(b, `/member/import/${discardId}/discard`, acme)).statusCode).toBe(404);
    const discarded = await api(b, `/member/import/${discardId}/discard`, manager);
    expect(discarded.statusCode, discarded.body).toBe(200);
    expect((await status(b, discardId)).statusCode).toBe(404);
    expect(await membersNamed('버림')).toBe(validIn(0, 2 * CHUNK));
    // The file is no longer held against a new import.
    expect((await upload(b, manager, { bytes: discardBytes, fileName: 'discard.xlsx' })).statusCode).toBe(200);
  });
});

describe('pending previews are per user', () => {
  const small = (n: number) => workbookBytes([HEADER, [`미리보기 ${n}`, `010-7990-${String(n).padStart(4, '0')}`]]);
  const preview = async (token: string, n: number) => (await upload(t.app, token, { bytes: small(n), fileName: `p${n}.xlsx` })).json<ImportPreview>();
  const commit = (token: string, p: ImportPreview) => post(t.app, `/member/import/${p.import_id}/commit`, { mapping: p.mapping }, { token });

  it("a colleague's five uploads do not evict the manager's preview; the manager's own sixth does", async () => {
    const mine = await preview(manager, 1);
    for (let n = 2; n <= 6; n += 1) await preview(colleague, n);
    // The colleague's own previews are theirs: the manager cannot even see them.
    const colleagues = await preview(colleague, 7);
    expect((await commit(manager, colleagues)).statusCode).toBe(404);
    const started = await commit(manager, mine);
    expect(started.statusCode, started.body).toBe(200);
    expect(await waitForImport(t.app, manager, mine.import_id)).toMatchObject({ status: 'done', inserted: 1 });

    const first = await preview(manager, 8);
    for (let n = 9; n <= 13; n += 1) await preview(manager, n);
    expect((await commit(manager, first)).statusCode).toBe(404);
  });
});
