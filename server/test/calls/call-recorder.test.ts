import type { CompanyTelephonyEvent, CompanyTelephonyListener } from '../../src/telephony/service';
import { CallRecorder } from '../../src/services/call-log/call-recorder';
import { buildTestApp, post, loginAs, type TestApp } from '../helpers/build-test-app';

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

function fakePbx() {
  const listeners = new Set<CompanyTelephonyListener>();
  return {
    subscribe: (listener: CompanyTelephonyListener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit: (event: CompanyTelephonyEvent) => listeners.forEach((listener) => listener(event)),
  };
}

const queueCall = (uniqueid: string, from: string) => ({
  ring: (ext: string): CompanyTelephonyEvent => ({
    companyId: '1',
    type: 'inbound_call',
    extension: ext,
    payload: { phone_no: from, ext_no: ext, ring_gr: '500', uniqueid, chanel: '', ivr_number: '', recordingfile: '', server: 'builtin' },
  }),
  hangup: (ext: string): CompanyTelephonyEvent => ({ companyId: '1', type: 'call_state', extension: ext, payload: { uniqueid, state: 'hangup', extension: ext, number: from } }),
});

const callbacksFor = async (number: string) =>
  (await post(t.app, '/callback/list', { search: number }, { token })).json<{ data: { attempts: number; uniqueid: string }[] }>().data;
const history = async (uniqueid: string) => (await post(t.app, '/cti/calls/history', { search: uniqueid }, { token })).json<{ data: { disposition: string | null; ended_at: string | null }[] }>().data;

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
