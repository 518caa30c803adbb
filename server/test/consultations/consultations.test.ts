import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { listConsultations, storeConsultation, validConsultation } from './consultation-test-helpers';

/**
 * Consultation records (issue 4 item 4): what the server stamps and normalises, the section 5 messages,
 * the checks against the settings, every filter of the list, permissions and what follows a member.
 * The generic walk is in server/test/resources/resource-contract.test.ts.
 */
let t: TestApp;
let call: Caller;
let member = { id: 0, name: '' };
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  member = dataOf(await call('manager', '/member/store', { name: '상담 회원', phone_number: '010-7400-0001' }));
});
afterAll(async () => {
  await t?.close();
});

const userId = (username: 'agent1' | 'agent2' | 'manager') => call.userInfoOf(username).user.id;

describe('store', () => {
  it('records the agent who stores it, normalises the number and names the member', async () => {
    const record = await storeConsultation(call, 'agent1', {
      phone_number: '+82 10-7400-0001',
      member_id: member.id,
      call_uniqueid: '1700000000.42',
      direction: 'outbound',
      content: '  내용  ',
      inquiry: '일반 문의',
      department: '',
      small_category: '지연',
      custom_fields: { order_no: 'A-9', visit_date: '' },
      treatment_result: 'progress',
      agent_id: userId('manager'),
    });
    expect(record).toMatchObject({
      agent_id: userId('agent1'),
      agent_name: '이민호',
      member_id: member.id,
      member_name: '상담 회원',
      phone_number: '01074000001',
      is_mobile: true,
      call_uniqueid: '1700000000.42',
      direction: 'outbound',
      content: '내용',
      inquiry: '일반 문의',
      department: null,
      big_category: '배송',
      small_category: '지연',
      custom_fields: { order_no: 'A-9' },
      treatment_result: 'progress',
    });
  });

  it('starts as receipt without a member or a call', async () => {
    expect(await storeConsultation(call, 'agent2', { phone_number: '02-123-4567' })).toMatchObject({
      member_id: null,
      member_name: null,
      call_uniqueid: null,
      phone_number: '021234567',
      is_mobile: false,
      treatment_result: 'receipt',
      content: '',
    });
  });

  it('writes up a call from a withheld number without a number, but never a consultation with neither', async () => {
    expect(await storeConsultation(call, 'agent1', { phone_number: '', call_uniqueid: '1700000000.77' })).toMatchObject({
      phone_number: '',
      is_mobile: false,
      call_uniqueid: '1700000000.77',
    });
    const errorsOf = async (body: Record<string, unknown>) =>
      (await call('agent1', '/consultation/store', validConsultation(body))).json().errors;
    expect(await errorsOf({ phone_number: '' })).toEqual({ phone_number: ['Please enter a phone number.'] });
    expect(await errorsOf({ phone_number: 'anonymous', call_uniqueid: '1700000000.78' })).toEqual({
      phone_number: [expect.stringMatching(/phone number/i)],
    });
  });

  it('asks for a title and a major category (section 5), in English and Korean', async () => {
    const body = { phone_number: '0101', direction: 'inbound' };
    expect((await call('agent1', '/consultation/store', body)).json().errors).toEqual({
      title: ['Title required: please enter a title.'],
      big_category: ['Please select a major category.'],
    });
    expect((await call('agent1', '/consultation/store', { ...body, title: ' ', big_category: '' }, { language: 'ko' })).json().errors).toEqual({
      title: ['제목을 입력해 주세요.'],
      big_category: ['대분류를 선택해 주세요.'],
    });
  });

  it('accepts only the settings of the company, the small category of the chosen big one and typed custom fields', async () => {
    const response = await call(
      'agent1',
      '/consultation/store',
      validConsultation({ inquiry: '없는 유형', department: '없는 부서', small_category: '가격', custom_fields: { visit_date: '2025-02-30', nope: 'x' } }),
    );
    expect(response.json().errors).toEqual({
      inquiry: ['Choose an inquiry from the consultation settings.'],
      department: ['Choose a department from the consultation settings.'],
      small_category: ['Choose a small category of the chosen big category.'],
      'custom_fields.visit_date': ['Enter a date as YYYY-MM-DD.'],
      custom_fields: ['This custom field is not in the consultation settings.'],
    });
    expect((await call('agent1', '/consultation/store', validConsultation({ big_category: '없는 분류' }))).json().errors).toEqual({
      big_category: ['Choose a big category from the consultation settings.'],
    });
    expect((await call('agent1', '/consultation/store', validConsultation({ treatment_result: 'done', direction: 'sideways' }))).json().errors).toEqual({
      treatment_result: ['Choose receipt, progress, waiting or complete.'],
      direction: ['Choose inbound or outbound.'],
    });
  });

  it("refuses another company's member like a missing one", async () => {
    const acmeMember = dataOf<{ id: number }>(await call('acme-manager', '/member/store', { name: 'Acme 회원', phone_number: '010-7400-0009' }));
    for (const id of [acmeMember.id, 999999]) {
      expect((await call('agent1', '/consultation/store', validConsultation({ member_id: id }))).json().errors).toEqual({ member_id: ['This member was not found.'] });
    }
  });
});

describe('update and delete', () => {
  it('any agent of the company may continue a consultation; its author stays', async () => {
    const record = await storeConsultation(call, 'agent1');
    const response = await call('agent2', '/consultation/update', { id: record.id, ...validConsultation({ title: '이어서', treatment_result: 'complete' }) });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response)).toMatchObject({ title: '이어서', treatment_result: 'complete', agent_id: userId('agent1'), agent_name: '이민호' });
  });

  it('deleting needs consultation_delete (managers have every permission)', async () => {
    const record = await storeConsultation(call, 'agent1');
    expect((await call('agent1', `/consultation/delete/${record.id}`)).statusCode).toBe(403);
    expect((await call('manager', `/consultation/delete/${record.id}`)).json()).toEqual({ result: 'success' });
    expect((await call('agent1', `/consultation/${record.id}`)).statusCode).toBe(404);
  });

  it('a deleted member leaves the consultation with its number', async () => {
    const gone = dataOf<{ id: number }>(await call('manager', '/member/store', { name: '탈퇴 회원', phone_number: '010-7400-0002' }));
    const record = await storeConsultation(call, 'agent1', { member_id: gone.id, phone_number: '010-7400-0002' });
    expect((await call('manager', `/member/delete/${gone.id}`)).statusCode).toBe(200);
    expect(dataOf(await call('agent1', '/consultation/view', { id: record.id }))).toMatchObject({ member_id: null, member_name: null, phone_number: '01074000002' });
  });

  it('shows the member’s current name after a rename', async () => {
    const someone = dataOf<{ id: number }>(await call('manager', '/member/store', { name: '이전 이름', phone_number: '010-7400-0003' }));
    const record = await storeConsultation(call, 'agent1', { member_id: someone.id });
    await call('manager', '/member/update', { id: someone.id, name: '새 이름', phone_number: '010-7400-0003' });
    expect(dataOf(await call('agent1', `/consultation/${record.id}`))).toMatchObject({ member_name: '새 이름' });
  });
});

describe('the list', () => {
  it('shows agents every consultation of their company, newest first by default', async () => {
    const mine = await storeConsultation(call, 'agent1');
    const theirs = await storeConsultation(call, 'agent2');
    const page = await listConsultations(call, 'agent1');
    expect(page.data.map((r) => r.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    const times = page.data.map((r) => String(r.created_at));
    expect(times).toEqual([...times].sort().reverse());
    // The seeded ones are there too, with their agents' and members' names.
    expect(page.data).toContainEqual(expect.objectContaining({ title: '배송 지연 문의', agent_name: '이민호', member_name: '김민준' }));
  });

  it('filters by agent, treatment result, direction, categories, inquiry, department, member, call and number in any format', async () => {
    const record = await storeConsultation(call, 'agent2', {
      phone_number: '010-7500-1234',
      member_id: member.id,
      call_uniqueid: 'filter.1',
      direction: 'outbound',
      inquiry: '불만',
      department: '영업팀',
      big_category: '배송',
      small_category: '파손',
      treatment_result: 'waiting',
    });
    const filters: Record<string, unknown>[] = [
      { agent_id: userId('agent2') },
      { treatment_result: 'waiting' },
      { direction: 'outbound' },
      { big_category: '배송', small_category: '파손' },
      { inquiry: '불만', department: '영업팀' },
      { member_id: member.id },
      { call_uniqueid: 'filter.1' },
      { phone_number: '+82 10 7500' },
      { phone_number: '7500-1234' },
      { search: '010-7500' },
    ];
    for (const filter of filters) {
      const page = await listConsultations(call, 'manager', filter);
      expect(page.data.map((r) => r.id), JSON.stringify(filter)).toContain(record.id);
    }
    expect((await listConsultations(call, 'manager', { call_uniqueid: 'filter.1', treatment_result: 'complete' })).total).toBe(0);
    expect((await listConsultations(call, 'manager', { agent_id: userId('agent1'), call_uniqueid: 'filter.1' })).total).toBe(0);
  });

  it('searches the number only with a term that is a number: "order 7500" is text', async () => {
    const record = await storeConsultation(call, 'agent1', { phone_number: '010-7511-7500', title: '숫자 검색' });
    const ids = async (search: string) => (await listConsultations(call, 'manager', { search, per_page: 100 })).data.map((r) => r.id);
    expect(await ids('7511-7500')).toContain(record.id);
    expect(await ids('order 7500')).not.toContain(record.id);
    expect(await ids('숫자 검색')).toContain(record.id);
  });

  it('filters by a date range of whole days in Seoul', async () => {
    const record = await storeConsultation(call, 'agent1', { title: '오늘의 상담' });
    const seoulDay = (offsetDays: number) => new Date(Date.parse(String(record.created_at)) + 9 * 3600_000 + offsetDays * 86400_000).toISOString().slice(0, 10);
    const ids = async (query: Record<string, unknown>) => (await listConsultations(call, 'manager', { search: '오늘의 상담', ...query })).data.map((r) => r.id);
    expect(await ids({ date_from: seoulDay(0), date_to: seoulDay(0) })).toContain(record.id);
    expect(await ids({ date_from: seoulDay(-1) })).toContain(record.id);
    expect(await ids({ date_from: seoulDay(1) })).not.toContain(record.id);
    expect(await ids({ date_to: seoulDay(-1) })).not.toContain(record.id);
    // The seeded consultation of a week ago is in last week's range only.
    const weekAgo = (await listConsultations(call, 'manager', { date_from: seoulDay(-8), date_to: seoulDay(-6) })).data.map((r) => r.title);
    expect(weekAgo).toContain('파손 상품 교환 안내');
    expect(weekAgo).not.toContain('오늘의 상담');
  });

  it('answers 422 for a malformed date or id filter, and for a day that does not exist (issue 15: days are checked at the contract)', async () => {
    const bad = await call('manager', '/consultation/list', { date_from: '20250101', agent_id: 'x' });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['agent_id', 'date_from']);
    const impossible = await call('manager', '/consultation/list', { date_from: '2025-02-30', member_id: 2147483648 });
    expect(Object.keys(impossible.json().errors).sort()).toEqual(['date_from', 'member_id']);
  });

  it('paginates (10 per page by default) and sorts by title', async () => {
    for (let i = 0; i < 11; i++) await storeConsultation(call, 'agent1', { title: `페이지 ${String(i).padStart(2, '0')}` });
    const first = (await call('manager', '/consultation/list', { search: '페이지', sort_by: 'title' })).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 10, total: 11, last_page: 2 });
    expect(first.data[0].title).toBe('페이지 00');
    const second = (await call('manager', '/consultation/list', { search: '페이지', sort_by: 'title', page: 2 })).json();
    expect(second.data.map((r: { title: string }) => r.title)).toEqual(['페이지 10']);
  });

  it('`consultation` answers every match (up to 1,000) and consultation/{id} one record', async () => {
    const record = await storeConsultation(call, 'agent1', { title: '전체 목록' });
    expect((await call('agent1', '/consultation', { search: '전체 목록' })).json()).toMatchObject({ data: [expect.objectContaining({ id: record.id })], truncated: false });
    expect(dataOf(await call('agent1', `/consultation/${record.id}`))).toEqual(record);
  });

  it('needs the consultations permission to read; the admin has no company', async () => {
    expect((await call('admin', '/consultation/list')).statusCode).toBe(403);
    expect((await call('user', '/consultation/list')).statusCode).toBe(200);
  });
});
