import type { LightMyRequestResponse } from 'fastify';
import { cti, joinAndRegister, listen, openSocket, recordEvents, settle, tokensFor, type ClientSocket } from '../cti/cti-helpers';
import type { DemoUser } from '../resources/resource-test-helpers';
import { CTI, pause, showCall, startCallKit, type CallKit } from './call-test-kit';

/**
 * The PBX and the company's blacklist (issue 16, docs/telephony.md "Blacklist"): a blacklisted caller
 * (direction inbound or both) rings nobody, reaches no agent's socket and is logged as blocked; a
 * blacklisted number (outbound or both) is never dialled, forwarded or transferred to; each company
 * has its own list; a change applies to the next call, whoever made it.
 */

let kit: CallKit;
let url: string;
let tokens: Record<string, string>;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  kit = await startCallKit();
  url = await listen(kit.t.app);
  tokens = await tokensFor(kit.t.app, ['manager', 'agent1', 'acme-manager', 'acme-agent']);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await kit?.close();
});

type Direction = 'inbound' | 'outbound' | 'both';

async function blacklist(as: DemoUser, phone_number: string, direction: Direction): Promise<number> {
  const response = await kit.call(as, '/blacklist/store', { phone_number, direction, memo: 'test' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.id as number;
}

/** A simulated call from outside, as the manager of `as`'s company: the simulator's whole answer. */
async function ring(from: string, to: string, as: DemoUser = 'manager'): Promise<{ uniqueid: string; blocked?: true }> {
  const response = await cti(kit.t.app, '/simulator/calls', { method: 'POST', token: tokens[as], body: { from, to } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** agent1's phone: its socket in 1001's room, registered, recording what reaches it. */
async function agent1Phone() {
  const socket = await openSocket(url, tokens.agent1 ?? '');
  sockets.push(socket);
  const events = recordEvents(socket);
  expect(await joinAndRegister(socket, '1001')).toMatchObject({ exten_status: 51 });
  return events;
}

async function historyOf(uniqueid: string, as: DemoUser = 'manager') {
  await kit.settle();
  const response = await kit.call(as, '/cti/calls/history', { search: uniqueid });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Record<string, unknown>[] }>().data;
}

const expectRefused = (response: LightMyRequestResponse, message = 'This number is blacklisted; it cannot be called.') => {
  expect(response.statusCode, response.body).toBe(403);
  expect(response.json()).toEqual({ error: true, message });
};

describe('inbound: a blacklisted caller', () => {
  it('never rings: no inbound_call on the agent’s socket, the extension stays free, the call log says blocked', async () => {
    await blacklist('manager', '010-9999-0000', 'inbound');
    const phone = await agent1Phone();
    const blocked = await ring('+821099990000', '1001');
    expect(blocked).toEqual({ uniqueid: expect.any(String), blocked: true });
    // A call from someone else still rings, so the socket is listening when the blocked one would have come.
    const control = await ring('01070001001', '1001');
    expect(control.blocked).toBeUndefined();
    await phone.waitFor('inbound_call', { uniqueid: control.uniqueid });
    await kit.farHangup(control.uniqueid);
    await settle();
    expect(phone.events.filter((e) => e.payload.uniqueid === blocked.uniqueid)).toEqual([]);
    expect((await kit.ctiAs('agent1', CTI.load)).json()).toEqual({ status: 0, exten_status: 51 });

    const [call, ...others] = await historyOf(blocked.uniqueid);
    expect(others).toEqual([]);
    expect(call).toMatchObject({
      uniqueid: blocked.uniqueid,
      direction: 'inbound',
      caller_number: '01099990000',
      callee_number: '1001',
      extension: null,
      extensions: [],
      disposition: 'blocked',
      duration: 0,
      talk_time: 0,
      answered_at: null,
      recording_file: null,
    });
    expect(call!.ended_at).toBe(call!.started_at);
    const { events } = await showCall(kit, blocked.uniqueid);
    expect(events).toEqual([expect.objectContaining({ type: 'call_blocked', state: null, extension: '1001', number: '+821099990000' })]);
    // The history's result filter knows the new value.
    const filtered = (await kit.call('manager', '/cti/calls/history', { disposition: 'blocked', number: '01099990000' })).json().data;
    expect(filtered.map((c: { uniqueid: string }) => c.uniqueid)).toContain(blocked.uniqueid);
    const missed = (await kit.call('manager', '/cti/calls/history', { disposition: 'missed', number: '01099990000' })).json().data;
    expect(missed).toEqual([]);
  });

  it('to a queue rings neither member and opens no callback (both directions)', async () => {
    await blacklist('manager', '01099990001', 'both');
    const { uniqueid, blocked } = await ring('01099990001', '500');
    expect(blocked).toBe(true);
    const [call] = await historyOf(uniqueid);
    expect(call).toMatchObject({ disposition: 'blocked', callee_number: '500', queue: null, extensions: [] });
    const callbacks = (await kit.call('manager', '/callback/list', { search: '01099990001' })).json().data;
    expect(callbacks).toEqual([]);
    expect(((await kit.call('agent1', '/cti/calls/history', { search: uniqueid })).json().data as unknown[]).length).toBe(0);
  });

  it('an entry for outgoing calls only lets the number call in', async () => {
    await blacklist('manager', '01099990002', 'outbound');
    const phone = await agent1Phone();
    const { uniqueid, blocked } = await ring('01099990002', '1001');
    expect(blocked).toBeUndefined();
    await phone.waitFor('inbound_call', { uniqueid, phone_no: '01099990002' });
    await kit.farHangup(uniqueid);
  });

  it("each company has its own blacklist: Acme's entry refuses Acme's calls only", async () => {
    await blacklist('acme-manager', '01088880000', 'both');
    const phone = await agent1Phone();
    const demo = await ring('01088880000', '1001');
    expect(demo.blocked).toBeUndefined();
    await phone.waitFor('inbound_call', { uniqueid: demo.uniqueid });
    await kit.farHangup(demo.uniqueid);
    expect((await ring('01088880000', '2001', 'acme-manager')).blocked).toBe(true);
    // Outbound alike: Demo's agent may dial it, Acme's may not.
    const dialled = await kit.ctiAs('agent1', CTI.dial, { number: '01088880000' });
    expect(dialled.statusCode, dialled.body).toBe(200);
    await kit.ctiAs('agent1', CTI.hangup);
    expectRefused(await kit.ctiAs('acme-agent', CTI.dial, { number: '01088880000' }));
  });

  it('a change applies to the next call: a new direction, a removed entry', async () => {
    const id = await blacklist('manager', '01099990003', 'both');
    expect((await ring('01099990003', '1001')).blocked).toBe(true);
    expectRefused(await kit.ctiAs('agent1', CTI.dial, { number: '01099990003' }));

    const updated = await kit.call('manager', '/blacklist/update', { id, phone_number: '01099990003', direction: 'outbound' });
    expect(updated.statusCode, updated.body).toBe(200);
    const rang = await ring('01099990003', '1001');
    expect(rang.blocked).toBeUndefined();
    await kit.farHangup(rang.uniqueid);

    expect((await kit.call('manager', `/blacklist/delete/${id}`)).statusCode).toBe(200);
    const dialled = await kit.ctiAs('agent1', CTI.dial, { number: '01099990003' });
    expect(dialled.statusCode, dialled.body).toBe(200);
    await kit.ctiAs('agent1', CTI.hangup);
  });

  it('a change made outside this process (another app process, psql) applies once its notification arrives', async () => {
    const number = '01099990004';
    const before = await ring(number, '1001');
    expect(before.blocked).toBeUndefined();
    await kit.farHangup(before.uniqueid);
    // Through the driver itself, as another process would: this process's statement observer never sees it.
    const driver = (kit.t.db as unknown as { $client: { query(text: string, values?: unknown[]): Promise<unknown> } }).$client;
    const companyId = kit.call.userInfoOf('manager').company!.id;
    await driver.query(`insert into blacklist_entries (company_id, phone_number, direction) values ($1, $2, 'both')`, [companyId, number]);
    let blocked = false;
    for (let attempt = 0; attempt < 40 && !blocked; attempt++) {
      const call = await ring(number, '1001');
      blocked = call.blocked === true;
      if (!blocked) {
        await kit.farHangup(call.uniqueid);
        await pause(50);
      }
    }
    expect(blocked).toBe(true);
    await driver.query(`delete from blacklist_entries where company_id = $1 and phone_number = $2`, [companyId, number]);
  });
});

describe('outbound: a blacklisted number', () => {
  beforeAll(async () => {
    await blacklist('manager', '01099995555', 'outbound');
    await blacklist('manager', '0299996666', 'inbound');
  });

  it('dial and click-to-call answer 403 with the reason, in Korean too; nothing is placed or logged', async () => {
    expectRefused(await kit.ctiAs('agent1', CTI.dial, { number: '01099995555' }));
    const korean = await cti(kit.t.app, CTI.dial, { token: tokens.agent1, query: { number: '01099995555' }, language: 'ko' });
    expectRefused(korean, '차단된 번호입니다. 전화를 걸 수 없습니다.');
    expectRefused(await kit.ctiAs('agent1', '/clicktocall/click_ziotes.php', { number: '01099995555' }));
    // A manager dialling from an agent's extension is refused alike.
    expectRefused(await kit.ctiAs('manager', CTI.dial, { number: '01099995555', extension: '1001' }));
    expect((await kit.ctiAs('agent1', CTI.load)).json()).toEqual({ status: 0, exten_status: 51 });
    await kit.settle();
    expect((await kit.call('manager', '/cti/calls/history', { number: '01099995555' })).json().data).toEqual([]);
  });

  it('call forwarding and a blind transfer to it are refused too', async () => {
    expectRefused(await kit.ctiAs('agent1', '/cti_api/index.php/transfer', { number: '01099995555' }));
    expect((await kit.ctiAs('agent1', '/cti_api/index.php/checkTransfer')).json()).toEqual({ transfer: false, number: '' });
    const { uniqueid } = await ring('01070001002', '1001');
    expect((await kit.ctiAs('agent1', CTI.answer)).statusCode).toBe(200);
    expectRefused(await kit.ctiAs('agent1', '/cti_api/index.php/blindTransfer', { number: '01099995555' }));
    // Still on the call.
    expect((await kit.ctiAs('agent1', CTI.load)).json()).toMatchObject({ status: 1 });
    await kit.farHangup(uniqueid);
  });

  it('an entry for incoming calls only does not stop dialling; numbers are compared normalised', async () => {
    const dialled = await kit.ctiAs('agent1', CTI.dial, { number: '0299996666' });
    expect(dialled.statusCode, dialled.body).toBe(200);
    await kit.ctiAs('agent1', CTI.hangup);
    // 0082 10-9999-5555 is 010-9999-5555.
    expectRefused(await kit.ctiAs('agent1', CTI.dial, { number: '00821099995555' }));
  });
});
