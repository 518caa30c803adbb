import { eq, sql } from 'drizzle-orm';
import { loginFailures } from '../../src/db/schema';
import { loginDelayMs, reserveLoginAttempt, usernameSubject } from '../../src/services/session/login-throttle';
import { buildTestApp, DEMO_PASSWORD, post, testConfig, type TestApp } from '../helpers/build-test-app';

// A step large enough to measure as a lower bound, small enough to keep the file fast.
const STEP_MS = 80;
let t: TestApp;
beforeAll(async () => {
  const base = testConfig();
  t = await buildTestApp({ config: { loginThrottle: { ...base.loginThrottle, delayStepMs: STEP_MS, maxDelayMs: 3 * STEP_MS } } });
});
afterAll(async () => {
  await t?.close();
});

const attempt = async (username: string, password: string) => {
  const started = performance.now();
  const response = await post(t.app, '/login', { username, password });
  return { status: response.statusCode, body: response.json(), ms: performance.now() - started };
};
const failuresOf = async (username: string) =>
  (await t.db.select().from(loginFailures).where(eq(loginFailures.username, username))).length;

describe('login throttling (CONTRACT §4, departs)', () => {
  it('computes a growing, capped delay after 5 failures', () => {
    const config = testConfig().loginThrottle;
    const cfg = { ...config, delayStepMs: 250, maxDelayMs: 2000 };
    expect([0, 4, 5, 6, 9, 20].map((n) => loginDelayMs(cfg, n))).toEqual([0, 0, 250, 500, 1250, 2000]);
  });

  it('delays after 5 failures, refuses with 429 after 10 within 15 minutes, and lifts when the window passes', async () => {
    for (let i = 0; i < 5; i++) expect((await attempt('manager', 'wrong')).status).toBe(401);
    const sixth = await attempt('manager', 'wrong');
    expect(sixth.status).toBe(401);
    expect(sixth.ms).toBeGreaterThanOrEqual(STEP_MS - 5);
    const seventh = await attempt('manager', 'wrong');
    expect(seventh.ms).toBeGreaterThanOrEqual(2 * STEP_MS - 5);
    for (let i = 0; i < 3; i++) expect((await attempt('manager', 'wrong')).status).toBe(401);
    expect(await failuresOf('manager')).toBe(10);

    const locked = await attempt('manager', DEMO_PASSWORD.manager ?? '');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: true, message: 'Too many failed sign-in attempts. Please try again later.' });

    // Let the 15-minute window pass: the right password works again and clears the counter.
    await t.db.update(loginFailures).set({ failedAt: sql`${loginFailures.failedAt} - interval '16 minutes'` });
    const after = await attempt('manager', DEMO_PASSWORD.manager ?? '');
    expect(after.status).toBe(200);
    expect(await failuresOf('manager')).toBe(0);
  });

  it('a successful login resets the counter', async () => {
    for (let i = 0; i < 4; i++) await attempt('agent1', 'wrong');
    expect(await failuresOf('agent1')).toBe(4);
    expect((await attempt('agent1', DEMO_PASSWORD.agent1 ?? '')).status).toBe(200);
    expect(await failuresOf('agent1')).toBe(0);
  });

  it('treats unknown usernames the same (no enumeration) and ignores case', async () => {
    for (let i = 0; i < 10; i++) await attempt(i % 2 ? 'Ghost-User' : 'ghost-user', 'wrong');
    const response = await attempt('ghost-user', 'wrong');
    expect(response.status).toBe(429);
  });

  it('never allows more than 100 failures per hour per account', async () => {
    const config = testConfig().loginThrottle;
    // 100 failures spread over the last hour, all older than the 15-minute lock window.
    await t.db.insert(loginFailures).values(
      Array.from({ length: 100 }, (_, i) => ({ username: 'agent2', failedAt: new Date(Date.now() - (16 + (i % 40)) * 60_000) })),
    );
    await expect(reserveLoginAttempt(t.db, { ...config, maxDelayMs: 0 }, usernameSubject('agent2'), null)).rejects.toMatchObject({ statusCode: 429 });
    await t.db.delete(loginFailures).where(eq(loginFailures.username, 'agent2'));
    await expect(reserveLoginAttempt(t.db, config, usernameSubject('agent2'), null)).resolves.toMatchObject({ delayMs: 0 });
    await t.db.delete(loginFailures).where(eq(loginFailures.username, 'agent2'));
  });
});

describe('parallel guesses (issue 15: the throttle counted before verifying and recorded after)', () => {
  const statuses = (responses: { status: number }[]) => responses.map((r) => r.status);
  const countOf = (list: number[], status: number) => list.filter((s) => s === status).length;

  it('evaluates ten of 30 wrong passwords sent at once and refuses the rest; the right password then gets 429', async () => {
    await t.db.delete(loginFailures);
    const answered = statuses(await Promise.all(Array.from({ length: 30 }, () => attempt('user', 'wrong'))));
    // Ten attempts are counted and evaluated; every other one is refused before its password is checked.
    expect(countOf(answered, 401)).toBe(10);
    expect(countOf(answered, 429)).toBe(20);
    expect((await attempt('user', DEMO_PASSWORD.user ?? '')).status).toBe(429);
  });

  it('a burst of 100 for an unknown name: exactly ten evaluated, ninety refused', async () => {
    const answered = statuses(await Promise.all(Array.from({ length: 100 }, () => attempt('nobody-here', 'wrong'))));
    expect(countOf(answered, 401)).toBe(10);
    expect(countOf(answered, 429)).toBe(90);
    expect(await failuresOf('nobody-here')).toBe(10);
  });

  it('the hourly cap holds under a burst', async () => {
    // 95 failures older than the lock window but within the hour: five more may be evaluated.
    await t.db.insert(loginFailures).values(
      Array.from({ length: 95 }, (_, i) => ({ username: 'cap-user', failedAt: new Date(Date.now() - (16 + (i % 40)) * 60_000) })),
    );
    const answered = statuses(await Promise.all(Array.from({ length: 20 }, () => attempt('cap-user', 'wrong'))));
    expect(countOf(answered, 401)).toBe(5);
    expect(countOf(answered, 429)).toBe(15);
  });
});

describe('API-key sign-ins are throttled per client address (issue 15)', () => {
  const keyLogin = (path: string, body: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: { accept: 'application/json' }, payload: body, remoteAddress });

  it('ten wrong company keys from one address, then 429 (even for the right key); another address is unaffected', async () => {
    const wrong = await Promise.all(Array.from({ length: 15 }, () => keyLogin('/company/login', { apiKey: 'guess' }, '10.0.0.7')));
    const codes = wrong.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    expect((await keyLogin('/company/login', { apiKey: 'demo-company-key' }, '10.0.0.7')).statusCode).toBe(429);
    expect((await keyLogin('/user/login', { agentApiKey: 'demo-agent1-key' }, '10.0.0.7')).statusCode).toBe(429);
    expect((await keyLogin('/company/login', { apiKey: 'demo-company-key' }, '10.0.0.8')).statusCode).toBe(200);
  });

  it('a right key is not counted as a failure; the address throttle is not a username throttle', async () => {
    for (let i = 0; i < 12; i++) expect((await keyLogin('/user/login', { agentApiKey: 'demo-agent1-key' }, '10.0.0.9')).statusCode).toBe(200);
    // An attacker typing the address as a username throttles only that username.
    for (let i = 0; i < 10; i++) await attempt('10.0.0.9', 'wrong');
    expect((await keyLogin('/user/login', { agentApiKey: 'demo-agent1-key' }, '10.0.0.9')).statusCode).toBe(200);
  });
});
