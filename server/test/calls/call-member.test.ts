import { and, eq } from 'drizzle-orm';
import { calls as callsTable, companies, members } from '../../src/db/schema';
import { CTI, showCall, startCallKit, type CallKit } from './call-test-kit';

/**
 * `cti/calls/member`: the member the agent chose in the select-member pop-up (several members share the
 * caller's number) is kept on the call and named by the call log, also when the choice comes before the
 * recorder has written the call's row.
 */

/** Demo Call Centre's two members sharing 01055550002 (CONTRACT §6). */
const SHARED = '01055550002';

let kit: CallKit;
let demoId = 0;
let shared: { id: number; name: string }[] = [];
let acmeMember = 0;

beforeAll(async () => {
  kit = await startCallKit();
  const db = kit.t.app.db;
  const [demo] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Demo Call Centre'));
  const [acme] = await db.select({ id: companies.id }).from(companies).where(eq(companies.name, 'Acme Support'));
  demoId = demo!.id;
  shared = await db
    .select({ id: members.id, name: members.name })
    .from(members)
    .where(and(eq(members.companyId, demoId), eq(members.phoneNumber, SHARED)))
    .orderBy(members.id);
  const [theirs] = await db.select({ id: members.id }).from(members).where(eq(members.companyId, acme!.id));
  acmeMember = theirs!.id;
  expect(shared).toHaveLength(2);
});
afterAll(async () => {
  await kit?.close();
});

type Username = Parameters<CallKit['call']>[0];
const choose = (username: Username, uniqueid: string, memberId: number) => kit.call(username, '/cti/calls/member', { uniqueid, member_id: memberId });

/** The member the call log names for the call, in the history (as the manager) and in show-call. */
async function loggedMember(uniqueid: string) {
  const page = await kit.call('manager', '/cti/calls/history', { search: uniqueid });
  expect(page.statusCode, page.body).toBe(200);
  const [row] = page.json<{ data: { member_id: number | null; member_name: string | null }[] }>().data;
  const detail = await showCall(kit, uniqueid);
  expect({ member_id: detail.data.member_id, member_name: detail.data.member_name }).toEqual({ member_id: row!.member_id, member_name: row!.member_name });
  return { member_id: row!.member_id, member_name: row!.member_name };
}

/** A call from the shared number to agent1 (1001), answered and over. */
async function answeredSharedCall(): Promise<string> {
  const uniqueid = await kit.place(SHARED, '1001');
  await kit.ctiAs('agent1', CTI.answer);
  await kit.farHangup(uniqueid);
  await kit.settle();
  return uniqueid;
}

describe('cti/calls/member', () => {
  it('keeps the chosen member on the call; choosing again replaces it', async () => {
    const uniqueid = await answeredSharedCall();
    // Two members share the number and nobody chose: the log names nobody.
    expect(await loggedMember(uniqueid)).toEqual({ member_id: null, member_name: null });

    const chosen = await choose('agent1', uniqueid, shared[1]!.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ data: { uniqueid, member_id: shared[1]!.id, member_name: shared[1]!.name } });
    expect(await loggedMember(uniqueid)).toEqual({ member_id: shared[1]!.id, member_name: shared[1]!.name });

    expect((await choose('agent1', uniqueid, shared[0]!.id)).statusCode).toBe(200);
    expect(await loggedMember(uniqueid)).toEqual({ member_id: shared[0]!.id, member_name: shared[0]!.name });
    // A manager sees every call and may choose too.
    expect((await choose('manager', uniqueid, shared[1]!.id)).statusCode).toBe(200);
    expect(await loggedMember(uniqueid)).toEqual({ member_id: shared[1]!.id, member_name: shared[1]!.name });
  });

  it("refuses another company's member with 422 under member_id, and keeps the choice as it was", async () => {
    const uniqueid = await answeredSharedCall();
    expect((await choose('agent1', uniqueid, shared[0]!.id)).statusCode).toBe(200);
    const refused = await choose('agent1', uniqueid, acmeMember);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['member_id']);
    const missing = await choose('agent1', uniqueid, 2_000_000_000);
    expect(missing.statusCode).toBe(422);
    expect(await loggedMember(uniqueid)).toEqual({ member_id: shared[0]!.id, member_name: shared[0]!.name });
    // Not an id at all: the schema's 422.
    expect((await kit.call('agent1', '/cti/calls/member', { uniqueid, member_id: 'abc' })).statusCode).toBe(422);
    expect((await kit.call('agent1', '/cti/calls/member', { uniqueid: 'not-a-call', member_id: shared[0]!.id })).statusCode).toBe(422);
  });

  it("answers 404 for another company's call, an unknown call and a call the agent may not see", async () => {
    const uniqueid = await answeredSharedCall();
    // Acme's users: a Demo call does not exist for them, whichever member they name.
    expect((await choose('acme-agent', uniqueid, acmeMember)).statusCode).toBe(404);
    expect((await choose('acme-manager', uniqueid, acmeMember)).statusCode).toBe(404);
    // Nobody ever called with this uniqueid.
    expect((await choose('manager', '1700000000.999999', shared[0]!.id)).statusCode).toBe(404);
    // agent2 (no call_statistics) sees only calls their extension was on; 1001's call is not one.
    const notTheirs = await choose('agent2', uniqueid, shared[0]!.id);
    expect(notTheirs.statusCode, notTheirs.body).toBe(404);
    expect(await loggedMember(uniqueid)).toEqual({ member_id: null, member_name: null });
  });

  it('keeps a choice made before the call is logged, and the log names the member once it is', async () => {
    const db = kit.t.app.db;
    const uniqueid = await kit.place(SHARED, '1001');
    await kit.settle();
    // As when the recorder has not written the row yet (it writes a moment after the ring, and with
    // Redis maybe in another process): the call rings on agent1's extension but is not in the log.
    await db.delete(callsTable).where(and(eq(callsTable.companyId, demoId), eq(callsTable.uniqueid, uniqueid)));
    expect((await kit.call('manager', '/cti/calls/show-call', { unique_id: uniqueid })).statusCode).toBe(404);

    // agent1's phone rings with it: the choice is kept.
    const chosen = await choose('agent1', uniqueid, shared[1]!.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    // Nobody else proves the call is theirs while it is not logged: agent2's extension never rang.
    expect((await choose('agent2', uniqueid, shared[0]!.id)).statusCode).toBe(404);

    // The call's next events write the row; the log names the member chosen before.
    await kit.ctiAs('agent1', CTI.answer);
    await kit.farHangup(uniqueid);
    await kit.settle();
    expect(await loggedMember(uniqueid)).toEqual({ member_id: shared[1]!.id, member_name: shared[1]!.name });
  });

  it('waits for a row the recorder is writing: a choice right at the ring finds the call', async () => {
    const uniqueid = await kit.place(SHARED, '1001');
    // No settle: the recorder's write of the ring may still be under way.
    const chosen = await choose('agent1', uniqueid, shared[0]!.id);
    expect(chosen.statusCode, chosen.body).toBe(200);
    await kit.ctiAs('agent1', CTI.answer);
    await kit.farHangup(uniqueid);
    await kit.settle();
    expect(await loggedMember(uniqueid)).toEqual({ member_id: shared[0]!.id, member_name: shared[0]!.name });
  });
});
