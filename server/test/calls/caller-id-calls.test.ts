import { dataOf, type DemoUser } from '../resources/resource-test-helpers';
import { CTI, startCallKit, type CallKit } from './call-test-kit';

/**
 * Caller IDs (issue 16, CONTRACT §10 `caller-id`, docs/telephony.md "Caller ID"): managers keep the
 * company's caller ids and who may dial out with each (users of the company only); an agent's outbound
 * call carries their chosen caller id, else the lowest one they may use, else none; the PBX's call and
 * the call log's outbound row show it.
 */

let kit: CallKit;
beforeAll(async () => {
  kit = await startCallKit();
});
afterAll(async () => {
  await kit?.close();
});

const idOf = (username: DemoUser) => kit.call.userInfoOf(username).user.id;

async function store(number: string, name: string, users: DemoUser[], as: DemoUser = 'manager') {
  const response = await kit.call(as, '/caller-id/store', { number, name, user_ids: users.map(idOf) });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ id: number; number: string; user_ids: number[] }>(response);
}

/** The built-in PBX's call (GET /cti/simulator/state shows the same). */
async function simulatedCall(uniqueid: string) {
  const state = await kit.t.app.telephony.simulator(kit.call.userInfoOf('manager').company!.id, 'snapshot');
  return state.calls.find((c) => c.uniqueid === uniqueid);
}

/** agent's dial (or click-to-call) to an outside number: the PBX call's caller id, then the log's once hung up. */
async function dialAndLog(username: 'agent1' | 'agent2', path = CTI.dial) {
  const dialled = await kit.ctiAs(username, path, { number: '0299997777' });
  expect(dialled.statusCode, dialled.body).toBe(200);
  const { uniqueid } = dialled.json<{ uniqueid: string }>();
  const pbx = (await simulatedCall(uniqueid))?.callerId;
  await kit.ctiAs(username, CTI.hangup);
  await kit.settle();
  const [row] = (await kit.call('manager', '/cti/calls/history', { search: uniqueid })).json().data as { caller_id: string | null; direction: string }[];
  expect(row?.direction).toBe('outbound');
  return { pbx, log: row!.caller_id };
}

describe('the caller-id entity', () => {
  it('stores the number as digits, required and unique in the company; managers only', async () => {
    const main = await store('02-1588-0000', 'Main line', ['agent1']);
    expect(main).toMatchObject({ number: '0215880000', user_ids: [idOf('agent1')] });
    const taken = await kit.call('manager', '/caller-id/store', { number: '0215880000', name: 'Again' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ number: ['This caller ID number already exists.'] });
    const empty = await kit.call('manager', '/caller-id/store', { number: '', name: '' });
    expect(empty.json().errors).toEqual({ number: ['Please enter the caller ID number and its name.'] });
    for (const agent of ['agent1', 'acme-agent'] as const) {
      expect((await kit.call(agent, '/caller-id/list')).statusCode).toBe(403);
      expect((await kit.call(agent, '/caller-id/store', { number: '0215880009', name: 'Mine' })).statusCode).toBe(403);
    }
    // Another company may use the same number for its own line.
    await store('0215880000', 'Acme main', ['acme-agent'], 'acme-manager');
  });

  it("who may use it must be the company's users: another company's user is a 422 (validation.reference_invalid)", async () => {
    const response = await kit.call('manager', '/caller-id/store', { number: '0215880001', name: 'Mixed', user_ids: [idOf('agent1'), idOf('acme-agent')] });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ user_ids: ['The chosen record does not exist.'] });
    const korean = await kit.call('manager', '/caller-id/store', { number: '0215880001', name: 'Mixed', user_ids: [idOf('acme-agent')] }, { language: 'ko' });
    expect(korean.statusCode).toBe(422);
    const unknown = await kit.call('manager', '/caller-id/store', { number: '0215880001', name: 'Mixed', user_ids: [2147483647] });
    expect(unknown.json().errors).toEqual({ user_ids: ['The chosen record does not exist.'] });
  });

  it('the edit-caller-id pop-up’s save (update with user_ids) assigns users; view shows them', async () => {
    const line = await store('0215880002', 'Sales', []);
    const updated = await kit.call('manager', '/caller-id/update', { id: line.id, number: line.number, name: 'Sales', user_ids: [idOf('agent2'), idOf('user')] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(dataOf(await kit.call('manager', '/caller-id/view', { id: line.id }))).toMatchObject({ user_ids: [idOf('agent2'), idOf('user')] });
    // Acme's manager cannot see or change it.
    expect((await kit.call('acme-manager', '/caller-id/view', { id: line.id })).statusCode).toBe(404);
    await kit.call('manager', `/caller-id/delete/${line.id}`);
  });
});

describe('the caller id an outbound call carries', () => {
  it("an agent with one caller id dials with it: the PBX's call and the call log's row; click-to-call alike", async () => {
    expect(await dialAndLog('agent1')).toEqual({ pbx: '0215880000', log: '0215880000' });
    expect(await dialAndLog('agent1', '/clicktocall/click_ziotes.php')).toEqual({ pbx: '0215880000', log: '0215880000' });
  });

  it("an agent with none dials with the extension's default (nothing)", async () => {
    const mine = await kit.call('agent2', '/caller-id/mine');
    expect(mine.json()).toEqual({ data: [], selected: null });
    expect(await dialAndLog('agent2')).toEqual({ pbx: null, log: null });
  });

  it('with several: the lowest id unless the user chose another in the dial pad; a choice that is no longer theirs is ignored', async () => {
    const second = await store('0707770000', 'Campaign', ['agent1']);
    const mine = (await kit.call('agent1', '/caller-id/mine')).json<{ data: { id: number; number: string }[]; selected: number }>();
    expect(mine.data.map((c) => c.number)).toEqual(['0215880000', '0707770000']);
    expect(mine.data.find((c) => c.id === mine.selected)?.number).toBe('0215880000');
    expect((await dialAndLog('agent1')).log).toBe('0215880000');

    const chose = await kit.call('agent1', '/caller-id/choose', { id: second.id });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json().selected).toBe(second.id);
    expect(await dialAndLog('agent1')).toEqual({ pbx: '0707770000', log: '0707770000' });

    // Not theirs: another user's, another company's, no such id.
    const others = (await kit.call('acme-manager', '/caller-id/list')).json().data as { id: number }[];
    for (const id of [others[0]!.id, 2147483647]) {
      const refused = await kit.call('agent1', '/caller-id/choose', { id });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({ id: ['You may not dial out with this caller ID.'] });
    }
    expect((await kit.call('agent1', '/caller-id/choose', { id: true })).statusCode).toBe(422);

    // The manager takes agent1 off the chosen one: the lowest again, without a word from agent1.
    await kit.call('manager', '/caller-id/update', { id: second.id, number: second.number, name: 'Campaign', user_ids: [] });
    expect((await dialAndLog('agent1')).log).toBe('0215880000');
    expect((await kit.call('agent1', '/caller-id/mine')).json().data).toHaveLength(1);

    // Back to the default explicitly.
    await kit.call('manager', '/caller-id/update', { id: second.id, number: second.number, name: 'Campaign', user_ids: [idOf('agent1')] });
    await kit.call('agent1', '/caller-id/choose', { id: second.id });
    expect((await kit.call('agent1', '/caller-id/choose', { id: null })).json().selected).not.toBe(second.id);
    expect((await dialAndLog('agent1')).log).toBe('0215880000');
    await kit.call('manager', `/caller-id/delete/${second.id}`);
  });

  it('a manager dialling from an agent’s extension dials with that agent’s caller id', async () => {
    const dialled = await kit.ctiAs('manager', CTI.dial, { number: '0299997777', extension: '1001' });
    expect(dialled.statusCode, dialled.body).toBe(200);
    expect((await simulatedCall(dialled.json().uniqueid))?.callerId).toBe('0215880000');
    await kit.ctiAs('manager', CTI.hangup, { extension: '1001' });
  });

  it('mine and choose need a company user; the administrator has none', async () => {
    expect((await kit.call('admin', '/caller-id/mine')).statusCode).toBe(403);
    expect((await kit.call('admin', '/caller-id/choose', { id: null })).statusCode).toBe(403);
  });
});
