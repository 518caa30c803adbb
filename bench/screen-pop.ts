/**
 * npm run bench:screen-pop — from the simulator's ring to the member's name visible in agent1's inbound
 * pop-up, in headless Chromium, while other simulated agents stay registered.
 *
 * Setup: the real app server (app-server-entry.ts: prepareDatabase + buildApp, serving the built web
 * app) with OTHER_AGENTS bench agents (extensions 3000…) kept registered every 10 s by a separate
 * load-generator process; headless Chromium signs in as agent1 (1001) through the login form and waits
 * until the PBX has 1001 logged in and the CTI bar shows it. Then, CALLS times per series (after
 * WARMUP_CALLS reported apart): POST /cti/simulator/calls {from, to: 1001} with a manager token, wait for
 * the member's name in the pop-up, hang the call up, close the pop-up (it stays open after the hangup for
 * the consultation form), pause briefly. Two series, interleaved call by call so both see the same noise:
 *   - same: every call from 01055550001 (김민준), as the issue words it. The page shares a lookup answer
 *     for 5 s and SWR keeps it, so most of these pops show the name from the page's cache;
 *   - distinct: every call from another member (bench members 01055560000…), so every pop makes a
 *     real `member/phone-number` lookup, as different customers calling in would.
 *
 * Clocks, all epoch ms from performance.timeOrigin + performance.now():
 *   - ring: in the server process, when the PBX's `inbound_call` event was handed to the room (IPC);
 *   - node socket: a plain socket.io client in this harness, joined to 1001's room (delivery check);
 *   - visible: in the page (pop-observer.ts), the first animation frame after the name is laid out;
 *   - POST: this harness, before the simulator request.
 * The server's and the page's clocks are mapped onto the harness clock by the min-round-trip offset
 * of 20 probes each, so the figures do not depend on when each process took its timeOrigin.
 *
 * Environment: BENCH_CALLS (200 per series), BENCH_WARMUP_CALLS (5), BENCH_OTHER_AGENTS (500),
 * BENCH_SERIES (same,distinct), BENCH_NAME_SELECTOR, BENCH_SHELL_SELECTOR, BENCH_REGISTRATION_SELECTOR,
 * BENCH_WEB_DIST (a built web app to serve), BENCH_DATABASE_URL, BENCH_JSON.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { DEMO_MEMBERS } from '../server/src/db/demo-data';
import { CHROMIUM_PATH, hasBrowser, launchBrowser } from '../tests/e2e/support/browser';
import { DEMO_PASSWORDS } from '../tests/e2e/support/pages';
import { prepareBenchDatabase, type BenchDatabase } from './lib/bench-database';
import type { ChildHandle } from './lib/ipc';
import type { ConnectRequest, ConnectResult, LoadStats } from './lib/load-generator-entry';
import { popObserverScript, type PopObserverOptions, type PopSeen } from './lib/pop-observer';
import { epochNow } from './lib/process-probe';
import { api, loggedInCount, startAppServer, startLoadGenerator, type MeasuredServer, type SimulatorState } from './lib/servers';
import { machineLoad, ms, sleep, summarize, type Summary } from './lib/stats';
import { webAppForBench } from './lib/web-build';

const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} must be an integer in ${min}..${max}`);
  return value;
};

const CALLS = intEnv('BENCH_CALLS', 200, 1, 1000);
const WARMUP_CALLS = intEnv('BENCH_WARMUP_CALLS', 5, 0, 50);
const OTHER_AGENTS = intEnv('BENCH_OTHER_AGENTS', 500, 0, 2500);
const CALLER = '01055550001';
type SeriesName = 'same' | 'distinct';
const SERIES = (process.env.BENCH_SERIES ?? 'same,distinct').split(',').map((x) => x.trim()) as SeriesName[];
for (const name of SERIES) if (name !== 'same' && name !== 'distinct') throw new Error(`BENCH_SERIES: unknown series ${name}`);
const AGENT = { username: 'agent1', extension: '1001' };
const NAME_SELECTOR = process.env.BENCH_NAME_SELECTOR ?? '[data-testid="inbound-member-name"]';
const SHELL_SELECTOR = process.env.BENCH_SHELL_SELECTOR ?? '[data-testid="inbound-popup"]';
/** The caller lookup the pop-up makes (src/api/members-lookup.ts), read from the page's Resource Timing. */
const LOOKUP_URL_PART = 'member/phone-number';
/** The CTI bar's registration indicator once registered (src/features/telephony/registration-indicator.tsx). */
const REGISTRATION_SELECTOR = process.env.BENCH_REGISTRATION_SELECTOR ?? '[data-testid="cti-registration"][data-registered="true"]';
/** Pop-up controls tried, in order, when the pop-up stays open after the caller hangs up. */
const CLOSE_SELECTORS = ['[data-testid="inbound-close"]', '[data-testid="inbound-popup-close"]', '[data-testid="popup-close"]', '.bp6-dialog-close-button'];
const STEP_TIMEOUT_MS = 10_000;
const RUN_DEADLINE_MS = 40 * 60_000;
const GOAL_P95_MS = 150;
const VICIDIAL_POLL_MS = 1000;

const member = DEMO_MEMBERS.find((m) => m.company === 'demo' && m.phoneNumber === CALLER);
if (!member) throw new Error(`the demo data has no Demo member with ${CALLER}`);
const MEMBER_NAME = member.name;

interface CallRecord {
  index: number;
  warmup: boolean;
  series: SeriesName;
  from: string;
  uniqueid: string;
  postStart: number;
  postEnd: number;
  ring: number | null;
  nodeSocket: number | null;
  dom: number;
  frame: number;
  /** The pop-up shell in the DOM (before the lookup answers). */
  shell: number | null;
  /** The caller lookup request(s) of this call, from Resource Timing: first start, last end. */
  lookupStart: number | null;
  lookupEnd: number | null;
  lookupCount: number;
  closedBy: 'hangup' | 'close-control';
}

interface LookupTiming {
  start: number;
  end: number;
}

/** Resource Timing of the caller lookups since the last call, in the page's epoch ms; then cleared. A string, not a function: see popObserverScript. */
const READ_LOOKUPS = `(() => {
  const entries = performance.getEntriesByType('resource').filter((e) => e.name.includes(${JSON.stringify(LOOKUP_URL_PART)}));
  performance.clearResourceTimings();
  return entries.map((e) => ({ start: performance.timeOrigin + e.startTime, end: performance.timeOrigin + e.responseEnd }));
})()`;

/** A one-shot waiter keyed by call: the events arrive from the page binding and the observer socket. */
class Waiters<T> {
  private readonly values: T[] = [];
  private readonly pending: ((value: T) => void)[] = [];
  push(value: T): void {
    const next = this.pending.shift();
    if (next) next(value);
    else this.values.push(value);
  }
  clear(): void {
    this.values.length = 0;
  }
  next(timeoutMs: number, what: string): Promise<T> {
    const ready = this.values.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        const at = this.pending.indexOf(done);
        if (at >= 0) this.pending.splice(at, 1);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      const done = (value: T) => {
        clearTimeout(timer);
        resolve(value);
      };
      this.pending.push(done);
    });
  }
}

const children = new Set<ChildHandle>();
let database: BenchDatabase | null = null;
let browser: Browser | null = null;
let observer: Socket | null = null;
let webTemp: string | null = null;

async function cleanup(): Promise<void> {
  observer?.close();
  observer = null;
  await browser?.close().catch(() => undefined);
  browser = null;
  for (const child of [...children]) {
    await child.stop(10_000).catch(() => undefined);
    children.delete(child);
  }
  await database?.cleanup().catch(() => undefined);
  database = null;
  if (webTemp) rmSync(webTemp, { recursive: true, force: true });
  webTemp = null;
}

function log(line: string): void {
  console.log(line);
}

/** Offset to add to `probe()` times to get harness time, from the probe with the smallest round trip. */
async function clockOffset(probe: () => Promise<number>, samples = 20): Promise<{ offset: number; roundTrip: number }> {
  let best = { offset: 0, roundTrip: Number.POSITIVE_INFINITY };
  for (let i = 0; i < samples; i++) {
    const before = epochNow();
    const remote = await probe();
    const after = epochNow();
    if (after - before < best.roundTrip) best = { offset: (before + after) / 2 - remote, roundTrip: after - before };
  }
  return best;
}

async function waitFor<T>(what: string, timeoutMs: number, check: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(200);
  }
}

async function connectObserver(url: string, token: string, onRing: (uniqueid: string, at: number) => void): Promise<Socket> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false, timeout: STEP_TIMEOUT_MS });
  socket.on('inbound_call', (call: { uniqueid: string }) => onRing(call.uniqueid, epochNow()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const answer = (await socket.timeout(STEP_TIMEOUT_MS).emitWithAck('join_extension_room', { extensionNumber: AGENT.extension })) as unknown;
  if ((answer as { result?: string }).result !== 'success') throw new Error(`observer could not join ${AGENT.extension}: ${JSON.stringify(answer)}`);
  return socket;
}

async function closePopupIfOpen(page: Page, gone: Waiters<number>): Promise<'hangup' | 'close-control'> {
  try {
    await gone.next(500, 'the pop-up to close after hangup');
    return 'hangup';
  } catch {
    for (const selector of CLOSE_SELECTORS) {
      const control = page.locator(selector).first();
      if (await control.isVisible().catch(() => false)) {
        await control.click({ timeout: STEP_TIMEOUT_MS });
        await gone.next(STEP_TIMEOUT_MS, `the pop-up to close after clicking ${selector}`);
        return 'close-control';
      }
    }
    // Blueprint's Dialog closes on Escape as well (docs/popups.md).
    await page.keyboard.press('Escape');
    await gone.next(STEP_TIMEOUT_MS, 'the pop-up to close after Escape');
    return 'close-control';
  }
}

/**
 * tests/e2e/support/pages.ts's signIn, with room for a busy machine: the same form and test ids, but
 * the wait for leaving /login (an argon2 verification next to 500 registering agents) is not 15 s.
 */
async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(DEMO_PASSWORDS[username] ?? '');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 90_000 });
}

/** On the first failure: a screenshot and the HTML of every page, to see what the agent saw. */
async function saveEvidence(context: BrowserContext, index: number): Promise<void> {
  const pages = context.pages();
  for (const [i, p] of pages.entries()) {
    const base = join(tmpdir(), `bench-screen-pop-call${index}-page${i}`);
    await p.screenshot({ path: `${base}.png` }).catch(() => undefined);
    writeFileSync(`${base}.html`, await p.content().catch(() => ''));
    console.error(`  evidence: ${base}.png / .html (${p.url()})`);
  }
}

async function placeCall(server: MeasuredServer, managerToken: string, from: string): Promise<{ uniqueid: string; postStart: number; postEnd: number }> {
  // The agent's line may still be settling from the previous call (409): retry briefly, bounded.
  for (let attempt = 0; attempt < 20; attempt++) {
    const postStart = epochNow();
    const response = await fetch(`${server.url}/cti/simulator/calls`, {
      method: 'POST',
      headers: { authorization: `Bearer ${managerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from, to: AGENT.extension }),
      signal: AbortSignal.timeout(STEP_TIMEOUT_MS),
    });
    const postEnd = epochNow();
    const text = await response.text();
    if (response.ok) return { uniqueid: (JSON.parse(text) as { uniqueid: string }).uniqueid, postStart, postEnd };
    if (response.status !== 409) throw new Error(`simulator call: ${response.status} ${text}`);
    await sleep(250);
  }
  throw new Error('simulator call: 1001 stayed busy (409) for 5 s');
}

function summarizeSeries(measured: CallRecord[]) {
  const withRing = measured.filter((r): r is CallRecord & { ring: number } => r.ring !== null);
  const defined = (values: (number | null)[]) => values.filter((v): v is number => v !== null);
  return {
    ringToVisible: summarize(withRing.map((r) => r.frame - r.ring)),
    ringToDom: summarize(withRing.map((r) => r.dom - r.ring)),
    postToVisible: summarize(measured.map((r) => r.frame - r.postStart)),
    postToRing: summarize(withRing.map((r) => r.ring - r.postStart)),
    ringToShell: summarize(defined(withRing.map((r) => (r.shell === null ? null : r.shell - r.ring)))),
    ringToLookupStart: summarize(defined(withRing.map((r) => (r.lookupStart === null ? null : r.lookupStart - r.ring)))),
    lookupDuration: summarize(defined(measured.map((r) => (r.lookupStart === null || r.lookupEnd === null ? null : r.lookupEnd - r.lookupStart)))),
    lookupEndToDom: summarize(defined(measured.map((r) => (r.lookupEnd === null ? null : r.dom - r.lookupEnd)))),
    ringToNodeSocket: summarize(defined(withRing.map((r) => (r.nodeSocket === null ? null : r.nodeSocket - r.ring)))),
    postRoundTrip: summarize(measured.map((r) => r.postEnd - r.postStart)),
    lookupsPerCall: [...new Set(measured.map((r) => r.lookupCount))].sort().join(', '),
    closedByHangup: measured.filter((r) => r.closedBy === 'hangup').length,
    closedByControl: measured.filter((r) => r.closedBy === 'close-control').length,
  };
}

async function main(): Promise<void> {
  if (!hasBrowser) throw new Error(`screen-pop needs Chromium at ${CHROMIUM_PATH}`);
  const deadline = setTimeout(() => {
    console.error('bench: run deadline passed; stopping');
    void cleanup().finally(() => process.exit(2));
  }, RUN_DEADLINE_MS);
  const before = await machineLoad();
  log(`screen pop: ${CALLS} calls per series (${SERIES.join(', ')}; +${WARMUP_CALLS} warm-up) to ${AGENT.extension}, ${OTHER_AGENTS} other agents registered`);
  log(`machine: ${before.cpus} CPUs, node ${before.node}, load average ${before.loadavg.join(' ')}`);

  const web = await webAppForBench(log);
  webTemp = web.temp;
  database = await prepareBenchDatabase({ agents: OTHER_AGENTS, firstExtension: 3000, members: CALLS + WARMUP_CALLS });
  const db = database;
  const server = await startAppServer({ ...db.env, BENCH_WEB_DIST: web.dir });
  children.add(server);
  log(`app server: ${server.url} (${db.driver}), web app ${web.dir}`);

  const loadGenerator = await startLoadGenerator();
  children.add(loadGenerator);
  if (OTHER_AGENTS > 0) {
    const request: ConnectRequest = {
      url: server.url,
      agents: db.agents.map((a) => ({ token: a.token, extension: a.extension })),
      mode: 'register',
      registerEveryMs: 10_000,
      concurrency: 25,
      timeoutMs: 30_000,
      deadlineMs: 240_000,
    };
    const connect = await loadGenerator.request<ConnectResult>('connect', request, 300_000);
    log(`other agents: ${connect.connected}/${OTHER_AGENTS} connected${connect.failed ? `, failed ${connect.failed}: ${connect.firstErrors.join('; ')}` : ''}`);
  }
  const others = new Set(db.agents.map((a) => a.extension));
  const othersAtStart = OTHER_AGENTS > 0 ? await loggedInCount(server.url, db.managerToken, others) : 0;
  log(`PBX: ${othersAtStart} other agents logged in`);

  // The browser: agent1 through the login form, with the observer in every document.
  browser = await launchBrowser();
  const context: BrowserContext = await browser.newContext();
  const seen = new Waiters<PopSeen>();
  const gone = new Waiters<number>();
  await context.exposeBinding('__benchPopSeen', (_source, value: PopSeen) => seen.push(value));
  await context.exposeBinding('__benchPopGone', (_source, at: number) => gone.push(at));
  const observerOptions: PopObserverOptions = { selector: NAME_SELECTOR, expectedText: MEMBER_NAME, shellSelector: SHELL_SELECTOR };
  await context.addInitScript({ content: popObserverScript(observerOptions) });
  const page = await context.newPage();
  // A shared, busy machine can take a while to serve the first page next to 500 registering agents.
  page.setDefaultNavigationTimeout(120_000);
  page.setDefaultTimeout(60_000);
  await signIn(page, server.url, AGENT.username);
  log('agent1 signed in through the login form');
  const isLoggedIn = async () => {
    const state = await api<SimulatorState>(`${server.url}/cti/simulator/state`, db.managerToken);
    return state.extensions.some((e) => e.number === AGENT.extension && e.exten_status === 51);
  };
  await waitFor(`the PBX to have ${AGENT.extension} logged in`, 30_000, isLoggedIn);
  const registration = page.locator(REGISTRATION_SELECTOR).first();
  await registration.waitFor({ state: 'visible', timeout: 30_000 });
  log(`agent1 signed in; PBX has ${AGENT.extension} logged in; CTI bar: ${(await registration.evaluate((el) => el.outerHTML.slice(0, 200))).replace(/\s+/g, ' ')}`);

  const nodeRings = new Map<string, number>();
  observer = await connectObserver(server.url, db.managerToken, (uniqueid, at) => nodeRings.set(uniqueid, at));

  const serverClock = await clockOffset(() => server.request<number>('now'));
  const pageClock = await clockOffset(() => page.evaluate(() => performance.timeOrigin + performance.now()));
  log(`clock offsets to the harness: server ${serverClock.offset.toFixed(2)} ms (±${(serverClock.roundTrip / 2).toFixed(2)}), page ${pageClock.offset.toFixed(2)} ms (±${(pageClock.roundTrip / 2).toFixed(2)})`);

  // The plan: warm-up calls, then CALLS per series, the series interleaved call by call.
  const plan: { warmup: boolean; series: SeriesName; from: string; name: string }[] = [];
  let distinctNext = 0;
  const caller = (series: SeriesName) => {
    if (series === 'same') return { from: CALLER, name: MEMBER_NAME };
    const m = db.members[distinctNext++];
    if (!m) throw new Error('not enough bench members');
    return { from: m.phoneNumber, name: m.name };
  };
  for (let i = 0; i < WARMUP_CALLS; i++) {
    const series = SERIES[i % SERIES.length] as SeriesName;
    plan.push({ warmup: true, series, ...caller(series) });
  }
  for (let i = 0; i < CALLS; i++) for (const series of SERIES) plan.push({ warmup: false, series, ...caller(series) });

  await loadGenerator.request('resetStats');
  const records: CallRecord[] = [];
  let failures = 0;
  for (const [index, call] of plan.entries()) {
    const { warmup, series, from } = call;
    seen.clear();
    gone.clear();
    let placed: string | null = null;
    try {
      // Before t0: which name to wait for, and no resource entries left from the previous call.
      await page.evaluate(`window.__benchPopExpected = ${JSON.stringify(call.name)}; performance.clearResourceTimings();`);
      const { uniqueid, postStart, postEnd } = await placeCall(server, db.managerToken, from);
      placed = uniqueid;
      const popped = await seen.next(STEP_TIMEOUT_MS, `the member name in the pop-up (call ${uniqueid})`);
      const serverRing = await server.request<number | null>('ringTime', uniqueid);
      const lookups = await page.evaluate<LookupTiming[]>(READ_LOOKUPS);
      await api(`${server.url}/cti/simulator/calls/${encodeURIComponent(uniqueid)}/hangup`, db.managerToken, { method: 'POST', body: {} });
      const closedBy = await closePopupIfOpen(page, gone);
      records.push({
        index,
        warmup,
        series,
        from,
        uniqueid,
        postStart,
        postEnd,
        ring: serverRing === null ? null : serverRing + serverClock.offset,
        nodeSocket: nodeRings.get(uniqueid) ?? null,
        dom: popped.dom + pageClock.offset,
        frame: popped.frame + pageClock.offset,
        shell: popped.shell === null ? null : popped.shell + pageClock.offset,
        lookupStart: lookups.length ? Math.min(...lookups.map((l) => l.start)) + pageClock.offset : null,
        lookupEnd: lookups.length ? Math.max(...lookups.map((l) => l.end)) + pageClock.offset : null,
        lookupCount: lookups.length,
        closedBy,
      });
      nodeRings.delete(uniqueid);
    } catch (error) {
      failures++;
      console.error(`call ${index}: ${error instanceof Error ? error.message : String(error)}`);
      if (failures === 1) await saveEvidence(context, index);
      // Leave the line free for the next call (the call may still be ringing).
      if (placed) {
        await api(`${server.url}/cti/simulator/calls/${encodeURIComponent(placed)}/hangup`, db.managerToken, { method: 'POST', body: {} }).catch(() => undefined);
        await page.keyboard.press('Escape').catch(() => undefined);
      }
      if (failures > 10) throw new Error('more than 10 calls failed; stopping');
      await sleep(1000);
    }
    if ((index + 1) % 50 === 0) log(`  ${index + 1}/${plan.length} calls`);
    await sleep(100 + Math.random() * 200);
  }

  const load = await loadGenerator.request<LoadStats>('stats');
  const othersAtEnd = OTHER_AGENTS > 0 ? await loggedInCount(server.url, db.managerToken, others) : 0;
  const after = await machineLoad();

  const row = (name: string, x: Summary) => `| ${name} | ${x.n} | ${ms(x.p50)} | ${ms(x.p95)} | ${ms(x.max)} |`;
  const results: Record<string, ReturnType<typeof summarizeSeries>> = {};
  for (const name of SERIES) {
    const measured = records.filter((r) => !r.warmup && r.series === name);
    const summary = summarizeSeries(measured);
    results[name] = summary;
    log('');
    log(`series "${name}" (${name === 'same' ? `every call from ${CALLER}` : 'every call from another member'}):`);
    log(
      [
        '| measure | n | p50 | p95 | max |',
        '|---|---|---|---|---|',
        row('ring → name visible (first frame)', summary.ringToVisible),
        row('ring → name in DOM', summary.ringToDom),
        row('POST → name visible', summary.postToVisible),
        row('POST → ring (server)', summary.postToRing),
        row('ring → pop-up shell in DOM', summary.ringToShell),
        row('ring → caller lookup request starts', summary.ringToLookupStart),
        row('caller lookup (request → response end)', summary.lookupDuration),
        row('lookup response → name in DOM', summary.lookupEndToDom),
        row('ring → plain Node socket', summary.ringToNodeSocket),
        row('POST round trip', summary.postRoundTrip),
      ].join('\n'),
    );
    log(`caller lookups per call: ${summary.lookupsPerCall} (0 = the name came from the page's cache); pop-ups closed by the hangup ${summary.closedByHangup}, by Escape or a close control ${summary.closedByControl}`);
    const p95 = summary.ringToVisible.p95;
    log(`goal p95 ring → visible < ${GOAL_P95_MS} ms: ${p95 < GOAL_P95_MS ? 'MET' : 'NOT MET'} (${ms(p95)})`);
  }
  const warm = records.filter((r) => r.warmup);
  if (warm.length) log(`warm-up calls, ring → visible: ${warm.map((r) => (r.ring === null ? 'n/a' : `${ms(r.frame - r.ring)} (${r.series})`)).join(', ')}`);
  log(`failed calls: ${failures}; VICIdial's 1 s poll adds ${VICIDIAL_POLL_MS / 2} ms on average and ${VICIDIAL_POLL_MS} ms at worst before any rendering`);
  log(`other agents logged in: ${othersAtStart} at start, ${othersAtEnd} at end; their registers acked ${load.registersAcked}, errors ${load.registerErrors + load.registerTimeouts}, disconnects ${load.disconnects}`);
  log(`load average before ${before.loadavg.join(' ')}, after ${after.loadavg.join(' ')}`);
  const out = process.env.BENCH_JSON ?? join(tmpdir(), `bench-screen-pop-${Date.now()}.json`);
  writeFileSync(
    out,
    JSON.stringify(
      { calls: CALLS, warmupCalls: WARMUP_CALLS, otherAgents: OTHER_AGENTS, database: db.driver, machine: { before, after }, clocks: { serverClock, pageClock }, results, othersAtStart, othersAtEnd, failures, records },
      null,
      2,
    ),
  );
  log(`results: ${out}`);
  clearTimeout(deadline);
  const short = SERIES.filter((name) => results[name] && (results[name]?.ringToVisible.n ?? 0) < CALLS);
  if (short.length) throw new Error(`fewer than ${CALLS} calls measured in ${short.join(', ')}`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`bench: ${signal}, cleaning up`);
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(cleanup)
  .then(() => process.exit(0))
  .catch(async (error: unknown) => {
    console.error('bench failed:', error instanceof Error ? error.message : error);
    await cleanup();
    process.exit(1);
  });
