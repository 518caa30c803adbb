import { eq } from 'drizzle-orm';
import { companies } from '../../src/db/schema';
import type { ClaimedNumber } from '../../src/services/auto-call/run-store';
import { listen, openSocket, recordEvents } from '../cti/cti-helpers';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';
import {
  addNumbers,
  campaignState,
  createCampaign,
  FAST_CALLEES,
  IN_WINDOW,
  numbersOf,
  OUT_OF_WINDOW,
  phones,
  runAction,
  runRow,
  statusOf,
  testClock,
  waitFor,
} from './runner-helpers';

/**
 * The auto-call runner (docs/auto-call.md "Runner"): the run's commands and their state rules, company
 * isolation, the blacklist, the call window, and a small campaign dialled to the end through the
 * built-in PBX with two agents signed in.
 */

let t: TestApp;
let manager: string;
let acme: string;
let demoId: number;
let acmeId: number;
const clock = testClock(IN_WINDOW);
const dials: { campaignId: number; number: ClaimedNumber }[] = [];
const dialsOf = (campaignId: number) => dials.filter((d) => d.campaignId === campaignId);

beforeAll(async () => {
  t = await buildTestApp();
  const session = await loginAs(t.app, 'manager');
  manager = session.access_token;
  demoId = session.user.company!.id;
  const acmeSession = await loginAs(t.app, 'acme-manager');
  acme = acmeSession.access_token;
  acmeId = acmeSession.user.company!.id;
  t.app.autoCallRunner.tune({
    now: clock.now,
    tickMs: 50,
    renewMs: 200,
    leaseTtlS: 2,
    answerRates: FAST_CALLEES,
    onDial: (campaignId, number) => dials.push({ campaignId, number }),
  });
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  clock.set(IN_WINDOW);
});

describe('run commands', () => {
  it('follow the run: start, pause, resume and cancel only where the run allows them (409 with a message otherwise)', async () => {
    // Extension 1003 is not signed in to the PBX: nobody free, so nothing is dialled meanwhile.
    const id = await createCampaign(t.db, demoId, { extensions: ['1003'] });
    await addNumbers(t.db, demoId, id, phones('0105000', 3));

    const early = await runAction(t.app, 'pause', id, manager);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toEqual({ error: true, message: 'Only a running campaign can be paused.' });
    expect((await runAction(t.app, 'resume', id, manager)).statusCode).toBe(409);
    expect(await statusOf(t.app, id, manager)).toMatchObject({ state: 'ready', actions: ['start'], counts: { total: 3, remaining: 3 } });

    const started = await runAction(t.app, 'start', id, manager);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ id, state: 'on_going', waiting_for_window: false, actions: ['pause', 'cancel'], counts: { total: 3 } });
    expect(await campaignState(t.db, demoId, id)).toBe('on_going');
    expect((await runRow(t.db, id))?.state).toBe('on_going');

    const again = await runAction(t.app, 'start', id, manager);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This campaign has already been started.');
    expect((await runAction(t.app, 'resume', id, manager)).json().message).toBe('Only a paused campaign can be resumed.');

    const paused = await runAction(t.app, 'pause', id, manager);
    expect(paused.json().data).toMatchObject({ state: 'paused', actions: ['resume', 'cancel'] });
    expect(await campaignState(t.db, demoId, id)).toBe('paused');
    expect((await runAction(t.app, 'pause', id, manager)).statusCode).toBe(409);

    expect((await runAction(t.app, 'resume', id, manager)).json().data.state).toBe('on_going');
    const cancelled = await runAction(t.app, 'cancel', id, manager);
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', actions: [] });
    expect(await campaignState(t.db, demoId, id)).toBe('cancelled');
    const late = await runAction(t.app, 'cancel', id, manager);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This campaign has already ended.');
    expect((await runAction(t.app, 'start', id, manager)).statusCode).toBe(409);
    expect(await statusOf(t.app, id, manager)).toMatchObject({ state: 'cancelled', actions: [] });
    expect(dialsOf(id)).toEqual([]);
  });

  it('refuses to start a campaign without numbers or without extensions', async () => {
    const empty = await createCampaign(t.db, demoId);
    const noNumbers = await runAction(t.app, 'start', empty, manager);
    expect(noNumbers.statusCode).toBe(409);
    expect(noNumbers.json().message).toBe('Add numbers to the campaign before starting it.');

    const nobody = await createCampaign(t.db, demoId, { extensions: [] });
    await addNumbers(t.db, demoId, nobody, phones('0105001', 2));
    const noExtensions = await runAction(t.app, 'start', nobody, manager);
    expect(noExtensions.statusCode).toBe(409);
    expect(noExtensions.json().message).toBe("Choose the campaign's extensions before starting it.");
    expect(await campaignState(t.db, demoId, nobody)).toBe('ready');
  });

  it("refuses to start when the company's PBX is not the built-in one", async () => {
    const id = await createCampaign(t.db, demoId, { extensions: ['1003'] });
    await addNumbers(t.db, demoId, id, phones('0105009', 1));
    const [company] = await t.db.select({ ctiServer: companies.ctiServer }).from(companies).where(eq(companies.id, demoId));
    await t.db.update(companies).set({ ctiServer: 'https://cti.other.example/cti' }).where(eq(companies.id, demoId));
    try {
      const refused = await runAction(t.app, 'start', id, manager);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe("Auto-call runs need the built-in PBX: this company's CTI server cannot place them.");
      expect(await runRow(t.db, id)).toBeUndefined();
    } finally {
      await t.db.update(companies).set({ ctiServer: company!.ctiServer }).where(eq(companies.id, demoId));
    }
  });

  it("answers 404 for another company's campaign, whatever the command", async () => {
    const id = await createCampaign(t.db, acmeId, { extensions: ['2001'] });
    await addNumbers(t.db, acmeId, id, phones('0105002', 2));
    for (const action of ['start', 'pause', 'resume', 'cancel', 'status']) {
      const response = await post(t.app, `/auto-call/${action}`, { id }, { token: manager });
      expect(response.statusCode, action).toBe(404);
      expect(response.json()).toEqual({ error: true, message: expect.any(String) });
    }
    expect(await campaignState(t.db, acmeId, id)).toBe('ready');
    expect(await runRow(t.db, id)).toBeUndefined();
  });

  it('pushes every change of a run to the company\'s viewers as `auto_call_run`', async () => {
    const url = await listen(t.app);
    const viewer = await openSocket(url, manager);
    const outsider = await openSocket(url, acme);
    try {
      const events = recordEvents(viewer);
      const outsiderEvents = recordEvents(outsider);
      expect(await viewer.timeout(5000).emitWithAck('join_auto_call', {})).toEqual({ result: 'success' });
      // Acme may not use auto-call: it cannot join, and hears nothing of Demo's runs.
      expect(await outsider.timeout(5000).emitWithAck('join_auto_call', {})).toMatchObject({ error: true, status: 403 });
      const id = await createCampaign(t.db, demoId, { extensions: ['1003'] });
      await addNumbers(t.db, demoId, id, phones('0105007', 2));
      await runAction(t.app, 'start', id, manager);
      expect(await events.waitFor('auto_call_run', { id, state: 'on_going' })).toMatchObject({ counts: { total: 2 }, actions: ['pause', 'cancel'] });
      await runAction(t.app, 'pause', id, manager);
      expect(await events.waitFor('auto_call_run', { id, state: 'paused' })).toMatchObject({ actions: ['resume', 'cancel'] });
      await runAction(t.app, 'cancel', id, manager);
      await events.waitFor('auto_call_run', { id, state: 'cancelled' });
      await expect(outsiderEvents.waitFor('auto_call_run', {}, 300)).rejects.toThrow();
    } finally {
      viewer.close();
      outsider.close();
    }
  });

  it('sends every step of a run\'s machine to the company\'s inspectors as `auto_call_run_trace`', async () => {
    // The push test above may have started the server already.
    const url = t.app.server.listening ? `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}` : await listen(t.app);
    const inspector = await openSocket(url, manager);
    const outsider = await openSocket(url, acme);
    type Trace = { campaign_id: number; events: { type: string }[]; snapshot: { value: unknown; status: string } };
    try {
      const recorded = recordEvents(inspector);
      const traces = (id: number) => recorded.events.filter((e) => e.name === 'auto_call_run_trace').map((e) => e.payload as unknown as Trace).filter((trace) => trace.campaign_id === id);
      const traceWith = (id: number, type: string) => waitFor(async () => traces(id).find((trace) => trace.events.some((event) => event.type === type)), 5_000, `a ${type} trace`);
      expect(await inspector.timeout(5000).emitWithAck('join_auto_call_trace', {})).toEqual({ result: 'success' });
      expect(await outsider.timeout(5000).emitWithAck('join_auto_call_trace', {})).toMatchObject({ error: true, status: 403 });
      const id = await createCampaign(t.db, demoId, { extensions: ['1003'] });
      await addNumbers(t.db, demoId, id, phones('0105008', 2));
      await runAction(t.app, 'start', id, manager);
      const started = await traceWith(id, 'START');
      expect(started.events.map((event) => event.type)).toEqual(['START']);
      expect(started.snapshot.value).toEqual({ on_going: 'running' });
      // The runner's own steps follow: its clock's TICKs.
      await traceWith(id, 'TICK');
      await runAction(t.app, 'cancel', id, manager);
      expect((await traceWith(id, 'CANCEL')).snapshot).toMatchObject({ value: 'cancelled', status: 'done' });
    } finally {
      inspector.close();
      outsider.close();
    }
  });

  it('is refused (403) to a company without auto-call', async () => {
    const id = await createCampaign(t.db, acmeId, { extensions: ['2001'] });
    await addNumbers(t.db, acmeId, id, phones('0105006', 1));
    expect((await runAction(t.app, 'start', id, acme)).statusCode).toBe(403);
    expect(await runRow(t.db, id)).toBeUndefined();
  });
});

describe('dialling', () => {
  beforeAll(async () => {
    // agent1 and agent2 sign in to the simulated PBX: the campaign's two agents.
    for (const extension of ['1001', '1002']) expect(await t.app.telephony.signIn(demoId, extension)).toMatchObject({ exten_status: 51 });
  });

  it('never dials a blacklisted number: it ends `block` with no attempt', async () => {
    const stored = await post(t.app, '/blacklist/store', { phone_number: '01077770001', direction: 'outbound' }, { token: manager });
    expect(stored.statusCode, stored.body).toBe(200);
    const id = await createCampaign(t.db, demoId);
    await addNumbers(t.db, demoId, id, ['01077770001', '01077770002']);
    expect((await runAction(t.app, 'start', id, manager)).statusCode).toBe(200);

    const done = await waitFor(async () => {
      const status = await statusOf(t.app, id, manager);
      return status.state === 'complete' && status;
    }, 15_000, 'the run to complete');
    expect(done.counts.results.block).toBe(1);
    const rows = await numbersOf(t.db, id);
    expect(rows.find((r) => r.phone === '01077770001')).toMatchObject({ result: 'block', attempts: 0 });
    expect(rows.find((r) => r.phone === '01077770002')).toMatchObject({ attempts: 1, result: expect.any(String) });
    expect(dialsOf(id).map((d) => d.number.phoneNumber)).toEqual(['01077770002']);
  });

  it('dials nothing outside the call window, and starts when it opens', async () => {
    clock.set(OUT_OF_WINDOW);
    const id = await createCampaign(t.db, demoId);
    await addNumbers(t.db, demoId, id, phones('0105003', 3));
    const started = await runAction(t.app, 'start', id, manager);
    expect(started.json().data).toMatchObject({ state: 'on_going', waiting_for_window: true });

    // Many ticks at 23:00 in Seoul: nothing placed, nothing counted.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(dialsOf(id)).toEqual([]);
    expect((await numbersOf(t.db, id)).map((r) => r.attempts)).toEqual([0, 0, 0]);
    expect((await statusOf(t.app, id, manager)).waiting_for_window).toBe(true);

    clock.set(IN_WINDOW);
    await waitFor(async () => dialsOf(id).length > 0, 10_000, 'a dial once the window opens');
    expect((await statusOf(t.app, id, manager)).waiting_for_window).toBe(false);
  });

  it('takes in numbers added while paused when it resumes, and refuses to delete numbers while paused', async () => {
    clock.set(OUT_OF_WINDOW);
    const id = await createCampaign(t.db, demoId, { name: 'Grows while paused' });
    await addNumbers(t.db, demoId, id, phones('0105006', 3));
    expect((await runAction(t.app, 'start', id, manager)).json().data.counts.total).toBe(3);
    expect((await runAction(t.app, 'pause', id, manager)).json().data.state).toBe('paused');

    await addNumbers(t.db, demoId, id, phones('0105007', 2));
    const refused = await post(t.app, '/auto-call/data/delete', { campaign_id: id }, { token: manager });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('paused');
    expect(await numbersOf(t.db, id)).toHaveLength(5);

    clock.set(IN_WINDOW);
    expect((await runAction(t.app, 'resume', id, manager)).json().data.counts).toMatchObject({ total: 5, remaining: 5 });
    const done = await waitFor(async () => {
      const status = await statusOf(t.app, id, manager);
      return status.state === 'complete' && status;
    }, 30_000, 'the run to complete');
    expect(done.counts).toMatchObject({ total: 5, finished: 5, dialled: 5 });
    expect((await numbersOf(t.db, id)).every((r) => r.result !== null)).toBe(true);
  });

  it('runs a campaign of ten numbers to `complete` with a result for every number', async () => {
    const id = await createCampaign(t.db, demoId, { name: 'Ten numbers' });
    await addNumbers(t.db, demoId, id, phones('0105004', 10));
    const connected: string[] = [];
    const real = t.app.telephony.simulator.bind(t.app.telephony) as (companyId: number, name: string, ...args: unknown[]) => Promise<never>;
    const spy = vi.spyOn(t.app.telephony, 'simulator').mockImplementation(((companyId: number, name: string, ...args: unknown[]) => {
      if (name === 'placeInboundCall') {
        const { from } = args[0] as { from: string };
        if (from.startsWith('0105004')) connected.push(from);
      }
      return real(companyId, name, ...args);
    }) as typeof t.app.telephony.simulator);
    try {
      expect((await runAction(t.app, 'start', id, manager)).statusCode).toBe(200);
      const done = await waitFor(async () => {
        const status = await statusOf(t.app, id, manager);
        return status.state === 'complete' && status;
      }, 30_000, 'the run to complete');

      const rows = await numbersOf(t.db, id);
      expect(rows.every((r) => r.result !== null && r.attempts === 1)).toBe(true);
      const byResult = Object.fromEntries(Object.entries(done.counts.results).filter(([, n]) => n > 0));
      const fromRows: Record<string, number> = {};
      for (const r of rows) fromRows[r.result!] = (fromRows[r.result!] ?? 0) + 1;
      expect(byResult).toEqual(fromRows);
      expect(done.counts).toMatchObject({ total: 10, finished: 10, remaining: 0, in_flight: 0, dialled: 10 });
      // Every success is a call the PBX put through to one of the two agents; they are the numbers that said so.
      const successes = rows.filter((r) => r.result === 'success');
      expect(successes.length).toBeGreaterThan(0);
      expect(connected.sort()).toEqual(successes.map((r) => r.phone).sort());
      expect(successes.every((r) => typeof r.uniqueid === 'string')).toBe(true);
      expect(await campaignState(t.db, demoId, id)).toBe('complete');
      // Finished runs are given back: no process holds them.
      expect(await runRow(t.db, id)).toMatchObject({ state: 'complete', leaseOwner: null });
    } finally {
      spy.mockRestore();
    }
  });

  it('tries a busy number again after the retry delay, and never beyond max_attempts', async () => {
    const id = await createCampaign(t.db, demoId, { max_attempts: 2, retry_delay_s: 60 });
    await addNumbers(t.db, demoId, id, phones('0105008', 3));
    t.app.autoCallRunner.tune({ answerRates: { ...FAST_CALLEES, human: 0, machine: 0, busy: 1, noAnswer: 0 } });
    try {
      expect((await runAction(t.app, 'start', id, manager)).statusCode).toBe(200);
      const waiting = await waitFor(async () => {
        const status = await statusOf(t.app, id, manager);
        return status.counts.retrying === 3 && status;
      }, 10_000, 'three numbers waiting for a retry');
      expect(waiting).toMatchObject({ state: 'on_going', counts: { dialled: 3, finished: 0 } });
      // Not before the delay: a second of ticks at the same time dials nothing more.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(dialsOf(id)).toHaveLength(3);
      expect((await numbersOf(t.db, id)).map((r) => [r.attempts, r.result])).toEqual([[1, null], [1, null], [1, null]]);

      clock.set(IN_WINDOW + 61_000);
      const done = await waitFor(async () => {
        const status = await statusOf(t.app, id, manager);
        return status.state === 'complete' && status;
      }, 10_000, 'the run to complete');
      expect(done.counts).toMatchObject({ dialled: 6, finished: 3, results: { busy: 3 } });
      expect((await numbersOf(t.db, id)).map((r) => [r.attempts, r.result])).toEqual([[2, 'busy'], [2, 'busy'], [2, 'busy']]);
      expect(dialsOf(id)).toHaveLength(6);
    } finally {
      t.app.autoCallRunner.tune({ answerRates: FAST_CALLEES });
    }
  });

  it('drops an answered call that finds no free agent within 2 s', async () => {
    // A public campaign on 1003 only, which is not signed in: a callee who presses 1 waits 2 s for nobody.
    const id = await createCampaign(t.db, demoId, { variant: 'public', multiple: 5, extensions: ['1003'] });
    await addNumbers(t.db, demoId, id, phones('0105005', 10));
    t.app.autoCallRunner.tune({ answerRates: { ...FAST_CALLEES, human: 1, machine: 0, busy: 0, noAnswer: 0 } });
    try {
      expect((await runAction(t.app, 'start', id, manager)).statusCode).toBe(200);
      const started = Date.now();
      await waitFor(async () => (await statusOf(t.app, id, manager)).state === 'complete', 20_000, 'the run to complete');
      const rows = await numbersOf(t.db, id);
      // Those who pressed 1 were dropped (the recorded message); the others listened and hung up.
      expect(new Set(rows.map((r) => r.result))).toEqual(new Set(['dropcall', 'listen_hangup']));
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    } finally {
      t.app.autoCallRunner.tune({ answerRates: FAST_CALLEES });
    }
  });
});
