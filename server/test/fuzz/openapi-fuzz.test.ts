import type { LightMyRequestResponse } from 'fastify';
import { writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { DOWNLOAD_PURPOSES } from '../../../src/api/contracts/download.contract';
import { loginFailures } from '../../src/db/schema';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { casesFor, operationsOf, type FuzzCase, type Operation } from './fuzz-cases';
import { leakIn, seededRandom } from './fuzz-values';

/**
 * Walks every operation of /api/docs/json (so endpoints added later are covered without editing this
 * file) with malformed path parameters, queries and bodies derived from its schema (fuzz-cases.ts), and
 * fails on any 5xx, any answer that leaks a stack trace or SQL, and any error-level log line (an
 * attacker must not be able to flood the error log with 4xx). Issue 15.
 *
 * Sessions: secured operations run as the demo manager, or as the admin when the manager gets 403.
 * Logout and other calls may end the session; a 401 is checked against `users/check-user`, and a dead
 * session is replaced by a fresh sign-in (after clearing the login throttle, which wrong current
 * passwords in change-password feed) and the request sent again, so no later check becomes a vacuous
 * 401. Mutations use ids that name no row (999999), so the demo accounts stay intact.
 *
 * Downloads (a `token` query instead of Bearer) get a download token for exactly the fuzzed parameters
 * when /download-token grants one, so the bad values reach the route rather than stopping at 403 (it
 * refuses NUL and values over 1000 characters, so those never reach a download route at all). The
 * recording stream's token comes from a recorded call (show-recording-file), which the demo data has
 * none of: that operation is only checked without a token.
 */

const SEED = 0x15_fa22;
/** Property mutations per operation (sampled with the seed); whole-body and multipart cases come on top. */
const BUDGET = 60;

/**
 * Operations not fuzzed (`METHOD /path` → why). None so far: logout and the other calls that end a
 * session are fuzzed (the session is replaced), the recording stream is fuzzed without its token (see
 * above), and socket.io (CONTRACT §8) is not in the OpenAPI document.
 */
const SKIPPED: Record<string, string> = {};

type Who = 'manager' | 'admin';
type Purpose = keyof typeof DOWNLOAD_PURPOSES;

let t: TestApp;
const errorLogs: string[] = [];
beforeAll(async () => {
  // Error-level lines only (pino level 50+): every one of them is a failure of this test.
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      errorLogs.push(chunk.toString().slice(0, 300));
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'error', stream } });
});
afterAll(async () => {
  await t?.close();
});

const tokens: Partial<Record<Who, string>> = {};
async function signIn(who: Who): Promise<string> {
  await t.db.delete(loginFailures);
  const token = (await loginAs(t.app, who)).access_token;
  tokens[who] = token;
  return token;
}

let requests = 0;
const failures: string[] = [];
/** Secured requests still answered 401 with a fresh session: a check that tested nothing. */
const vacuous: string[] = [];
const statuses = new Map<number, number>();

async function send(c: FuzzCase, token?: string, url = c.url): Promise<LightMyRequestResponse> {
  requests++;
  const response = await t.app.inject({
    method: c.method as 'GET',
    url,
    headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...c.headers },
    ...(c.payload === undefined ? {} : { payload: c.payload }),
  });
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  const where = `${c.method} ${url.split('?')[0]?.slice(0, 80)} [${c.label}]`;
  if (response.statusCode >= 500) failures.push(`${response.statusCode} ${where}: ${response.body.slice(0, 200)}`);
  const type = String(response.headers['content-type'] ?? '');
  const leak = type === '' || /json|text/.test(type) ? leakIn(response.body) : null;
  if (leak) failures.push(`leak ${where}: ${leak}`);
  return response;
}

async function sendSecured(c: FuzzCase, who: Who): Promise<LightMyRequestResponse> {
  const response = await send(c, tokens[who] ?? (await signIn(who)));
  if (response.statusCode !== 401) return response;
  const alive = await send({ label: 'session check', method: 'POST', url: '/api/v1/users/check-user', params: {}, headers: {} }, tokens[who]);
  if (alive.statusCode !== 401) return response;
  const again = await send(c, await signIn(who));
  if (again.statusCode === 401) vacuous.push(`${c.method} ${c.url.slice(0, 80)} [${c.label}]`);
  return again;
}

async function downloadToken(purpose: Purpose, params: Record<string, string>): Promise<string | null> {
  const token = tokens.manager ?? (await signIn('manager'));
  const c = { label: `download-token ${purpose}`, method: 'POST', url: '/api/v1/download-token', params: {}, headers: { 'content-type': 'application/json' } };
  const response = await send({ ...c, payload: JSON.stringify({ purpose, params }) }, token);
  return response.statusCode === 200 ? response.json<{ token: string }>().token : null;
}

async function sendDownload(c: FuzzCase, purpose: Purpose): Promise<LightMyRequestResponse> {
  const token = await downloadToken(purpose, c.params);
  return token ? send(c, undefined, `${c.url}${c.url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`) : send(c);
}

/** The download purpose an operation accepts, found by trying each with its valid-ish request. */
async function purposeOf(c: FuzzCase): Promise<Purpose | null> {
  for (const purpose of Object.keys(DOWNLOAD_PURPOSES) as Purpose[]) {
    const status = (await sendDownload(c, purpose)).statusCode;
    if (status !== 401 && status !== 403) return purpose;
  }
  return null;
}

async function fuzz(op: Operation, random: () => number): Promise<void> {
  const cases = casesFor(op, random, BUDGET);
  const isDownload = !op.secured && op.queryParams.some((p) => p.name === 'token');
  const purpose = isDownload ? await purposeOf(cases[0]!) : null;
  let who: Who = 'manager';
  for (const [index, c] of cases.entries()) {
    if (!op.secured) {
      await (purpose ? sendDownload(c, purpose) : send(c));
      continue;
    }
    const response = await sendSecured(c, who);
    // The valid-ish request decides who runs the operation: admin-only routes answer the manager 403.
    if (index === 0 && response.statusCode === 403) {
      who = 'admin';
      await sendSecured(c, who);
    }
  }
}

describe('OpenAPI fuzz (issue 15): malformed input never answers 5xx or leaks internals', () => {
  it('walks every operation of /api/docs/json', { timeout: 900_000 }, async () => {
    const started = performance.now();
    const operations = operationsOf((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json());
    const random = seededRandom(SEED);
    let fuzzed = 0;
    for (const op of operations) {
      if (SKIPPED[`${op.method} ${op.path}`]) continue;
      await fuzz(op, random);
      fuzzed++;
    }
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `OpenAPI fuzz: ${fuzzed} of ${operations.length} operations, ${requests} requests, ${fiveHundreds} 5xx, ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // FUZZ_REPORT=<file> writes every failure there (the assertion below shows the first 40).
    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, [...failures, ...errorLogs].join('\n'));
    expect(operations.length).toBeGreaterThan(150);
    // Not vacuous: most requests reached validation (422) rather than stopping at authentication.
    expect(statuses.get(422) ?? 0).toBeGreaterThan(requests / 3);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(vacuous.slice(0, 10)).toEqual([]);
    expect(errorLogs.slice(0, 10)).toEqual([]);
  });
});
