import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { listConsultations, settingId, storeConsultation, validConsultation } from './consultation-test-helpers';

/**
 * Item 9 of issue 4 for consultations, their settings and the custom table settings: every endpoint,
 * called by Acme's manager and agent with Demo Call Centre's records, finds nothing (404, empty lists).
 * A 403 is only ever the caller's own missing permission, answered the same for any id.
 */
let t: TestApp;
let call: Caller;
const demo = { consultation: 0, member: 0, agent: 0, inquiry: 0, department: 0, big: 0, small: 0, field: 0 };
const SETTINGS = [
  ['consultation-inquiry', 'inquiry'],
  ['consultation-department', 'department'],
  ['consultation-big-category', 'big'],
  ['consultation-small-category', 'small'],
  ['consultation-custom-field', 'field'],
] as const;

beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  demo.member = dataOf<{ id: number }>(await call('manager', '/member/store', { name: '데모 상담 회원', phone_number: '010-7600-0001' })).id;
  demo.consultation = (await storeConsultation(call, 'agent1', { title: '데모 전용 상담', member_id: demo.member, call_uniqueid: 'demo.only', phone_number: '010-7600-0001' })).id;
  demo.agent = call.userInfoOf('agent1').user.id;
  demo.inquiry = await settingId(call, 'manager', 'consultation-inquiry', '칭찬');
  demo.department = await settingId(call, 'manager', 'consultation-department', '영업팀');
  demo.big = await settingId(call, 'manager', 'consultation-big-category', '상품');
  demo.small = await settingId(call, 'manager', 'consultation-small-category', '재고');
  demo.field = await settingId(call, 'manager', 'consultation-custom-field', 'visit_date');
  await call('manager', '/custom-table/update', { table: 'consultations', columns: [{ key: 'title', visible: true }, { key: 'created_at', visible: false }] });
});
afterAll(async () => {
  await t?.close();
});

describe.each(['acme-manager', 'acme-agent'] as const)('as %s', (username) => {
  const expectNotFound = async (path: string, body: Record<string, unknown> = {}) => {
    const response = await call(username, path, body);
    if (response.statusCode === 403) {
      // Permission refusals must not depend on whether the id exists.
      expect((await call(username, path.replace(/\d+$/, '999999'), { ...body, ...('id' in body ? { id: 999999 } : {}) })).statusCode).toBe(403);
      return;
    }
    expect(response.statusCode, `${path} ${response.body}`).toBe(404);
  };

  it('consultation/view, consultation/{id}, update and delete answer 404', async () => {
    await expectNotFound('/consultation/view', { id: demo.consultation });
    await expectNotFound(`/consultation/${demo.consultation}`);
    await expectNotFound('/consultation/update', { id: demo.consultation, ...validConsultation() });
    await expectNotFound(`/consultation/delete/${demo.consultation}`);
    expect(dataOf(await call('manager', '/consultation/view', { id: demo.consultation }))).toMatchObject({ title: '데모 전용 상담' });
  });

  it('consultation and consultation/list never show Demo consultations, whatever the filter', async () => {
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    expect(ids((await call(username, '/consultation', {})).json().data)).not.toContain(demo.consultation);
    for (const filter of [{}, { search: '데모 전용' }, { agent_id: demo.agent }, { member_id: demo.member }, { call_uniqueid: 'demo.only' }, { phone_number: '01076000001' }, { big_category: '상품' }]) {
      const page = await listConsultations(call, username, filter);
      expect(ids(page.data), JSON.stringify(filter)).not.toContain(demo.consultation);
      for (const row of page.data) expect(row.agent_name === null || !['이민호', '박서준', '김지수'].includes(String(row.agent_name))).toBe(true);
    }
  });

  it("consultation/store refuses Demo's member and Demo's settings", async () => {
    const refused = await call(username, '/consultation/store', validConsultation({ member_id: demo.member, big_category: '상품', inquiry: '칭찬' }));
    expect(refused.json().errors).toEqual({
      member_id: ['This member was not found.'],
      big_category: ['Choose a big category from the consultation settings.'],
      inquiry: ['Choose an inquiry from the consultation settings.'],
    });
    const own = await storeConsultation(call, username);
    expect(own).toMatchObject({ agent_name: username === 'acme-agent' ? '윤하린' : '한도윤' });
  });

  it('consultation/get-settings answers only Acme settings and users', async () => {
    expect((await call(username, '/consultation/get-settings')).json()).toMatchObject({
      inquiries: ['General'],
      departments: ['Support'],
      big_categories: [{ name: '배송', small_categories: ['지연'] }],
      custom_fields: [],
      agents: [expect.objectContaining({ name: '윤하린' }), expect.objectContaining({ name: '한도윤' })],
    });
  });

  it.each(SETTINGS)('%s: view, update and delete answer 404; lists never show Demo rows', async (path, key) => {
    const id = demo[key];
    await expectNotFound(`/${path}/view`, { id });
    const body = key === 'small' ? { big_category_id: demo.big, name: 'x' } : key === 'field' ? { name: 'x', field_type: 'text' } : { name: 'x' };
    await expectNotFound(`/${path}/update`, { id, ...body });
    await expectNotFound(`/${path}/delete/${id}`);
    const listed = (await call(username, `/${path}/list`, { per_page: 100 })).json().data ?? [];
    expect(listed.map((r: { id: number }) => r.id)).not.toContain(id);
    const all = (await call(username, `/${path}`, {})).json().data ?? [];
    expect(all.map((r: { id: number }) => r.id)).not.toContain(id);
  });

  it("a small category cannot hang under Demo's big category, nor be listed by it", async () => {
    const response = await call(username, '/consultation-small-category/store', { big_category_id: demo.big, name: 'x' });
    expect(response.statusCode).toBe(username === 'acme-manager' ? 422 : 403);
    expect((await call(username, '/consultation-small-category/list', { big_category_id: demo.big })).json().total).toBe(0);
  });

  it('custom-table/list and view answer Acme’s own (default) settings, not Demo’s', async () => {
    const view = (await call(username, '/custom-table/view', { table: 'consultations' })).json().data;
    expect(view).toMatchObject({ is_default: true });
    const list = (await call(username, '/custom-table/list')).json().data;
    expect(list.find((s: { table: string }) => s.table === 'consultations').is_default).toBe(true);
  });
});

it("Acme's settings renames and custom table changes never touch Demo", async () => {
  const acmeBig = await settingId(call, 'acme-manager', 'consultation-big-category', '배송');
  expect((await call('acme-manager', '/consultation-big-category/update', { id: acmeBig, name: '택배' })).statusCode).toBe(200);
  expect((await listConsultations(call, 'manager', { big_category: '택배' })).total).toBe(0);
  expect((await listConsultations(call, 'manager', { big_category: '배송' })).total).toBeGreaterThan(0);
  await call('acme-manager', '/custom-table/reset', { table: 'consultations' });
  expect((await call('manager', '/custom-table/view', { table: 'consultations' })).json().data.is_default).toBe(false);
});
