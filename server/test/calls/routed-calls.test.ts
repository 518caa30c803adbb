import { cti, tokensFor } from '../cti/cti-helpers';
import { cbrMp3 } from '../files/mp3-frames';
import type { DemoUser } from '../resources/resource-test-helpers';
import { showCall, startCallKit, type CallKit } from './call-test-kit';

/**
 * Routed calls that ring nobody in the call log (docs/calls.md "Routed calls"): a call the routing sends
 * to a sound file, voicemail, a callback group or hang-up, or a ring group nobody could ring ending at
 * one, is an inbound row with disposition `routed` and its `call_routed` event; a callback group leaves
 * one callback request (not a second from the missed-call rule); each company sees its own.
 */

let kit: CallKit;
let tokens: Record<string, string>;
/** The lunch message's sound file id. */
let soundFile = '';

/** A sound file of the demo company, uploaded as the manager would (multipart). */
async function uploadSoundFile(): Promise<string> {
  const form = new FormData();
  form.append('name', 'Lunch');
  form.append('file', new Blob([new Uint8Array(cbrMp3(10))], { type: 'audio/mpeg' }), 'lunch.mp3');
  const response = await kit.t.app.inject({
    method: 'POST',
    url: '/api/v1/sound-file/store',
    headers: { authorization: `Bearer ${tokens.manager}`, accept: 'application/json' },
    payload: form,
  });
  expect(response.statusCode, response.body).toBe(200);
  return String(response.json<{ data: { id: number } }>().data.id);
}

beforeAll(async () => {
  kit = await startCallKit();
  tokens = await tokensFor(kit.t.app, ['manager', 'acme-manager']);
  const store = async (path: string, body: Record<string, unknown>) => {
    const response = await kit.call('manager', `/${path}/store`, body);
    expect(response.statusCode, response.body).toBe(200);
  };
  soundFile = await uploadSoundFile();
  // The demo's 1003 (the plain user) never signs in to the PBX here: ring group 620 can ring nobody.
  await store('ring-group', { number: '620', display_name: 'Nobody in', strategy: 'hunt', ring_time_s: 10, members: ['1003'], no_answer_destination: { type: 'voicemail' } });
  // Nobody can ring 621 either: its no-answer destination is a menu whose timeout plays the lunch message.
  await store('ivr', { number: '720', name: 'After hours', invalid_retries: 0, options: [], timeout_destination: { type: 'sound_file', target: soundFile }, invalid_destination: null });
  await store('ring-group', { number: '621', display_name: 'Nobody either', strategy: 'ringall', members: ['1003'], no_answer_destination: { type: 'ivr', target: '720' } });
  // 622 rings an outside number only (a mobile), for the simulator's answer and refuse controls.
  await store('ring-group', { number: '622', display_name: 'Mobile', strategy: 'ringall', ring_time_s: 30, members: ['01012341234'] });
  await store('callback-group', { number: '820', name: 'Call me back', members: ['1001'], callback_delay_s: 3600, max_attempts: 1 });
  await store('inbound-number', { number: '0215550100', name: 'Sales', destination: { type: 'extension', target: '1001' } });
  await store('inbound-number', { number: '0215550101', name: 'Nights', destination: { type: 'ring_group', target: '620' } });
  await store('inbound-number', { number: '0215550102', name: 'Callbacks', destination: { type: 'callback_group', target: '820' } });
  await store('time-condition', {
    name: 'Lunch message',
    type: 'lunch_hour',
    start_weekday: 1,
    end_weekday: 7,
    start_month: 1,
    end_month: 12,
    start_date: 1,
    end_date: 31,
    start_hour: 12,
    start_minute: 0,
    end_hour: 13,
    end_minute: 0,
    destination: { type: 'sound_file', target: soundFile },
  });
  const applied = await kit.call('manager', '/routing/apply', {});
  expect(applied.statusCode, applied.body).toBe(200);
});
afterAll(async () => {
  await kit?.close();
});

// 2026-11-25 is a Wednesday.
const AT_10 = '2026-11-25T10:00:00+09:00';
const AT_1230 = '2026-11-25T12:30:00+09:00';

async function ring(from: string, to: string, at: string): Promise<{ uniqueid: string; routed?: unknown }> {
  const response = await cti(kit.t.app, '/simulator/calls', { method: 'POST', token: tokens.manager, body: { from, to, at } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function history(body: Record<string, unknown>, as: DemoUser = 'manager') {
  // The ring group's no-answer destination is followed a moment after the call is placed.
  await new Promise((resolve) => setTimeout(resolve, 50));
  await kit.settle();
  const response = await kit.call(as, '/cti/calls/history', { per_page: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Record<string, unknown>[] }>().data;
}

describe('a routed call that rings nobody', () => {
  it('at lunch, the message played is logged: inbound, callee the number dialled, disposition routed', async () => {
    const { uniqueid, routed } = await ring('01077770001', '0215550100', AT_1230);
    expect(routed).toEqual({ type: 'sound_file', target: soundFile });
    const rows = await history({ search: uniqueid });
    expect(rows).toEqual([
      expect.objectContaining({
        uniqueid,
        direction: 'inbound',
        caller_number: '01077770001',
        callee_number: '0215550100',
        extension: null,
        disposition: 'routed',
        talk_time: 0,
        ringing_at: null,
      }),
    ]);
    expect((await showCall(kit, uniqueid)).events).toEqual([
      expect.objectContaining({ type: 'call_routed', state: 'sound_file', extension: soundFile, number: '01077770001' }),
    ]);
    // The list's disposition filter finds it; "missed" does not.
    expect((await history({ disposition: 'routed' })).map((row) => row.uniqueid)).toContain(uniqueid);
    expect((await history({ disposition: 'missed' })).map((row) => row.uniqueid)).not.toContain(uniqueid);
  });

  it('is the company’s own: another company’s manager does not see it', async () => {
    const { uniqueid } = await ring('01077770002', '0215550100', AT_1230);
    expect(await history({ search: uniqueid })).toHaveLength(1);
    expect(await history({ search: uniqueid }, 'acme-manager')).toEqual([]);
    expect((await history({ disposition: 'routed' }, 'acme-manager')).map((row) => row.uniqueid)).not.toContain(uniqueid);
  });

  it('a ring group nobody can ring ends at its no-answer destination (voicemail): logged as routed, callee the ring group', async () => {
    const { uniqueid, routed } = await ring('01077770003', '0215550101', AT_10);
    expect(routed).toEqual({ type: 'ring_group', target: '620' });
    expect(await history({ search: uniqueid })).toEqual([
      expect.objectContaining({ uniqueid, direction: 'inbound', caller_number: '01077770003', callee_number: '620', disposition: 'routed' }),
    ]);
    expect((await showCall(kit, uniqueid)).events.map((e) => [e.type, e.state])).toEqual([['call_routed', 'voicemail']]);
  });

  it('a callback group is logged as routed and leaves one callback request, not a second from the missed-call rule', async () => {
    const { uniqueid } = await ring('01077770004', '0215550102', AT_10);
    expect(await history({ search: uniqueid })).toEqual([
      expect.objectContaining({ uniqueid, callee_number: '0215550102', disposition: 'routed' }),
    ]);
    const callbacks = (await kit.call('manager', '/callback/list', { search: '01077770004' })).json<{ data: { attempts: number; queue: string }[] }>().data;
    expect(callbacks).toEqual([expect.objectContaining({ attempts: 1, queue: '820' })]);
  });
});

describe('ring groups through the routing', () => {
  it('a no-answer destination that is a menu follows the menu (no keys: its timeout destination, the message)', async () => {
    const { uniqueid } = await ring('01077770005', '621', AT_10);
    expect(await history({ search: uniqueid })).toEqual([expect.objectContaining({ uniqueid, callee_number: '621', disposition: 'routed' })]);
    expect((await showCall(kit, uniqueid)).events).toEqual([expect.objectContaining({ type: 'call_routed', state: 'sound_file', extension: soundFile })]);
  });

  it('an outside member is answered or refused through the simulator controls; a number not ringing is 409, another company’s PBX has no such call', async () => {
    const { uniqueid } = await ring('01077770006', '622', AT_10);
    const control = (number: string, action: 'answer' | 'refuse', token = tokens.manager) =>
      cti(kit.t.app, `/simulator/calls/${uniqueid}/outside/${number}/${action}`, { method: 'POST', token, body: {} });
    expect((await control('01099990000', 'answer')).statusCode).toBe(409);
    // Acme's manager reaches Acme's PBX, where the call does not exist: nothing happens to Demo's call.
    expect((await control('01012341234', 'answer', tokens['acme-manager'])).statusCode).toBe(409);
    const answered = await control('01012341234', 'answer');
    expect(answered.statusCode, answered.body).toBe(200);
    const state = await cti(kit.t.app, '/simulator/state', { token: tokens.manager });
    const call = state.json<{ calls: { uniqueid: string; state: string; callee: { number: string } | null }[] }>().calls.find((c) => c.uniqueid === uniqueid);
    expect(call).toMatchObject({ state: 'connected.talking', callee: { number: '01012341234' } });
    expect((await control('01012341234', 'refuse')).statusCode).toBe(409);
    await kit.farHangup(uniqueid);
  });
});
