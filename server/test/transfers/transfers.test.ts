import type { TransferHistoryRecord, TransferRecord } from '../../../src/api/contracts/transfer.contract';
import { CTI_BAR_CLIENT, CTI_CLIENT_HEADER } from '../../../src/api/contracts/transfer.contract';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { cti, listen, openSocket, recordEvents, command, type ClientSocket } from '../cti/cti-helpers';
import { dataOf, signedInCaller, type Caller, type DemoUser } from '../resources/resource-test-helpers';

/**
 * Call forwarding (issue 16; docs/telephony.md "Call forwarding"): the transfers record is the one source
 * of truth for the transfers screen, the CTI API and the CTI bar; every change has a history row; the PBX
 * and the schedule follow the record. The generic walk (resource-contract.test.ts) covers the rest.
 */

let t: TestApp;
let call: Caller;
let url: string;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  url = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const ctiAs = (username: DemoUser, action: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
  cti(t.app, `/cti_api/index.php/${action}`, { token: call.tokenOf(username), query, headers });

async function store(username: DemoUser, body: Record<string, unknown>): Promise<TransferRecord> {
  const response = await call(username, '/transfer/store', body);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<TransferRecord>(response);
}

async function history(extension: string): Promise<TransferHistoryRecord[]> {
  const response = await call('manager', '/transfer/history/list', { extension, sort_by: 'id', sort_order: 'desc', per_page: 100 });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TransferHistoryRecord[];
}

async function removeAll(): Promise<void> {
  for (const row of (await call('manager', '/transfer/list', { per_page: 100 })).json().data as TransferRecord[]) {
    expect((await call('manager', `/transfer/delete/${row.id}`)).statusCode).toBe(200);
  }
}

afterEach(removeAll);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('who sees and changes which forwarding', () => {
  it('an agent sees and changes only their own extension; a manager any of the company', async () => {
    const own = await store('agent1', { extension: '1001', number: '010-1234-5678' });
    expect(own).toMatchObject({ extension: '1001', number: '01012345678', active: true, live: true });
    const other = await store('manager', { extension: '1002', number: '01022223333' });
    // The agent lists and views only 1001's; 1002's is a 404 like a missing one.
    const listed = (await call('agent1', '/transfer/list', { per_page: 100 })).json().data as TransferRecord[];
    expect(listed.map((row) => row.extension)).toEqual(['1001']);
    expect((await call('agent1', '/transfer/view', { id: other.id })).statusCode).toBe(404);
    expect((await call('agent1', '/transfer/update', { id: other.id, extension: '1002', number: '01000000000' })).statusCode).toBe(404);
    expect((await call('agent1', `/transfer/delete/${other.id}`)).statusCode).toBe(404);
    // Nor may the agent make one for another extension (422 under extension, saying why).
    const refused = await call('agent1', '/transfer/store', { extension: '1003', number: '01012345678' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ extension: ['You can set forwarding only for your own extension.'] });
    // The manager sees both and changes the agent's.
    expect(((await call('manager', '/transfer/list', { per_page: 100 })).json().data as TransferRecord[]).map((r) => r.extension).sort()).toEqual(['1001', '1002']);
    const changed = await call('manager', '/transfer/update', { id: own.id, extension: '1001', number: '01099990000', active: false });
    expect(dataOf<TransferRecord>(changed)).toMatchObject({ number: '01099990000', active: false, live: false });
  });

  it('the extension must be one of the company\'s; the number not the extension itself', async () => {
    for (const extension of ['9999', '2000']) {
      const response = await call('manager', '/transfer/store', { extension, number: '01012345678' });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ extension: ['This is not an extension of your company.'] });
    }
    const self = await call('manager', '/transfer/store', { extension: '1001', number: '1001' });
    expect(self.statusCode).toBe(422);
    expect(self.json().errors).toEqual({ number: ['An extension cannot forward to itself.'] });
    const unordered = await call('manager', '/transfer/store', { extension: '1001', number: '01012345678', starts_at: '2026-12-02T00:00:00.000Z', ends_at: '2026-12-01T00:00:00.000Z' });
    expect(unordered.statusCode).toBe(422);
    expect(unordered.json().errors).toEqual({ ends_at: ['The end must come after the start.'] });
  });

  it("another company's forwarding and history are 404 and never listed", async () => {
    const demo = await store('manager', { extension: '1002', number: '01012345678' });
    const [row] = await history('1002');
    for (const username of ['acme-manager'] as const) {
      expect((await call(username, '/transfer/view', { id: demo.id })).statusCode).toBe(404);
      expect((await call(username, '/transfer/update', { id: demo.id, extension: '2001', number: '01000000000' })).statusCode).toBe(404);
      expect((await call(username, `/transfer/delete/${demo.id}`)).statusCode).toBe(404);
      expect((await call(username, '/transfer/history/view', { id: row!.id })).statusCode).toBe(404);
      expect(((await call(username, '/transfer/list', { per_page: 100 })).json().data as TransferRecord[]).map((r) => r.id)).not.toContain(demo.id);
      expect(((await call(username, '/transfer/history/list', { per_page: 100 })).json().data as TransferHistoryRecord[]).map((r) => r.id)).not.toContain(row!.id);
    }
  });
});

describe('history', () => {
  it('writes a row per change with who, what before and after, and where', async () => {
    const created = await store('manager', { extension: '1002', number: '01011112222' });
    await call('manager', '/transfer/update', { id: created.id, extension: '1002', number: '01033334444', active: true });
    expect((await call('manager', `/transfer/delete/${created.id}`)).statusCode).toBe(200);
    const managerId = call.userInfoOf('manager').user.id;
    const rows = await history('1002');
    expect(rows.slice(0, 3).reverse()).toEqual([
      expect.objectContaining({ action: 'created', number_before: '', number_after: '01011112222', active_before: false, active_after: true, live_before: false, live_after: true, source: 'screen', user_id: managerId }),
      expect.objectContaining({ action: 'updated', number_before: '01011112222', number_after: '01033334444', live_before: true, live_after: true, source: 'screen', user_id: managerId }),
      expect.objectContaining({ action: 'deleted', number_before: '01033334444', number_after: '', active_after: false, live_after: false, source: 'screen', user_id: managerId }),
    ]);
    // History is read-only: no store, update or delete route.
    expect((await call('manager', '/transfer/history/store', {})).statusCode).toBe(404);
    expect((await call('manager', `/transfer/history/delete/${rows[0]!.id}`)).statusCode).toBe(404);
    // Filters: source and the day it was written (Asia/Seoul).
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const filtered = (await call('manager', '/transfer/history/list', { extension: '1002', source: 'screen', date_from: today, date_to: today, per_page: 100 })).json().data as TransferHistoryRecord[];
    expect(filtered.length).toBeGreaterThanOrEqual(3);
    expect((await call('manager', '/transfer/history/list', { extension: '1002', date_to: '2020-01-01' })).json().data).toEqual([]);
  });
});

describe('the CTI API and the CTI bar', () => {
  it('transfer, checkTransfer and unTransfer read and write the same record, with history source cti_api', async () => {
    expect((await ctiAs('agent1', 'transfer', { number: '01055556666' })).statusCode).toBe(200);
    const [record] = (await call('agent1', '/transfer/list')).json().data as TransferRecord[];
    expect(record).toMatchObject({ extension: '1001', number: '01055556666', active: true, live: true });
    expect((await ctiAs('agent1', 'checkTransfer')).json()).toEqual({ transfer: true, number: '01055556666' });
    // A change on the screen is what checkTransfer says next.
    await call('manager', '/transfer/update', { id: record!.id, extension: '1001', number: '01077778888', active: true });
    expect((await ctiAs('agent1', 'checkTransfer')).json()).toEqual({ transfer: true, number: '01077778888' });
    expect((await ctiAs('agent1', 'unTransfer')).statusCode).toBe(200);
    expect(dataOf(await call('agent1', '/transfer/view', { id: record!.id }))).toMatchObject({ active: false, live: false, number: '01077778888' });
    expect((await ctiAs('agent1', 'checkTransfer')).json()).toEqual({ transfer: false, number: '' });
    const rows = await history('1001');
    expect(rows[0]).toMatchObject({ action: 'updated', source: 'cti_api', live_before: true, live_after: false, user_id: call.userInfoOf('agent1').user.id });
    expect(rows[2]).toMatchObject({ action: 'created', source: 'cti_api', number_after: '01055556666' });
    // A manager on an agent's extension; the CTI bar says so in its header.
    expect((await ctiAs('manager', 'transfer', { extension: '1002', number: '01012121212' }, { [CTI_CLIENT_HEADER]: CTI_BAR_CLIENT })).statusCode).toBe(200);
    expect((await history('1002'))[0]).toMatchObject({ source: 'cti_bar', number_after: '01012121212', user_id: call.userInfoOf('manager').user.id });
    // Forwarding to itself is refused before anything is written.
    const self = await ctiAs('agent1', 'transfer', { number: '1001' });
    expect(self.statusCode).toBe(422);
  });

  it('an open CTI bar is told of a change made elsewhere', async () => {
    const socket = await openSocket(url, call.tokenOf('agent1'));
    sockets.push(socket);
    const events = recordEvents(socket);
    await command(socket, 'join_extension_room', '1001');
    await store('manager', { extension: '1001', number: '01043214321' });
    const event = await events.waitFor('forwarding_changed', { extension: '1001' });
    expect(event).toEqual({ extension: '1001', transfer: true, number: '01043214321' });
  });
});

describe('the PBX', () => {
  it('forwards an inbound call to the number while the forwarding is live', async () => {
    const agent2 = await cti(t.app, '/cti_api/index.php/load', { token: call.tokenOf('agent2') });
    expect(agent2.statusCode).toBe(200);
    const forwarding = await store('manager', { extension: '1003', number: '1002' });
    const placed = await cti(t.app, '/simulator/calls', { method: 'POST', token: call.tokenOf('manager'), body: { from: '01055550009', to: '1003' } });
    expect(placed.statusCode, placed.body).toBe(200);
    const uniqueid = placed.json().uniqueid as string;
    const state = (await cti(t.app, '/simulator/state', { token: call.tokenOf('manager') })).json();
    expect(state.calls).toContainEqual(expect.objectContaining({ uniqueid, ringing: ['1002'] }));
    expect(state.extensions).toContainEqual(expect.objectContaining({ number: '1003', forward: '1002' }));
    await cti(t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: call.tokenOf('manager') });
    // Switched off: the PBX no longer forwards.
    await call('manager', '/transfer/update', { id: forwarding.id, extension: '1003', number: '1002', active: false });
    const after = (await cti(t.app, '/simulator/state', { token: call.tokenOf('manager') })).json();
    expect(after.extensions).toContainEqual(expect.objectContaining({ number: '1003', forward: null }));
  });

  it('a period starting and ending flips live, writes schedule rows and reaches the PBX', { timeout: 30_000 }, async () => {
    const now = Date.now();
    const created = await store('manager', { extension: '1002', number: '01088887777', starts_at: new Date(now + 1500).toISOString(), ends_at: new Date(now + 3500).toISOString() });
    expect(created.live).toBe(false);
    const view = () => call('manager', '/transfer/view', { id: created.id }).then((r) => dataOf<TransferRecord>(r));
    const snapshot = async () => ((await cti(t.app, '/simulator/state', { token: call.tokenOf('manager') })).json().extensions as { number: string; forward: string | null }[]).find((e) => e.number === '1002');
    expect((await until(view, (r) => r.live)).live).toBe(true);
    expect((await until(snapshot, (e) => e?.forward === '01088887777'))?.forward).toBe('01088887777');
    expect((await ctiAs('agent2', 'checkTransfer')).json()).toEqual({ transfer: true, number: '01088887777' });
    expect((await until(view, (r) => !r.live)).live).toBe(false);
    expect((await until(snapshot, (e) => e?.forward === null))?.forward).toBeNull();
    const rows = await history('1002');
    expect(rows.slice(0, 2).reverse()).toEqual([
      expect.objectContaining({ action: 'started', source: 'schedule', user_id: null, live_before: false, live_after: true }),
      expect.objectContaining({ action: 'ended', source: 'schedule', user_id: null, live_before: true, live_after: false }),
    ]);
  });
});
