import { eq } from 'drizzle-orm';
import { calls as callsTable, companies, consultations, members } from '../../src/db/schema';
import { CTI, showCall, startCallKit, type CallKit } from './call-test-kit';

/** `cti/calls/history` (page, filters, sort) and `cti/calls/show-call`, and which calls an agent sees. */
type CallRecord = { uniqueid: string; direction: string; disposition: string | null; extensions: string[]; caller_number: string; started_at: string };

let kit: CallKit;
const calls: Record<'toAgent1' | 'toAgent2' | 'queue' | 'outbound', string> = { toAgent1: '', toAgent2: '', queue: '', outbound: '' };
beforeAll(async () => {
  kit = await startCallKit();
  calls.toAgent1 = await kit.place('01077770001', '1001');
  await kit.ctiAs('agent1', CTI.answer);
  await kit.farHangup(calls.toAgent1);
  calls.toAgent2 = await kit.place('01077770002', '1002');
  await kit.farHangup(calls.toAgent2);
  calls.queue = await kit.place('0317770003', '500');
  await kit.farHangup(calls.queue);
  calls.outbound = (await kit.ctiAs('agent2', CTI.dial, { number: '0317770004' })).json<{ uniqueid: string }>().uniqueid;
  await kit.ctiAs('agent2', CTI.hangup);
  await kit.settle();
});
afterAll(async () => {
  await kit?.close();
});

const history = async (username: Parameters<CallKit['call']>[0], body: Record<string, unknown> = {}) => {
  const response = await kit.call(username, '/cti/calls/history', { per_page: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: CallRecord[]; total: number; current_page: number; per_page: number; last_page: number }>();
};
const uniqueids = async (body: Record<string, unknown>, username: Parameters<CallKit['call']>[0] = 'manager') =>
  (await history(username, body)).data.map((c) => c.uniqueid).sort();
/** Today in Seoul, as the date filters read days. */
const seoulDay = (offsetDays = 0) => new Date(Date.now() + 9 * 3_600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('cti/calls/history', () => {
  it('pages newest first in the shape of CONTRACT §3; page sizes are checked', async () => {
    const page = await history('manager', { per_page: 10 });
    expect(page).toMatchObject({ current_page: 1, per_page: 10, total: 4, last_page: 1 });
    expect(page.data.map((c) => c.uniqueid)).toEqual([calls.outbound, calls.queue, calls.toAgent2, calls.toAgent1]);
    expect((await kit.call('manager', '/cti/calls/history', { per_page: 7 })).statusCode).toBe(422);
    expect((await kit.call('manager', '/cti/calls/history', { sort_by: 'caller' })).statusCode).toBe(422);
    const oldestFirst = await history('manager', { sort_by: 'started_at', sort_order: 'asc' });
    expect(oldestFirst.data[0]!.uniqueid).toBe(calls.toAgent1);
  });

  it('filters by direction, disposition, extension and number (any format)', async () => {
    expect(await uniqueids({ direction: 'outbound' })).toEqual([calls.outbound]);
    expect(await uniqueids({ disposition: 'answered' })).toEqual([calls.toAgent1]);
    expect(await uniqueids({ disposition: 'abandoned' })).toEqual([calls.queue]);
    expect(await uniqueids({ disposition: 'missed' })).toEqual([calls.outbound, calls.toAgent2].sort());
    expect(await uniqueids({ extension: '1002' })).toEqual([calls.toAgent2, calls.queue, calls.outbound].sort());
    expect(await uniqueids({ number: '010-7777-0001' })).toEqual([calls.toAgent1]);
    expect(await uniqueids({ number: '031' })).toEqual([calls.queue, calls.outbound].sort());
    expect(await uniqueids({ search: calls.queue })).toEqual([calls.queue]);
    expect((await kit.call('manager', '/cti/calls/history', { direction: 'sideways' })).statusCode).toBe(422);
  });

  it('filters by a date range of Seoul days', async () => {
    expect((await history('manager', { date_from: seoulDay(), date_to: seoulDay() })).total).toBe(4);
    expect((await history('manager', { date_from: seoulDay(1) })).total).toBe(0);
    expect((await history('manager', { date_to: seoulDay(-1) })).total).toBe(0);
    const bad = await kit.call('manager', '/cti/calls/history', { date_from: '05/01/2026' });
    expect(bad.json().errors).toEqual({ date_from: ['Enter a date as YYYY-MM-DD.'] });
  });

  it('agents see only the calls their extension rang on, talked on or placed', async () => {
    expect(await uniqueids({}, 'agent1')).toEqual([calls.toAgent1, calls.queue].sort());
    expect(await uniqueids({}, 'agent2')).toEqual([calls.toAgent2, calls.queue, calls.outbound].sort());
    expect(await uniqueids({}, 'user')).toEqual([]);
  });

  it('needs a token; the administrator has no company log', async () => {
    expect((await kit.t.app.inject({ method: 'POST', url: '/api/v1/cti/calls/history', payload: {} })).statusCode).toBe(401);
    expect((await kit.call('admin', '/cti/calls/history')).statusCode).toBe(403);
  });
});

describe('the call-statistics detail columns', () => {
  it("names the member with the outside number, the agent of the extension and the call's consultation; counts the wait", async () => {
    const db = kit.t.db;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Call Centre'));
    const [acme] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Acme Support'));
    const [member] = await db.insert(members).values({ companyId: company!.id, name: '박서준', phoneNumber: '01077770001' }).returning();
    // Another company's member with the same number and the outbound number: never shown here.
    await db.insert(members).values([{ companyId: acme!.id, name: 'Acme caller', phoneNumber: '01077770001' }, { companyId: acme!.id, name: 'Acme callee', phoneNumber: '0317770004' }]);
    const [note] = await db
      .insert(consultations)
      .values({ companyId: company!.id, memberId: member!.id, callUniqueid: calls.toAgent1, phoneNumber: '01077770001', direction: 'inbound', title: 'Refund', bigCategory: 'Billing' })
      .returning();
    type Detailed = CallRecord & { member_id: number | null; member_name: string | null; agent_name: string | null; wait_duration: number | null; consultation: { id: number; member_id: number | null } | null };
    const byId = new Map((await history('manager')).data.map((c) => [c.uniqueid, c as Detailed]));
    expect(byId.get(calls.toAgent1)).toMatchObject({ member_id: member!.id, member_name: '박서준', agent_name: '이민호', consultation: { id: note!.id, member_id: member!.id } });
    expect(byId.get(calls.toAgent1)!.wait_duration).toEqual(expect.any(Number));
    expect(byId.get(calls.outbound)).toMatchObject({ member_name: null, consultation: null });
    expect(byId.get(calls.queue)).toMatchObject({ member_name: null, agent_name: null });
    expect((await showCall(kit, calls.toAgent1)).data).toMatchObject({ member_name: '박서준', consultation: { id: note!.id } });
  });

  it("names the member the call's consultation was written for when several share the number, and nobody before (QA: it named the lowest id)", async () => {
    const db = kit.t.db;
    const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Call Centre'));
    const [caller] = await db.select({ number: callsTable.callerNumber }).from(callsTable).where(eq(callsTable.uniqueid, calls.toAgent2));
    const [first, chosen] = await db
      .insert(members)
      .values([
        { companyId: company!.id, name: '공유 첫째', phoneNumber: caller!.number },
        { companyId: company!.id, name: '공유 둘째', phoneNumber: caller!.number },
      ])
      .returning();
    const named = async () => (await history('manager')).data.find((c) => c.uniqueid === calls.toAgent2) as CallRecord & { member_id: number | null; member_name: string | null };
    expect(first).toBeDefined();
    expect(await named()).toMatchObject({ member_id: null, member_name: null });
    await db.insert(consultations).values({ companyId: company!.id, memberId: chosen!.id, callUniqueid: calls.toAgent2, phoneNumber: caller!.number, direction: 'inbound', title: 'Shared', bigCategory: 'Billing' });
    expect(await named()).toMatchObject({ member_id: chosen!.id, member_name: '공유 둘째' });
  });
});

describe('cti/calls/show-call', () => {
  it('answers the call and its events in order', async () => {
    const { data, events } = await showCall(kit, calls.queue);
    expect(data).toMatchObject({ uniqueid: calls.queue, queue: '500', disposition: 'abandoned' });
    expect(events.filter((e) => e.type === 'inbound_call').map((e) => e.extension).sort()).toEqual(['1001', '1002']);
    expect(events.filter((e) => e.type === 'call_state').at(-1)).toMatchObject({ state: 'hangup' });
    // The queue's own account of the caller: entered, then left as the call went.
    expect(events.filter((e) => e.type === 'call_started' || e.type === 'call_ended').map((e) => e.state ?? e.type)).toEqual(['call_started', data.disposition]);
  });

  it("answers 404 for a call the agent may not see and for an unknown uniqueid; 422 for a malformed one", async () => {
    expect((await kit.call('agent1', '/cti/calls/show-call', { unique_id: calls.outbound })).statusCode).toBe(404);
    expect((await kit.call('agent2', '/cti/calls/show-call', { unique_id: calls.outbound })).statusCode).toBe(200);
    expect((await kit.call('manager', '/cti/calls/show-call', { unique_id: '1.999999' })).statusCode).toBe(404);
    expect((await kit.call('manager', '/cti/calls/show-call', { unique_id: 'x; drop table calls' })).statusCode).toBe(422);
  });
});
