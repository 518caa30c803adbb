import { sql } from 'drizzle-orm';
import { memberPhoneLookupSchema } from '../../../src/api/contracts/member.contract';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/** Every member call of specification §7 against the demo data (CONTRACT §6), as its users make them. */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

type MemberRecord = { id: number; name: string; phone_number: string; is_mobile: boolean; groups: string[]; company_name: string | null; custom_fields: Record<string, string> };
const names = (rows: MemberRecord[]) => rows.map((m) => m.name).sort();
const store = async (body: Record<string, unknown>, username: 'manager' | 'agent1' | 'acme-manager' = 'manager') => {
  const response = await call(username, '/member/store', body);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<MemberRecord>(response);
};

describe('member/phone-number/{number}', () => {
  it.each(['01055550001', '010-5555-0001', '+82 10 5555 0001', '+82-10-5555-0001', '(010) 5555.0001', '0082 10 5555 0001'])(
    'finds the member for %s and answers memberCount',
    async (number) => {
      const response = await call('agent1', `/member/phone-number/${encodeURIComponent(number)}`);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body).toMatchObject({ phone_number: '01055550001', memberCount: 1 });
      expect(names(body.data)).toEqual(['김민준']);
    },
  );

  it('answers every member sharing a number, and 0 for an unknown one', async () => {
    const shared = (await call('agent2', '/member/phone-number/010-5555-0002')).json();
    expect(shared.memberCount).toBe(2);
    expect(names(shared.data)).toEqual(['이도현', '이서연']);
    expect((await call('agent2', '/member/phone-number/01099998888')).json()).toEqual({ phone_number: '01099998888', memberCount: 0, data: [] });
  });

  it('never crosses companies: Acme has its own member with the same number', async () => {
    const acme = (await call('acme-agent', '/member/phone-number/01055550001')).json();
    expect(acme.memberCount).toBe(1);
    expect(names(acme.data)).toEqual(['강지호']);
  });

  it('answers lookups that arrive together (one batched query per company) each with its own members', async () => {
    // Every request is made before any is answered, so they share batches: two companies, a number
    // asked twice, a shared number, an unknown one.
    const asked = [
      ['agent1', '010-5555-0001', 1, ['김민준']],
      ['acme-agent', '01055550001', 1, ['강지호']],
      ['agent2', '01055550002', 2, ['이도현', '이서연']],
      ['agent1', '+82 10 5555 0001', 1, ['김민준']],
      ['acme-agent', '01099998888', 0, []],
      ['agent2', '01099998888', 0, []],
    ] as const;
    const answers = await Promise.all(asked.map(([user, number]) => call(user, `/member/phone-number/${encodeURIComponent(number)}`)));
    answers.forEach((response, i) => {
      const [, , count, expected] = asked[i]!;
      expect(response.statusCode).toBe(200);
      expect(response.json().memberCount).toBe(count);
      expect(names(response.json().data)).toEqual([...expected]);
    });
  });

  it('lists at most 100 members of a number in id order, and counts them all', async () => {
    const created: number[] = [];
    for (let i = 0; i < 102; i += 1) created.push((await store({ name: `공유 ${i}`, phone_number: '010-7777-0102' })).id);
    const [crowded, alone] = await Promise.all([call('agent1', '/member/phone-number/01077770102'), call('agent1', '/member/phone-number/01055550001')]);
    expect(crowded.json().memberCount).toBe(102);
    expect(crowded.json().data.map((m: MemberRecord) => m.id)).toEqual(created.slice(0, 100));
    expect(alone.json().memberCount).toBe(1);
  });

  it('answers each member exactly as member/view does (PostgreSQL builds the lookup\'s records)', async () => {
    const full = await store({
      name: '전부 "따옴표" \\ 회원', phone_number: '02-555-0909', company_name: '한빛상사', groups: ['VIP', '기업'], levels: ['Gold'],
      custom_fields: { city: '대구', birthday: '1990-05-06' },
    });
    const bare = await store({ name: '빈 회원', phone_number: '025550909' });
    // A stored value the write path would not leave (an empty one), and a time with microseconds.
    await t.db.execute(sql`update members set custom_fields = custom_fields || '{"city": ""}'::jsonb, updated_at = '2026-11-24 01:02:03.987654+00' where id = ${bare.id}`);
    const lookup = await call('agent1', '/member/phone-number/025550909');
    expect(lookup.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = memberPhoneLookupSchema.parse(lookup.json());
    expect(body.memberCount).toBe(2);
    const viewed = await Promise.all([full.id, bare.id].map(async (id) => dataOf(await call('agent1', '/member/view', { id }))));
    expect(body.data).toEqual(viewed);
    expect(body.data[1]).toMatchObject({ company_name: null, groups: [], custom_fields: {}, is_mobile: false, updated_at: '2026-11-24T01:02:03.987Z' });
    // The later list and filter tests count the demo members.
    for (const id of [full.id, bare.id]) expect((await call('manager', `/member/delete/${id}`)).statusCode).toBe(200);
  });

  it('answers 422 for something that is not a phone number', async () => {
    const response = await call('agent1', '/member/phone-number/not-a-number');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.number).toBeDefined();
  });
});

describe('member/store and member/update', () => {
  it('normalises the phone number once on write and marks numbers starting with 01 as mobile', async () => {
    const mobile = await store({ name: '모바일', phone_number: '+82 10-1111-2222', groups: ['VIP'], levels: ['Gold'], company_name: ' 한빛상사 ' });
    expect(mobile).toMatchObject({ phone_number: '01011112222', is_mobile: true, groups: ['VIP'], levels: ['Gold'], company_name: '한빛상사' });
    const landline = await store({ name: '유선', phone_number: '02-123-4567' });
    expect(landline).toMatchObject({ phone_number: '021234567', is_mobile: false, groups: [], levels: [], company_name: null, custom_fields: {} });
    expect((await call('agent1', '/member/phone-number/010 1111 2222')).json().memberCount).toBe(1);
  });

  it('updates a member, normalising again; agents may write members', async () => {
    const member = await store({ name: '수정 전', phone_number: '010-3333-0000' }, 'agent1');
    const response = await call('agent1', '/member/update', { id: member.id, name: '수정 후', phone_number: '010.3333.0001', custom_fields: { city: '대구', birthday: '1990-05-01' } });
    expect(response.statusCode).toBe(200);
    expect(dataOf(response)).toMatchObject({ id: member.id, name: '수정 후', phone_number: '01033330001', custom_fields: { city: '대구', birthday: '1990-05-01' } });
  });

  it('answers 422 per field, in the caller’s language', async () => {
    const response = await call('manager', '/member/store', { name: ' ', phone_number: '' }, { language: 'ko' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['회원 이름을 입력해 주세요.'], phone_number: ['전화번호를 입력해 주세요.'] });
    const invalid = await call('manager', '/member/store', { name: 'A', phone_number: '010-abc-0000' });
    expect(invalid.json().errors).toEqual({ phone_number: ['Enter a phone number as digits; spaces, hyphens, dots, parentheses and a leading + are allowed.'] });
  });

  it('accepts only the groups, levels and custom fields of the member settings, with values of the right type', async () => {
    const response = await call('manager', '/member/store', {
      name: 'A',
      phone_number: '01000000000',
      groups: ['No such group'],
      levels: ['Platinum'],
      custom_fields: { birthday: '2020-02-30', shoe_size: '270' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      groups: ['Choose groups from the member group settings.'],
      levels: ['Choose levels from the member level settings.'],
      'custom_fields.birthday': ['Enter a date as YYYY-MM-DD.'],
      custom_fields: ['This custom field is not in the member settings.'],
    });
  });

  it('answers 404 for an unknown member', async () => {
    expect((await call('manager', '/member/update', { id: 999999, name: 'A', phone_number: '0101' })).statusCode).toBe(404);
    expect((await call('manager', '/member/view', { id: 999999 })).statusCode).toBe(404);
    expect((await call('manager', '/member/999999')).statusCode).toBe(404);
  });
});

describe('member/delete/{id}', () => {
  it('needs member_delete: agents without it get 403, the manager deletes', async () => {
    const member = await store({ name: '삭제 대상', phone_number: '010-4444-0000' });
    expect((await call('agent1', `/member/delete/${member.id}`)).statusCode).toBe(403);
    expect((await call('agent2', `/member/delete/${member.id}`)).statusCode).toBe(403);
    expect((await call('manager', `/member/delete/${member.id}`)).json()).toEqual({ result: 'success' });
    expect((await call('manager', `/member/${member.id}`)).statusCode).toBe(404);
  });
});

describe('member/list, member and member/list/{param}', () => {
  it('searches names and numbers in any format', async () => {
    const byName = (await call('agent1', '/member/list', { search: '이서' })).json();
    expect(names(byName.data)).toEqual(['이서연']);
    const byNumber = (await call('agent1', '/member/list', { search: '+82 10-5555-0002' })).json();
    expect(names(byNumber.data)).toEqual(['이도현', '이서연']);
    const byPath = (await call('agent1', `/member/list/${encodeURIComponent('5555-0002')}`, { per_page: 20 })).json();
    expect(byPath).toMatchObject({ total: 2, per_page: 20, current_page: 1, last_page: 1 });
  });

  it('reads a term with letters as text only: its digits do not search the numbers', async () => {
    // 김민준's number 01055550001 contains "0001"; "이서 0001" is a name search and finds nobody.
    expect((await call('agent1', '/member/list', { search: '이서 0001' })).json().total).toBe(0);
    expect(names((await call('agent1', '/member/list', { search: '0001' })).json().data)).toContain('김민준');
  });

  it('treats % and _ in a search as characters', async () => {
    expect((await call('agent1', '/member/list', { search: '%' })).json().total).toBe(0);
  });

  it('filters by group, level, company name and phone type', async () => {
    const list = (body: Record<string, unknown>) => call('agent1', '/member/list', { per_page: 100, ...body }).then((r) => r.json());
    expect(names((await list({ group: '기업' })).data)).toEqual(['정예은']);
    expect(names((await list({ level: 'Bronze' })).data)).toEqual(['이도현']);
    const others = (await list({ phone_type: 'other' })).data as MemberRecord[];
    expect(others.every((m) => !m.is_mobile)).toBe(true);
    expect(others.map((m) => m.name)).toContain('정예은');
    expect(((await list({ phone_type: 'mobile' })).data as MemberRecord[]).every((m) => m.phone_number.startsWith('01'))).toBe(true);
    expect((await list({ phone_type: 'fax' }))).toMatchObject({ errors: { phone_type: expect.any(Array) } });
  });

  it('sorts by name', async () => {
    const asc = (await call('agent1', '/member/list', { sort_by: 'name', sort_order: 'asc', per_page: 100 })).json().data as MemberRecord[];
    const sorted = [...asc].map((m) => m.name);
    expect(sorted).toEqual([...sorted].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it('answers all members (unpaginated) at member', async () => {
    const all = (await call('agent1', '/member', { group: '일반' })).json();
    expect(all.truncated).toBe(false);
    expect(names(all.data)).toEqual(['이도현', '이서연']);
  });
});

describe('member/company/{name}', () => {
  it('pages through the members of one company name', async () => {
    for (let i = 0; i < 12; i++) await store({ name: `대한 ${i}`, phone_number: `010-6000-${1000 + i}`, company_name: '대한물산' });
    await store({ name: '다른 회사', phone_number: '010-6000-9999', company_name: '민국상사' });
    const first = (await call('agent1', `/member/company/${encodeURIComponent('대한물산')}`)).json();
    expect(first).toMatchObject({ total: 12, per_page: 10, current_page: 1, last_page: 2 });
    const second = (await call('agent1', `/member/company/${encodeURIComponent('대한물산')}`, { page: 2 })).json();
    expect(second.data).toHaveLength(2);
    expect([...first.data, ...second.data].every((m: MemberRecord) => m.company_name === '대한물산')).toBe(true);
  });
});

describe('member/store/caller', () => {
  it('creates a member from a call, named after the number until told otherwise, with memberCount', async () => {
    const response = await call('agent1', '/member/store/caller', { phone_number: '+82 10 5555 0002' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({ name: '01055550002', phone_number: '01055550002' });
    expect(body.memberCount).toBe(3);
    const named = (await call('agent1', '/member/store/caller', { phone_number: '010-7777-0001', name: '새 고객' })).json();
    expect(named).toMatchObject({ data: { name: '새 고객' }, memberCount: 1 });
  });

  it('still needs a phone number', async () => {
    const response = await call('agent1', '/member/store/caller', {});
    expect(response.json().errors).toEqual({ phone_number: ['Please enter a phone number.'] });
  });
});

describe('member/get-settings', () => {
  it('answers the company’s groups, levels and custom fields', async () => {
    const response = await call('agent2', '/member/get-settings');
    expect(response.json()).toEqual({
      groups: ['VIP', '기업', '일반'],
      levels: ['Bronze', 'Gold', 'Silver'],
      custom_fields: [
        { name: 'birthday', field_type: 'date' },
        { name: 'city', field_type: 'text' },
      ],
    });
  });
});
