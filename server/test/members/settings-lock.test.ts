import pg from 'pg';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { validConsultation } from '../consultations/consultation-test-helpers';
import { customFieldCalls } from '../resources/custom-field-test-helpers';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * A member's check against the settings and its commit must not straddle a settings change (QA: a save
 * landing during `city` → number stored "서울" where the new type refuses it). Real concurrency needs
 * two connections, so this runs on PostgreSQL only: a second client opens a transaction that holds the
 * lock the way an in-flight write does, and the API call must wait for it, then see what it committed.
 * Demo data: company 1's member 김민준 has city 서울; groups VIP and 일반.
 */
describe.skipIf(!process.env.DATABASE_URL)('settings changes and record saves do not interleave', () => {
  let t: TestApp;
  let call: Caller;
  let other: pg.Client;
  beforeAll(async () => {
    t = await buildTestApp();
    call = await signedInCaller(t.app);
    other = new pg.Client({ connectionString: t.config.databaseUrl ?? undefined });
    await other.connect();
  });
  afterAll(async () => {
    await other?.end();
    await t?.close();
  });

  const { fieldNamed, changeType } = customFieldCalls(() => call, 'member-custom-field');
  const companyOf = (username: 'manager' | 'acme-manager') => {
    const id = call.userInfoOf(username).company?.id;
    if (id === undefined) throw new Error(`${username} has no company`);
    return id;
  };
  const companyId = () => companyOf('manager');
  const member김민준 = async () => {
    const [member] = (await call('manager', '/member/list', { search: '김민준' })).json().data as { id: number }[];
    return member!;
  };

  /** Resolves to 'pending' when the promise has not settled after a while (a waiting lock). */
  const stillPending = (promise: Promise<unknown>, ms = 300) =>
    Promise.race([promise.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), ms))]);

  it('a type change waits for a member save in flight, then refuses the value that save stored', async () => {
    const city = await fieldNamed('city');
    // Every member's city fits a number except the ones this save is about to write.
    await other.query(`update members set custom_fields = custom_fields - 'city' where company_id = $1`, [companyId()]);
    await other.query('begin');
    // What a member save holds from its check to its commit.
    await other.query(`select pg_advisory_xact_lock_shared(hashtext('member-settings'), $1::int)`, [companyId()]);
    await other.query(`update members set custom_fields = custom_fields || '{"city":"서울"}' where id = $1`, [(await member김민준()).id]);

    const change = changeType(city, 'number');
    expect(await stillPending(change)).toBe('pending');
    await other.query('commit');
    const response = await change;
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors.field_type[0]).toContain('서울');
    expect(await fieldNamed('city')).toMatchObject({ field_type: 'text' });
  });

  it('a member save waits for a type change in flight, then is checked against the new type', async () => {
    const city = await fieldNamed('city');
    const member = await member김민준();
    await other.query('begin');
    await other.query(`select pg_advisory_xact_lock(hashtext('member-settings'), $1::int)`, [companyId()]);
    await other.query(`update member_custom_fields set field_type = 'number' where id = $1`, [city.id]);

    const save = call('manager', '/member/update', { id: member.id, name: '김민준', phone_number: '01055550001', custom_fields: { city: '부산' } });
    expect(await stillPending(save)).toBe('pending');
    await other.query('commit');
    const response = await save;
    expect(response.statusCode, response.body).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['custom_fields.city']);
  });

  it('a consultation save waits for a change of the consultation settings in flight', async () => {
    await other.query('begin');
    await other.query(`select pg_advisory_xact_lock(hashtext('consultation-settings'), $1::int)`, [companyId()]);
    const save = call('agent1', '/consultation/store', validConsultation());
    expect(await stillPending(save)).toBe('pending');
    await other.query('commit');
    const response = await save;
    expect(response.statusCode, response.body).toBe(200);
  });

  it('another company’s settings change does not hold this company’s saves', async () => {
    await other.query('begin');
    await other.query(`select pg_advisory_xact_lock(hashtext('member-settings'), $1::int)`, [companyOf('acme-manager')]);
    const save = call('manager', '/member/store', { name: '잠금 없음', phone_number: '01099990001' });
    expect(await stillPending(save, 2000)).toBe('settled');
    expect((await save).statusCode).toBe(200);
    await other.query('rollback');
  });
});
