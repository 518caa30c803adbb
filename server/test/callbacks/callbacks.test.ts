import { startCallKit, withQueueAway, type CallKit } from '../calls/call-test-kit';
import { dataOf } from '../resources/resource-test-helpers';

/**
 * Callbacks (docs/calls.md): opened by missed or abandoned queue calls, one open callback per number
 * and company; assign (manager), status, and who sees which (callback_share).
 */
type CallbackRecord = { id: number; phone_number: string; status: string; attempts: number; assigned_user_id: number | null; assigned_user_name: string | null; last_uniqueid: string | null; queue: string | null; source: string; closed_at: string | null };

let kit: CallKit;
const ids: Record<string, number> = {};
beforeAll(async () => {
  kit = await startCallKit();
  for (const username of ['agent1', 'agent2', 'user', 'acme-agent'] as const) ids[username] = kit.call.userInfoOf(username).user.id;
});
afterAll(async () => {
  await kit?.close();
});

const list = async (username: Parameters<CallKit['call']>[0], body: Record<string, unknown> = {}) => {
  const response = await kit.call(username, '/callback/list', { per_page: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CallbackRecord[]; total: number }>().data;
};
const byNumber = async (number: string) => (await list('manager', { search: number })).filter((c) => c.phone_number === number);

/** A queue call from `from` that nobody answers: the caller hangs up. */
async function abandon(from: string): Promise<string> {
  const uniqueid = await kit.place(from, '500');
  await kit.farHangup(uniqueid);
  await kit.settle();
  return uniqueid;
}

describe('callbacks from missed queue calls', () => {
  it('an abandoned queue call opens one callback', async () => {
    const uniqueid = await abandon('01088880001');
    expect(await byNumber('01088880001')).toEqual([
      expect.objectContaining({ status: 'open', attempts: 1, queue: '500', source: 'missed_call', last_uniqueid: uniqueid, assigned_user_id: null }),
    ]);
  });

  it('a second missed call from the same number, written differently, bumps the same callback to 2 attempts', async () => {
    const second = await abandon('+821088880001');
    const [callback, ...others] = await byNumber('01088880001');
    expect(others).toEqual([]);
    expect(callback).toMatchObject({ attempts: 2, last_uniqueid: second, status: 'open' });
  });

  it('the same call finalised twice is counted once', async () => {
    await kit.settle();
    expect((await byNumber('01088880001'))[0]!.attempts).toBe(2);
  });

  it('answered queue calls and direct missed calls open none', async () => {
    const answered = await kit.place('01088880002', '500');
    await kit.ctiAs('agent1', '/cti_api/index.php/answer');
    await kit.farHangup(answered);
    const direct = await kit.place('01088880003', '1001');
    await kit.farHangup(direct);
    await kit.settle();
    expect(await byNumber('01088880002')).toEqual([]);
    expect(await byNumber('01088880003')).toEqual([]);
  });

  it('once the callback is done, the next missed call opens a new one', async () => {
    const [first] = await byNumber('01088880001');
    expect((await kit.call('manager', '/callback/status', { id: first!.id, status: 'done' })).statusCode).toBe(200);
    await abandon('01088880001');
    const rows = await byNumber('01088880001');
    expect(rows.map((r) => [r.status, r.attempts]).sort()).toEqual([
      ['done', 2],
      ['open', 1],
    ]);
  });
});

describe('callbacks from queue calls that rang nobody', () => {
  it('a caller who gave up while every member was away opens one callback; a second such call bumps it to 2 attempts', async () => {
    await withQueueAway(kit, async () => {
      const first = await abandon('01088880301');
      expect(await byNumber('01088880301')).toEqual([
        expect.objectContaining({ status: 'open', attempts: 1, queue: '500', source: 'missed_call', last_uniqueid: first }),
      ]);
      const second = await abandon('+821088880301');
      const [callback, ...others] = await byNumber('01088880301');
      expect(others).toEqual([]);
      expect(callback).toMatchObject({ status: 'open', attempts: 2, last_uniqueid: second });
    });
  });

  it('counts alike with a lost call that did ring the members: one callback, 2 attempts', async () => {
    await abandon('01088880302');
    const unrung = await withQueueAway(kit, () => abandon('01088880302'));
    expect(await byNumber('01088880302')).toEqual([expect.objectContaining({ status: 'open', attempts: 2, last_uniqueid: unrung })]);
  });
});

describe('adding, assigning and moving callbacks', () => {
  let callbackId = 0;

  it('an agent adds one by hand: it is theirs; the same open number again is refused under the field', async () => {
    const created = await kit.call('agent2', '/callback/store', { phone_number: '010-8888-0100', note: '견적 문의' });
    expect(created.statusCode, created.body).toBe(200);
    const record = dataOf<CallbackRecord>(created);
    expect(record).toMatchObject({ phone_number: '01088880100', source: 'manual', attempts: 0, assigned_user_id: ids.agent2, assigned_user_name: '박서준' });
    callbackId = record.id;
    const duplicate = await kit.call('manager', '/callback/store', { phone_number: '+82 10 8888 0100' });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors).toEqual({ phone_number: ['This number already has an open callback.'] });
    expect((await kit.call('manager', '/callback/store', { phone_number: 'abc' })).json().errors).toHaveProperty('phone_number');
  });

  it('a manager assigns it; agents may not; only users of the company can be chosen', async () => {
    const assigned = await kit.call('manager', '/callback/assign', { id: callbackId, user_id: ids.user });
    expect(dataOf(assigned)).toMatchObject({ assigned_user_id: ids.user, assigned_user_name: '최수아' });
    expect((await kit.call('agent1', '/callback/assign', { id: callbackId, user_id: ids.agent1 })).statusCode).toBe(403);
    const foreign = await kit.call('manager', '/callback/assign', { id: callbackId, user_id: ids['acme-agent'] });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors).toEqual({ user_id: ['Choose a user of your company.'] });
    expect(dataOf(await kit.call('manager', '/callback/assign', { id: callbackId, user_id: null }))).toMatchObject({ assigned_user_id: null });
    await kit.call('manager', '/callback/assign', { id: callbackId, user_id: ids.user });
  });

  it('the assignee moves its status; closing stamps closed_at, reopening clears it', async () => {
    expect(dataOf(await kit.call('user', '/callback/status', { id: callbackId, status: 'in_progress' }))).toMatchObject({ status: 'in_progress', closed_at: null });
    const done = dataOf<CallbackRecord>(await kit.call('user', '/callback/status', { id: callbackId, status: 'done' }));
    expect(done.closed_at).not.toBeNull();
    expect(dataOf(await kit.call('user', '/callback/status', { id: callbackId, status: 'open' }))).toMatchObject({ status: 'open', closed_at: null });
    expect((await kit.call('user', '/callback/status', { id: callbackId, status: 'lost' })).statusCode).toBe(422);
  });

  it('reopening a callback whose number has another open one is refused', async () => {
    const cancelled = dataOf<CallbackRecord>(await kit.call('manager', '/callback/status', { id: callbackId, status: 'cancelled' }));
    expect(cancelled.status).toBe('cancelled');
    await kit.call('manager', '/callback/store', { phone_number: '01088880100' });
    const reopen = await kit.call('manager', '/callback/status', { id: callbackId, status: 'open' });
    expect(reopen.statusCode).toBe(422);
    expect(reopen.json().errors).toEqual({ status: ['This number already has an open callback.'] });
  });

  it('update changes the number and note; delete is for managers', async () => {
    const updated = await kit.call('manager', '/callback/update', { id: callbackId, phone_number: '010 8888 0101', note: null });
    expect(dataOf(updated)).toMatchObject({ phone_number: '01088880101', note: null });
    expect((await kit.call('agent1', `/callback/delete/${callbackId}`)).statusCode).toBe(403);
    expect((await kit.call('manager', `/callback/delete/${callbackId}`)).json()).toEqual({ result: 'success' });
    expect((await kit.call('manager', '/callback/view', { id: callbackId })).statusCode).toBe(404);
  });
});

describe('who sees which callbacks (callback_share)', () => {
  let shared = 0;
  let agent2Own = 0;
  beforeAll(async () => {
    shared = dataOf<CallbackRecord>(await kit.call('manager', '/callback/store', { phone_number: '01088880200' })).id;
    agent2Own = dataOf<CallbackRecord>(await kit.call('agent2', '/callback/store', { phone_number: '01088880201' })).id;
  });

  it('agent1 (callback_share) sees every open callback of the company', async () => {
    const seen = (await list('agent1')).map((c) => c.id);
    expect(seen).toEqual(expect.arrayContaining([shared, agent2Own]));
    expect((await kit.call('agent1', '/callback/view', { id: shared })).statusCode).toBe(200);
    expect((await kit.call('agent1', '/callback/status', { id: shared, status: 'in_progress' })).statusCode).toBe(200);
  });

  it('agent2 (no callback_share) sees only the callbacks assigned to them', async () => {
    const seen = await list('agent2');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((c) => c.assigned_user_id === ids.agent2)).toBe(true);
    expect((await kit.call('agent2', '/callback/view', { id: shared })).statusCode).toBe(404);
    expect((await kit.call('agent2', '/callback/status', { id: shared, status: 'done' })).statusCode).toBe(404);
    expect((await kit.call('agent2', '/callback/update', { id: shared, phone_number: '0101' })).statusCode).toBe(404);
  });

  it('a closed callback leaves the shared view; the manager still sees everything', async () => {
    await kit.call('manager', '/callback/status', { id: shared, status: 'done' });
    expect((await list('agent1')).map((c) => c.id)).not.toContain(shared);
    expect((await list('manager')).map((c) => c.id)).toContain(shared);
  });

  it('filters: status (active = open or in progress), assignment (mine, unassigned), search by number', async () => {
    expect((await list('manager', { status: 'done' })).every((c) => c.status === 'done')).toBe(true);
    expect((await list('manager', { status: 'active' })).every((c) => ['open', 'in_progress'].includes(c.status))).toBe(true);
    expect((await list('agent1', { assignment: 'unassigned' })).every((c) => c.assigned_user_id === null)).toBe(true);
    expect((await list('agent2', { assignment: 'mine' })).map((c) => c.id)).toContain(agent2Own);
    expect((await list('manager', { search: '010-8888-0201' })).map((c) => c.id)).toEqual([agent2Own]);
    expect((await kit.call('manager', '/callback/list', { status: 'lost' })).statusCode).toBe(422);
  });

  it('callback/assignees lists the live users of the company (managers only); no permission, no list', async () => {
    const assignees = (await kit.call('manager', '/callback/assignees')).json<{ data: { name: string; extension: string }[] }>().data;
    expect(assignees.map((a) => a.extension).sort()).toEqual(['1000', '1001', '1002', '1003']);
    expect((await kit.call('agent1', '/callback/assignees')).statusCode).toBe(403);
    expect((await kit.call('admin', '/callback/list')).statusCode).toBe(403);
  });

  it('every route needs a token', async () => {
    for (const path of ['/callback/list', '/callback/view', '/callback/store', '/callback/update', '/callback/assign', '/callback/status', '/callback/assignees', '/callback/delete/1']) {
      const response = await kit.t.app.inject({ method: 'POST', url: `/api/v1${path}`, payload: {} });
      expect(response.statusCode, path).toBe(401);
    }
  });
});
