import { CallRecorder } from '../../src/services/call-log/call-recorder';
import { buildTestApp, post, loginAs, type TestApp } from '../helpers/build-test-app';
import { fakePbx, queueCall } from './fake-pbx';

/**
 * The recorder on its own, fed events by hand (as a PBX would send them) against the real database:
 * idempotent per uniqueid, a quiet period before a call counts as over, and a queue that rings again
 * in the meantime keeps the call going (no early callback).
 */
let t: TestApp;
let token = '';
beforeAll(async () => {
  t = await buildTestApp();
  token = (await loginAs(t.app, 'manager')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const callbacksFor = async (number: string) =>
  (await post(t.app, '/callback/list', { search: number }, { token })).json<{ data: { attempts: number; uniqueid: string }[] }>().data;
type HistoryRow = { disposition: string | null; ended_at: string | null; extensions: string[]; wait_duration: number | null; talk_time: number | null };
const history = async (uniqueid: string) => (await post(t.app, '/cti/calls/history', { search: uniqueid }, { token })).json<{ data: HistoryRow[] }>().data;
const recorderWith = (settleMs: number, pbx: ReturnType<typeof fakePbx>) => {
  const recorder = new CallRecorder({ db: t.db, subscribe: pbx.subscribe, onError: (error) => { throw error; }, settleMs });
  recorder.start();
  return recorder;
};

it('writes each call once, keeps it open while the queue rings again, and opens one callback after the quiet period', async () => {
  const pbx = fakePbx();
  const recorder = new CallRecorder({ db: t.db, subscribe: pbx.subscribe, onError: (error) => { throw error; }, settleMs: 200 });
  recorder.start();
  const call = queueCall('1800000000.1', '01099990001');
  pbx.emit(call.ring('1001'));
  pbx.emit(call.hangup('1001'));
  // Nobody on the call for a moment: provisionally over (shown as abandoned), no callback yet.
  await new Promise((resolve) => setTimeout(resolve, 50));
  pbx.emit(call.ring('1001'));
  pbx.emit(call.hangup('1001'));
  await new Promise((resolve) => setTimeout(resolve, 400));
  await recorder.close();
  expect(await history('1800000000.1')).toEqual([expect.objectContaining({ disposition: 'abandoned' })]);
  expect(await callbacksFor('01099990001')).toEqual([expect.objectContaining({ attempts: 1 })]);
});

it('replayed events (a second recorder, or a restart) update the same row and never double-count', async () => {
  for (let round = 0; round < 2; round++) {
    const pbx = fakePbx();
    const recorder = new CallRecorder({ db: t.db, subscribe: pbx.subscribe, onError: (error) => { throw error; }, settleMs: 10_000 });
    recorder.start();
    const call = queueCall('1800000000.2', '01099990002');
    pbx.emit(call.ring('1002'));
    pbx.emit(call.hangup('1002'));
    await recorder.settle();
    await recorder.close();
  }
  expect(await history('1800000000.2')).toHaveLength(1);
  expect(await callbacksFor('01099990002')).toEqual([expect.objectContaining({ attempts: 1 })]);
});

it('holds a call_placed that comes before the call’s events: no row until the PBX carries the call out, then its caller id', async () => {
  const pbx = fakePbx();
  const recorder = recorderWith(10_000, pbx);
  const uniqueid = '1800000000.9';
  const at = new Date().toISOString();
  pbx.emit({ companyId: '1', type: 'call_placed', payload: { uniqueid, extension: '1001', number: '01055550019', caller_id: '0215880000', at } });
  await recorder.settle();
  expect(await history(uniqueid)).toEqual([]);
  pbx.emit({ companyId: '1', type: 'call_state', extension: '1001', payload: { uniqueid, state: 'ringing', extension: '1001', number: '01055550019' } });
  pbx.emit({ companyId: '1', type: 'call_state', extension: '1001', payload: { uniqueid, state: 'hangup', extension: '1001', number: '01055550019' } });
  await recorder.settle();
  await recorder.close();
  const rows = (await post(t.app, '/cti/calls/history', { search: uniqueid }, { token })).json<{ data: { direction: string; caller_id: string | null; extensions: string[] }[] }>().data;
  expect(rows).toEqual([expect.objectContaining({ direction: 'outbound', caller_id: '0215880000', extensions: ['1001'] })]);
});

describe('company-level queue-call events', () => {
  it('a caller held in the queue keeps the call going through ring rounds and quiet periods; it ends when the PBX says the caller left', async () => {
    const pbx = fakePbx();
    const recorder = recorderWith(100, pbx);
    const call = queueCall('1800000000.3', '+82 10-9999-0003');
    const start = new Date(Date.now() - 60_000);
    pbx.emit(call.started(start));
    pbx.emit(call.ring('1001'));
    pbx.emit(call.hangup('1001'));
    await new Promise((resolve) => setTimeout(resolve, 300)); // longer than the quiet period
    expect(await history('1800000000.3')).toEqual([expect.objectContaining({ disposition: null, ended_at: null })]);
    expect(await callbacksFor('01099990003')).toEqual([]);
    pbx.emit(call.ended('abandoned'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    await recorder.close();
    const [row] = await history('1800000000.3');
    expect(row).toMatchObject({ disposition: 'abandoned', extensions: ['1001'], talk_time: 0 });
    // The wait runs from the PBX's start to its end.
    expect(row!.wait_duration).toBeGreaterThanOrEqual(60);
    expect(await callbacksFor('01099990003')).toEqual([expect.objectContaining({ attempts: 1 })]);
  });

  it("the PBX's end never undoes what the extensions worked out, and replaying it changes nothing", async () => {
    const pbx = fakePbx();
    const recorder = recorderWith(10_000, pbx);
    const call = queueCall('1800000000.4', '01099990004');
    pbx.emit(call.started());
    pbx.emit(call.ring('1002'));
    pbx.emit(call.answer('1002'));
    pbx.emit(call.hangup('1002'));
    pbx.emit(call.ended('answered'));
    await recorder.settle();
    pbx.emit(call.ended('answered'));
    await recorder.settle();
    await recorder.close();
    expect(await history('1800000000.4')).toEqual([expect.objectContaining({ disposition: 'answered', extensions: ['1002'] })]);
    expect(await callbacksFor('01099990004')).toEqual([]);
  });

  it('a queue that gave up on its caller (Asterisk timeout) is missed, and opens a callback like an abandoned call', async () => {
    const pbx = fakePbx();
    const recorder = recorderWith(10_000, pbx);
    const call = queueCall('1800000000.5', '01099990005');
    pbx.emit(call.started());
    pbx.emit(call.ended('missed'));
    await recorder.close();
    expect(await history('1800000000.5')).toEqual([expect.objectContaining({ disposition: 'missed', extensions: [] })]);
    expect(await callbacksFor('01099990005')).toEqual([expect.objectContaining({ attempts: 1 })]);
  });
});

describe('calls the PBX never ends (lost hang-ups)', () => {
  it('a call without events for staleMs is over at its last event: no longer in progress, and a lost queue call gets its callback', async () => {
    const pbx = fakePbx();
    const recorder = new CallRecorder({ db: t.db, subscribe: pbx.subscribe, onError: (error) => { throw error; }, settleMs: 10_000, staleMs: 150 });
    recorder.start();
    const held = queueCall('1800000000.6', '01099990006');
    pbx.emit(held.started(new Date(Date.now() - 30_000)));
    const talking = queueCall('1800000000.7', '01099990007');
    pbx.emit(talking.ring('1001'));
    pbx.emit(talking.answer('1001'));
    // settle() leaves calls that are going on alone.
    await recorder.settle();
    expect(await history('1800000000.6')).toEqual([expect.objectContaining({ disposition: null, ended_at: null })]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await recorder.settle();
    const [waited] = await history('1800000000.6');
    expect(waited).toMatchObject({ disposition: 'abandoned', extensions: [] });
    expect(waited!.ended_at).not.toBeNull();
    expect(await callbacksFor('01099990006')).toEqual([expect.objectContaining({ attempts: 1 })]);
    expect(await history('1800000000.7')).toEqual([expect.objectContaining({ disposition: 'answered' })]);
    expect((await history('1800000000.7'))[0]!.ended_at).not.toBeNull();
    await recorder.close();
  });
});
