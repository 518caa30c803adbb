import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { AutoCallRunnerOptions } from '../../src/services/auto-call/runner';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { addNumbers, createCampaign, IN_WINDOW, numbersOf, phones, runAction, runRow, SLOW_CALLEES, statusOf, testClock, waitFor } from './runner-helpers';

/**
 * Several app processes on one database (docs/auto-call.md "Runner"): a run is dialled by the process
 * holding its lease; a restart resumes it from the persisted snapshot, and when the holder dies another
 * process takes it over within 15 s without dialling any number twice. Each "process" is an app of its
 * own (its own runner, PBX and memory) on the test's database: PGlite here, PostgreSQL with DATABASE_URL.
 */

interface Dial {
  app: string;
  numberId: number;
}

async function prepare(app: FastifyInstance, name: string, dials: Dial[], companyId: number, options: Partial<AutoCallRunnerOptions> = {}) {
  app.autoCallRunner.tune({
    now: testClock(IN_WINDOW).now,
    tickMs: 100,
    answerRates: SLOW_CALLEES,
    onDial: (_campaign, number) => dials.push({ app: name, numberId: number.id }),
    ...options,
  });
  // Without Redis every app has a PBX of its own: the campaign's agents sign in to each.
  for (const extension of ['1001', '1002']) expect(await app.telephony.signIn(companyId, extension)).toMatchObject({ exten_status: 51 });
}

const anotherServer = (t: TestApp) => buildApp({ config: t.config, database: t.database, webDistDir: '/nonexistent' });

/** Every attempt counted once: the numbers' attempts add up to the dials placed, and none was dialled twice. */
async function expectEachNumberDialledOnce(t: TestApp, campaignId: number, dials: Dial[]) {
  const rows = await numbersOf(t.db, campaignId);
  expect(rows.every((r) => r.result !== null)).toBe(true);
  expect(rows.every((r) => r.attempts === 1)).toBe(true);
  expect(dials.length).toBe(rows.length);
  expect(new Set(dials.map((d) => d.numberId)).size).toBe(rows.length);
}

describe('a restart', () => {
  let t: TestApp;
  let b: FastifyInstance | undefined;
  afterAll(async () => {
    await b?.close();
    await t?.close().catch(() => undefined);
  });

  it('resumes the run from its snapshot in the next process', async () => {
    t = await buildTestApp();
    const session = await loginAs(t.app, 'manager');
    const companyId = session.user.company!.id;
    const dials: Dial[] = [];
    await prepare(t.app, 'a', dials, companyId);
    const id = await createCampaign(t.db, companyId);
    await addNumbers(t.db, companyId, id, phones('0106000', 12));
    expect((await runAction(t.app, 'start', id, session.access_token)).statusCode).toBe(200);
    await waitFor(async () => (await statusOf(t.app, id, session.access_token)).counts.finished >= 3, 20_000, 'three numbers to finish');

    // A shutdown: the process stops its calls and gives the run back at once.
    await t.app.close();
    b = await anotherServer(t);
    const before = await statusOf(b, id, session.access_token);
    expect(before.state).toBe('on_going');
    expect(before.counts.finished).toBeGreaterThanOrEqual(3);
    await prepare(b, 'b', dials, companyId);
    await b.autoCallRunner.lease();

    const done = await waitFor(async () => {
      const status = await statusOf(b!, id, session.access_token);
      return status.state === 'complete' && status;
    }, 30_000, 'the run to complete on the second process');
    expect(done.counts).toMatchObject({ total: 12, finished: 12, dialled: 12 });
    expect(dials.some((d) => d.app === 'b')).toBe(true);
    await expectEachNumberDialledOnce(t, id, dials);
  }, 60_000);
});

describe('two processes', () => {
  let t: TestApp;
  let b: FastifyInstance;
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  it('dial a run from one of them only, and the other takes it over within 15 s when that one dies', async () => {
    t = await buildTestApp();
    b = await anotherServer(t);
    const session = await loginAs(t.app, 'manager');
    const companyId = session.user.company!.id;
    const dials: Dial[] = [];
    // The real lease: 10 s, renewed every 3 s.
    await prepare(t.app, 'a', dials, companyId, { leaseTtlS: 10, renewMs: 3_000 });
    await prepare(b, 'b', dials, companyId, { leaseTtlS: 10, renewMs: 3_000 });
    const apps: Record<string, FastifyInstance> = { a: t.app, b };

    const id = await createCampaign(t.db, companyId, { name: 'Takeover' });
    await addNumbers(t.db, companyId, id, phones('0106001', 16));
    expect((await runAction(b, 'start', id, session.access_token)).statusCode).toBe(200);
    await waitFor(async () => (await statusOf(t.app, id, session.access_token)).counts.finished >= 3, 20_000, 'three numbers to finish');

    // Only the lease holder dials.
    const holder = (await runRow(t.db, id))!.leaseOwner;
    const [ownerName, other] = holder === t.app.autoCallRunner.processId ? ['a', 'b'] : ['b', 'a'];
    expect(holder).toBe(apps[ownerName]!.autoCallRunner.processId);
    expect(apps[other]!.autoCallRunner.campaigns).not.toContain(id);
    expect(dials.every((d) => d.app === ownerName)).toBe(true);

    // The holder dies: no lease given back, its calls in flight are lost.
    await apps[ownerName]!.autoCallRunner.halt();
    const died = Date.now();
    const taker = apps[other]!.autoCallRunner;
    await waitFor(async () => (await runRow(t.db, id))?.leaseOwner === taker.processId, 16_000, 'the other process to take the run');
    expect(Date.now() - died).toBeLessThan(15_000);

    await waitFor(async () => (await statusOf(t.app, id, session.access_token)).state === 'complete', 30_000, 'the run to complete');
    expect(dials.some((d) => d.app === other)).toBe(true);
    await expectEachNumberDialledOnce(t, id, dials);
  }, 60_000);
});
