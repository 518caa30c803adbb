import { cti, joinAndRegister, listen, openSocket, recordEvents, tokensFor, type ClientSocket } from '../cti/cti-helpers';
import type { DemoUser } from '../resources/resource-test-helpers';
import { startCallKit, type CallKit } from '../calls/call-test-kit';

/**
 * Inbound routing on the API and the built-in PBX (issue 17, CONTRACT §11, docs/routing.md): records
 * are staged until Apply; routing/simulate reads the staged routing, the PBX the applied one; the
 * time condition that holds decides (Asia/Seoul), IVR keys lead through menus; `ring_gr` and
 * `ivr_number` reach the pop-up; a callback group leaves a callback request.
 */

let kit: CallKit;
let url: string;
let tokens: Record<string, string>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  kit = await startCallKit();
  url = await listen(kit.t.app);
  tokens = await tokensFor(kit.t.app, ['manager', 'agent1', 'acme-manager']);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await kit?.close();
});

async function store(path: string, body: Record<string, unknown>, as: DemoUser = 'manager') {
  const response = await kit.call(as, `/${path}/store`, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { id: number } }>().data;
}
const simulate = async (body: Record<string, unknown>, as: DemoUser = 'manager') => kit.call(as, '/routing/simulate', body);
const pending = async (as: DemoUser = 'manager') => (await kit.call(as, '/routing/pending', {})).json<{ data: { section: string; key: string; change: string }[]; version: number }>();
const ring = async (body: Record<string, unknown>) => cti(kit.t.app, '/simulator/calls', { method: 'POST', token: tokens.manager, body });

// 2026-11-25 is a Wednesday.
const WEDNESDAY_10 = '2026-11-25T10:00:00+09:00';
const WEDNESDAY_1230 = '2026-11-25T12:30:00+09:00';

describe('routing in the API and the PBX', () => {
  beforeAll(async () => {
    await store('ring-group', { number: '610', display_name: 'Support ring', strategy: 'ringall', ring_time_s: 20, members: ['1001'] });
    await store('callback-group', { number: '810', name: 'Call me back', members: ['1001'], callback_delay_s: 60, max_attempts: 3 });
    await store('ivr', {
      number: '710',
      name: 'Main menu',
      timeout_s: 5,
      invalid_retries: 1,
      options: [
        { digit: '1', destination: { type: 'extension', target: '1001' } },
        { digit: '2', destination: { type: 'ring_group', target: '610' } },
        { digit: '3', destination: { type: 'callback_group', target: '810' } },
      ],
      timeout_destination: { type: 'extension', target: '1001' },
      invalid_destination: { type: 'hangup', target: null },
    });
    await store('inbound-number', { number: '0215889000', name: 'Main line', destination: { type: 'ivr', target: '710' } });
    await store('time-condition', { name: 'Lunch', type: 'lunch_hour', start_weekday: 1, end_weekday: 7, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 12, start_minute: 0, end_hour: 13, end_minute: 0, destination: { type: 'hangup', target: null } });
  });

  it('lists what Apply would change, then applies it; a second Apply changes nothing', async () => {
    const before = await pending();
    expect(before.version).toBe(0);
    expect(before.data).toEqual(
      expect.arrayContaining([
        { section: 'inbound_numbers', key: '0215889000', change: 'added' },
        { section: 'ivrs', key: '710', change: 'added' },
        { section: 'ring_groups', key: '610', change: 'added' },
        { section: 'callback_groups', key: '810', change: 'added' },
        { section: 'time_conditions', key: 'Lunch', change: 'added' },
      ]),
    );
    // Not live yet: the PBX knows no such number.
    expect((await ring({ from: '01055550001', to: '0215889000', at: WEDNESDAY_10, digits: '1' })).statusCode).toBe(404);

    const applied = await kit.call('manager', '/routing/apply', {});
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ version: 1, applied_by: expect.any(String), routed_by: 'builtin' });
    expect((await pending()).data).toEqual([]);
    expect((await kit.call('manager', '/routing/apply', {})).json()).toMatchObject({ version: 2, data: [] });
  });

  it('simulates the path through the staged routing, with the reasons in the caller’s language', async () => {
    const response = await simulate({ to: '0215889000', from: '01055550001', at: WEDNESDAY_10, digits: '2' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ steps: { type: string; target: string; reason: string }[]; destination: unknown; ring_group: string; ivr_number: string }>();
    expect(body.steps.map((s) => [s.type, s.target])).toEqual([
      ['inbound_number', '0215889000'],
      ['ivr', '710'],
      ['ivr_option', '2'],
      ['ring_group', '610'],
    ]);
    expect(body.steps[2]?.reason).toBe('The caller pressed 2.');
    expect(body).toMatchObject({ destination: { type: 'ring_group', target: '610' }, ring_group: '610', ivr_number: '710' });
    expect((await simulate({ to: '0215889000', from: '01055550001', at: WEDNESDAY_1230 })).json()).toMatchObject({ destination: { type: 'hangup' } });
  });

  it('rings the ring group the caller chose, with ring_gr and ivr_number in the pop-up; nothing at lunch', async () => {
    const socket = await openSocket(url, tokens.agent1 ?? '');
    sockets.push(socket);
    const events = recordEvents(socket);
    expect(await joinAndRegister(socket, '1001')).toMatchObject({ exten_status: 51 });

    const lunch = await ring({ from: '01055550002', to: '0215889000', at: WEDNESDAY_1230, digits: '2' });
    expect(lunch.json()).toMatchObject({ routed: { type: 'hangup' } });

    const call = await ring({ from: '01055550003', to: '0215889000', at: WEDNESDAY_10, digits: '2' });
    expect(call.statusCode, call.body).toBe(200);
    const { uniqueid, routed } = call.json<{ uniqueid: string; routed: unknown }>();
    expect(routed).toEqual({ type: 'ring_group', target: '610' });
    const popup = await events.waitFor('inbound_call', { uniqueid });
    expect(popup).toMatchObject({ phone_no: '01055550003', ext_no: '1001', ring_gr: '610', ivr_number: '710' });
    expect(events.events.filter((e) => e.name === 'inbound_call' && e.payload.phone_no === '01055550002')).toEqual([]);
    await cti(kit.t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens.manager, body: {} });
  });

  it('a caller who presses the callback key leaves one callback request for their number, given to the group’s agent', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await ring({ from: '01055550004', to: '0215889000', at: WEDNESDAY_10, digits: '3' })).json()).toMatchObject({ routed: { type: 'callback_group', target: '810' } });
    }
    const callbacks = (await kit.call('manager', '/callback/list', { search: '01055550004' })).json<{ data: { attempts: number; assigned_user_name: string | null }[] }>().data;
    // The group's one member is 1001, agent1's extension.
    const agent1 = (await kit.call('manager', '/users/index', { search: 'agent1' })).json<{ data: { name: string }[] }>().data[0]!;
    expect(callbacks).toEqual([expect.objectContaining({ attempts: 2, assigned_user_name: agent1.name })]);
  });

  it('keeps a change staged until Apply', async () => {
    const inbound = await kit.call('manager', '/inbound-number/list', { search: '0215889000' });
    const id = inbound.json<{ data: { id: number }[] }>().data[0]!.id;
    const changed = await kit.call('manager', '/inbound-number/update', { id, number: '0215889000', name: 'Main line', destination: { type: 'extension', target: '1001' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await pending()).data).toEqual([{ section: 'inbound_numbers', key: '0215889000', change: 'changed' }]);
    // The simulation reads the staged routing; the PBX still the applied one.
    expect((await simulate({ to: '0215889000', from: '01055550001', at: WEDNESDAY_10 })).json()).toMatchObject({ destination: { type: 'extension', target: '1001' } });
    expect((await ring({ from: '01055550005', to: '0215889000', at: WEDNESDAY_10, digits: '3' })).json()).toMatchObject({ routed: { type: 'callback_group' } });
  });

  it('is the managers’: an agent gets 403; another company sees its own routing only', async () => {
    expect((await simulate({ to: '0215889000', from: '01055550001' }, 'agent1')).statusCode).toBe(403);
    expect((await kit.call('agent1', '/routing/apply', {})).statusCode).toBe(403);
    expect((await pending('acme-manager')).data).toEqual([]);
    expect((await simulate({ to: '0215889000', from: '01055550001' }, 'acme-manager')).json()).toMatchObject({ destination: { type: 'unknown' } });
  });

  it('refuses bad input with 422 under the field', async () => {
    const response = await simulate({ to: 'abc', from: '01055550001', at: '2026-13-45', digits: 'x' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json<{ errors: Record<string, unknown> }>().errors).sort()).toEqual(['at', 'digits', 'to']);
  });
});
