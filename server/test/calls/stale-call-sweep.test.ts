import { eq, inArray } from 'drizzle-orm';
import { callbacks, calls, companies } from '../../src/db/schema';
import { CallRecorder } from '../../src/services/call-log/call-recorder';
import { addOneTouchFile } from '../../src/services/call-log/call-store';
import type { CompanyTelephonyEvent } from '../../src/telephony/service';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';
import { fakePbx, queueCall } from './fake-pbx';

/**
 * Calls a restart left in progress (docs/calls.md): the recorder that followed them is gone, so its
 * successor's sweep closes those quiet for `staleMs` (4 h by default, as here) at their last event,
 * like the live give-up, with the same callback rule, once, each in its own company.
 */
let t: TestApp;
const tokens = { manager: '', acme: '' };
const company = { demo: '', acme: '' };
beforeAll(async () => {
  t = await buildTestApp();
  tokens.manager = (await loginAs(t.app, 'manager')).access_token;
  tokens.acme = (await loginAs(t.app, 'acme-manager')).access_token;
  const rows = await t.db.select({ id: companies.id, name: companies.name }).from(companies);
  company.demo = String(rows.find((row) => row.name === 'Demo Call Centre')!.id);
  company.acme = String(rows.find((row) => row.name === 'Acme Support')!.id);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);
const later = (at: Date, seconds: number) => new Date(at.getTime() + seconds * 1000);
const fail = (error: unknown) => {
  throw error;
};

/** The run before the restart: each event at its time (the recorder's clock), then the app stops. */
async function loggedBeforeRestart(steps: [Date, CompanyTelephonyEvent][]): Promise<void> {
  const pbx = fakePbx();
  let clock = steps[0]![0];
  const recorder = new CallRecorder({ db: t.db, subscribe: pbx.subscribe, onError: fail, now: () => clock });
  recorder.start();
  for (const [at, event] of steps) {
    clock = at;
    pbx.emit(event);
  }
  // Calls going on are left as written, as a restart leaves them.
  await recorder.close();
}

/** The row was last written at `at` (the recorder writes it with the database's clock). */
const lastWritten = (uniqueid: string, at: Date) => t.db.update(calls).set({ updatedAt: at }).where(eq(calls.uniqueid, uniqueid));
/** A recorder of the next run, not started: its tests call `sweepStale()` themselves. */
const nextRun = () => new CallRecorder({ db: t.db, subscribe: fakePbx().subscribe, onError: fail });

type HistoryRow = { disposition: string | null; ended_at: string | null; duration: number | null; talk_time: number | null };
const history = async (uniqueid: string) =>
  (await post(t.app, '/cti/calls/history', { search: uniqueid }, { token: tokens.manager })).json<{ data: HistoryRow[] }>().data;
type CallbackRow = { attempts: number; last_uniqueid: string; last_call_at: string };
const callbacksFor = async (number: string, token = tokens.manager) =>
  (await post(t.app, '/callback/list', { search: number }, { token })).json<{ data: CallbackRow[] }>().data;
const rowsOf = (uniqueid: string) =>
  t.db
    .select({ companyId: calls.companyId, endedAt: calls.endedAt, disposition: calls.disposition })
    .from(calls)
    .where(eq(calls.uniqueid, uniqueid))
    .orderBy(calls.companyId);

it('an answered call in progress across a restart is closed at its last event and shows ended in the history', async () => {
  const start = ago(5 * HOUR);
  const call = queueCall('1900000000.1', '01066660001', company.demo);
  await loggedBeforeRestart([
    [start, call.ring('1001')],
    [later(start, 10), call.answer('1001')],
    [later(start, 70), call.hold('1001')],
  ]);
  await lastWritten('1900000000.1', later(start, 70));
  expect(await history('1900000000.1')).toEqual([expect.objectContaining({ ended_at: null, disposition: null })]);

  const recorder = nextRun();
  expect(await recorder.sweepStale()).toBe(1);
  expect(await history('1900000000.1')).toEqual([
    expect.objectContaining({ ended_at: later(start, 70).toISOString(), disposition: 'answered', duration: 70, talk_time: 60 }),
  ]);
  expect(await recorder.sweepStale()).toBe(0);
  expect(await callbacksFor('01066660001')).toEqual([]);
  await recorder.close();
});

it('a lost queue call orphaned by a restart opens one callback, even with two processes sweeping at once', async () => {
  const start = ago(5 * HOUR);
  const call = queueCall('1900000000.2', '+82 10-6666-0002', company.demo);
  // The caller is still held by the queue when the app stops: nobody rings any more.
  await loggedBeforeRestart([
    [start, call.started(start)],
    [later(start, 5), call.ring('1001')],
    [later(start, 20), call.hangup('1001')],
  ]);
  await lastWritten('1900000000.2', later(start, 20));

  const [one, other] = [nextRun(), nextRun()];
  const closed = await Promise.all([one.sweepStale(), other.sweepStale()]);
  expect(closed[0] + closed[1]).toBe(1);
  expect(await history('1900000000.2')).toEqual([
    expect.objectContaining({ ended_at: later(start, 20).toISOString(), disposition: 'abandoned', duration: 20, talk_time: 0 }),
  ]);
  const opened = [expect.objectContaining({ attempts: 1, last_uniqueid: '1900000000.2', last_call_at: later(start, 20).toISOString() })];
  expect(await callbacksFor('01066660002')).toEqual(opened);
  expect(await one.sweepStale()).toBe(0);
  expect(await callbacksFor('01066660002')).toEqual(opened);
  await Promise.all([one.close(), other.close()]);
});

it('leaves alone calls heard from within staleMs and the calls this process still follows', async () => {
  const old = ago(5 * HOUR);
  const recent = queueCall('1900000000.3', '01066660003', company.demo);
  await loggedBeforeRestart([[ago(HOUR), recent.ring('1002')]]);
  // Old events, but the row was written an hour ago: the later of the two counts.
  const written = queueCall('1900000000.4', '01066660004', company.demo);
  await loggedBeforeRestart([[old, written.ring('1002')]]);
  await lastWritten('1900000000.4', ago(HOUR));
  // An old row with a newer event (a one-touch recording an hour ago).
  const heard = queueCall('1900000000.5', '01066660005', company.demo);
  await loggedBeforeRestart([
    [old, heard.ring('1001')],
    [later(old, 1), heard.answer('1001')],
  ]);
  await addOneTouchFile(t.db, Number(company.demo), { uniqueid: '1900000000.5', extension: '1001', file: 'otr-x-1001-1900000000.5.wav', at: ago(HOUR) });
  await lastWritten('1900000000.5', old);

  // This process follows a call whose row looks as old as an orphan's.
  const pbx = fakePbx();
  const recorder = new CallRecorder({ db: t.db, subscribe: pbx.subscribe, onError: fail });
  recorder.start();
  await recorder.sweepStale();
  pbx.emit(queueCall('1900000000.6', '01066660006', company.demo).started(old));
  await recorder.settle();
  await lastWritten('1900000000.6', old);

  expect(await recorder.sweepStale()).toBe(0);
  for (const uniqueid of ['1900000000.3', '1900000000.4', '1900000000.5', '1900000000.6']) {
    expect(await history(uniqueid)).toEqual([expect.objectContaining({ ended_at: null, disposition: null })]);
  }
  // What kept the followed call open is the track: a process without it closes that call alone.
  const successor = nextRun();
  expect(await successor.sweepStale()).toBe(1);
  expect(await history('1900000000.6')).toEqual([expect.objectContaining({ disposition: 'abandoned' })]);
  await Promise.all([recorder.close(), successor.close()]);
});

it("closes each company's calls in that company: its queues, its callbacks, its tracks", async () => {
  const start = ago(5 * HOUR);
  const pbx = fakePbx();
  const recorder = new CallRecorder({ db: t.db, subscribe: pbx.subscribe, onError: fail });
  recorder.start();
  expect(await recorder.sweepStale()).toBe(0); // and the one at start is over too
  // The same uniqueid and caller in both companies; only Demo has a queue 500.
  const demoCall = queueCall('1900000000.10', '01066660010', company.demo);
  const acmeCall = queueCall('1900000000.10', '01066660010', company.acme);
  await loggedBeforeRestart([
    [start, demoCall.started(start)],
    [start, acmeCall.started(start)],
  ]);
  await lastWritten('1900000000.10', start);
  // This process follows Demo's .11; Acme's call with that uniqueid is an orphan all the same.
  await loggedBeforeRestart([[start, queueCall('1900000000.11', '01066660011', company.acme).started(start)]]);
  pbx.emit(queueCall('1900000000.11', '01066660011', company.demo).started(start));
  await recorder.settle();
  await lastWritten('1900000000.11', start);

  expect(await recorder.sweepStale()).toBe(3);
  const demoId = Number(company.demo);
  const acmeId = Number(company.acme);
  expect(await rowsOf('1900000000.10')).toEqual([
    { companyId: demoId, endedAt: start, disposition: 'abandoned' },
    { companyId: acmeId, endedAt: start, disposition: 'missed' },
  ]);
  expect(await rowsOf('1900000000.11')).toEqual([
    { companyId: demoId, endedAt: null, disposition: null },
    { companyId: acmeId, endedAt: start, disposition: 'missed' },
  ]);
  const opened = await t.db
    .select({ companyId: callbacks.companyId, phoneNumber: callbacks.phoneNumber, attempts: callbacks.attempts, lastUniqueid: callbacks.lastUniqueid })
    .from(callbacks)
    .where(inArray(callbacks.phoneNumber, ['01066660010', '01066660011']))
    .orderBy(callbacks.phoneNumber, callbacks.companyId);
  expect(opened).toEqual([
    { companyId: demoId, phoneNumber: '01066660010', attempts: 1, lastUniqueid: '1900000000.10' },
    { companyId: acmeId, phoneNumber: '01066660010', attempts: 1, lastUniqueid: '1900000000.10' },
    { companyId: acmeId, phoneNumber: '01066660011', attempts: 1, lastUniqueid: '1900000000.11' },
  ]);
  expect(await callbacksFor('01066660011', tokens.acme)).toHaveLength(1);
  expect(await callbacksFor('01066660011')).toEqual([]);
  await recorder.close();
  // Gone with the process, Demo's .11 is an orphan too now.
  expect(await nextRun().sweepStale()).toBe(1);
});

it('sweeps once when it starts and then every sweepEveryMs, until it is closed', async () => {
  const start = ago(5 * HOUR);
  await loggedBeforeRestart([[start, queueCall('1900000000.20', '01066660020', company.demo).started(start)]]);
  await lastWritten('1900000000.20', start);
  const first = new CallRecorder({ db: t.db, subscribe: fakePbx().subscribe, onError: fail });
  first.start();
  // close() waits for the sweep under way.
  await first.close();
  expect(await history('1900000000.20')).toEqual([expect.objectContaining({ ended_at: start.toISOString() })]);

  const recorder = new CallRecorder({ db: t.db, subscribe: fakePbx().subscribe, onError: fail, sweepEveryMs: 100 });
  recorder.start();
  await recorder.sweepStale(); // after the sweep at start
  await loggedBeforeRestart([[start, queueCall('1900000000.21', '01066660021', company.demo).started(start)]]);
  await lastWritten('1900000000.21', start);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await history('1900000000.21')).toEqual([expect.objectContaining({ ended_at: start.toISOString() })]);
  await recorder.close();
  await loggedBeforeRestart([[start, queueCall('1900000000.22', '01066660022', company.demo).started(start)]]);
  await lastWritten('1900000000.22', start);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(await history('1900000000.22')).toEqual([expect.objectContaining({ ended_at: null })]);
});
