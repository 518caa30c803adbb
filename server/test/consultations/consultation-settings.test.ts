import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { listConsultations, settingId, storeConsultation } from './consultation-test-helpers';

/**
 * /configuration/consultation/*: the section 5 messages (en, kr), small categories under their big one,
 * and what a rename or delete does to the consultations that use a setting (issue 4 items 1 and 4).
 * The generic walk (pages, sorts, 404s, access) is server/test/resources/resource-contract.test.ts.
 */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

const errorsOf = async (username: 'manager', path: string, body: Record<string, unknown>, language?: string) => {
  const response = await call(username, path, body, language ? { language } : {});
  expect(response.statusCode, response.body).toBe(422);
  return response.json().errors as Record<string, string[]>;
};

describe('section 5 messages', () => {
  it.each([
    ['consultation-inquiry', 'Please enter the inquiry name.', '문의 유형 이름을 입력해 주세요.'],
    ['consultation-department', 'Please enter the department name.', '부서 이름을 입력해 주세요.'],
    ['consultation-big-category', 'Please enter the big category name.', '대분류 이름을 입력해 주세요.'],
    ['consultation-custom-field', 'Please enter the custom field name.', '사용자 정의 필드명을 입력해 주세요.'],
  ])('%s: the name is required', async (path, en, kr) => {
    expect(await errorsOf('manager', `/${path}/store`, { name: '  ' })).toEqual({ name: [en] });
    expect((await errorsOf('manager', `/${path}/store`, {}, 'ko'))['name']).toEqual([kr]);
  });

  it('small category: the big category first, the name, and one combined message for both', async () => {
    const big = await settingId(call, 'manager', 'consultation-big-category', '배송');
    expect(await errorsOf('manager', '/consultation-small-category/store', { name: '분실' })).toEqual({ big_category_id: ['Please choose the big category first.'] });
    expect(await errorsOf('manager', '/consultation-small-category/store', { big_category_id: big, name: '' })).toEqual({ name: ['Please enter the small category name.'] });
    expect(await errorsOf('manager', '/consultation-small-category/store', {})).toEqual({
      big_category_id: ['Please choose the big category first, then enter the small category name.'],
    });
    expect(await errorsOf('manager', '/consultation-small-category/store', { big_category_id: '', name: '' }, 'ko')).toEqual({
      big_category_id: ['대분류를 먼저 선택한 다음 소분류 이름을 입력해 주세요.'],
    });
  });

  it('names are unique within the company (a small name within its big category)', async () => {
    expect(await errorsOf('manager', '/consultation-inquiry/store', { name: '불만' })).toEqual({ name: ['An inquiry with this name already exists.'] });
    const delivery = await settingId(call, 'manager', 'consultation-big-category', '배송');
    const product = await settingId(call, 'manager', 'consultation-big-category', '상품');
    expect(await errorsOf('manager', '/consultation-small-category/store', { big_category_id: delivery, name: '지연' })).toEqual({
      name: ['This big category already has a small category with this name.'],
    });
    const sameNameElsewhere = await call('manager', '/consultation-small-category/store', { big_category_id: product, name: '지연' });
    expect(sameNameElsewhere.statusCode, sameNameElsewhere.body).toBe(200);
    expect(dataOf(sameNameElsewhere)).toMatchObject({ big_category_id: product, big_category: '상품', name: '지연' });
  });

  it("refuses another company's big category like a missing one", async () => {
    const acmeBig = await settingId(call, 'acme-manager', 'consultation-big-category', '배송');
    expect(await errorsOf('manager', '/consultation-small-category/store', { big_category_id: acmeBig, name: 'x' })).toEqual({ big_category_id: ['Choose a big category from the list.'] });
  });
});

describe('small categories', () => {
  it('list with their big category, filtered by it', async () => {
    const delivery = await settingId(call, 'manager', 'consultation-big-category', '배송');
    const page = (await call('manager', '/consultation-small-category/list', { big_category_id: delivery, sort_by: 'name' })).json();
    expect(page.data.map((r: { name: string; big_category: string }) => [r.big_category, r.name])).toEqual([
      ['배송', '지연'],
      ['배송', '파손'],
    ]);
  });

  it('go with their big category when it is deleted; consultations keep both names', async () => {
    const big = dataOf<{ id: number }>(await call('manager', '/consultation-big-category/store', { name: '임시' }));
    await call('manager', '/consultation-small-category/store', { big_category_id: big.id, name: '임시 소분류' });
    const written = await storeConsultation(call, 'agent1', { big_category: '임시', small_category: '임시 소분류' });
    expect((await call('manager', `/consultation-big-category/delete/${big.id}`)).statusCode).toBe(200);
    expect((await call('manager', '/consultation-small-category/list', { big_category_id: big.id })).json().total).toBe(0);
    expect(dataOf(await call('manager', '/consultation/view', { id: written.id }))).toMatchObject({ big_category: '임시', small_category: '임시 소분류' });
    // And the consultation can still be edited without choosing a new category.
    const edited = await call('agent1', '/consultation/update', { id: written.id, title: '수정', phone_number: '01073000001', direction: 'inbound', big_category: '임시', small_category: '임시 소분류' });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});

describe('get-settings', () => {
  it('answers what the consultation form needs, for readers with `consultations`', async () => {
    const settings = (await call('agent2', '/consultation/get-settings')).json();
    expect(settings.inquiries).toEqual(expect.arrayContaining(['일반 문의', '불만', '칭찬']));
    expect(settings.big_categories).toContainEqual({ name: '배송', small_categories: ['지연', '파손'] });
    expect(settings.custom_fields).toContainEqual({ name: 'visit_date', field_type: 'date' });
    expect(settings.agents.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['이민호', '박서준', '김지수']));
    expect(settings.agents.map((a: { name: string }) => a.name)).not.toContain('윤하린');
  });

  it('configuration writes are for managers only', async () => {
    expect((await call('agent1', '/consultation-inquiry/store', { name: 'agent' })).statusCode).toBe(403);
    expect((await call('agent1', '/consultation-inquiry/list')).statusCode).toBe(200);
    expect((await call('admin', '/consultation/get-settings')).statusCode).toBe(403);
  });
});

describe('renames reach the consultations that use the name, in the same transaction', () => {
  it.each([
    ['consultation-inquiry', 'inquiry', '칭찬', '감사'],
    ['consultation-department', 'department', '기술지원팀', '기술팀'],
    ['consultation-big-category', 'big_category', '상품', '제품'],
  ])('%s', async (path, field, from, to) => {
    const body = field === 'big_category' ? { big_category: from, small_category: '가격' } : { [field]: from };
    const written = await storeConsultation(call, 'agent1', body);
    const acme = await storeConsultation(call, 'acme-agent');
    const id = await settingId(call, 'manager', path, from);
    const renamed = await call('manager', `/${path}/update`, { id, name: to });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = dataOf<Record<string, unknown>>(await call('manager', '/consultation/view', { id: written.id }));
    expect(after[field]).toBe(to);
    expect(after.updated_at).toBe(written.updated_at);
    expect((await listConsultations(call, 'manager', { [field]: from })).total).toBe(0);
    // Another company's consultations never change.
    expect(dataOf(await call('acme-manager', '/consultation/view', { id: acme.id }))).toEqual(acme);
  });

  it('a small category only within its big category', async () => {
    const delivery = await settingId(call, 'manager', 'consultation-big-category', '배송');
    const inDelivery = await storeConsultation(call, 'agent1', { big_category: '배송', small_category: '파손' });
    await call('manager', '/consultation-small-category/store', { big_category_id: await settingId(call, 'manager', 'consultation-big-category', '기타'), name: '파손' });
    const inOther = await storeConsultation(call, 'agent1', { big_category: '기타', small_category: '파손' });
    const id = await settingId(call, 'manager', 'consultation-small-category', '파손', { big_category_id: delivery });
    expect((await call('manager', '/consultation-small-category/update', { id, big_category_id: delivery, name: '포장 파손' })).statusCode).toBe(200);
    expect(dataOf(await call('manager', '/consultation/view', { id: inDelivery.id }))).toMatchObject({ small_category: '포장 파손' });
    expect(dataOf(await call('manager', '/consultation/view', { id: inOther.id }))).toMatchObject({ small_category: '파손' });
  });

  it('a custom field moves its values to the new key; deleting it removes them', async () => {
    const written = await storeConsultation(call, 'agent1', { custom_fields: { order_no: 'B-7' } });
    const id = await settingId(call, 'manager', 'consultation-custom-field', 'order_no');
    expect((await call('manager', '/consultation-custom-field/update', { id, name: 'order_number', field_type: 'text' })).statusCode).toBe(200);
    expect(dataOf(await call('manager', '/consultation/view', { id: written.id }))).toMatchObject({ custom_fields: { order_number: 'B-7' } });
    expect((await call('manager', `/consultation-custom-field/delete/${id}`)).statusCode).toBe(200);
    expect(dataOf(await call('manager', '/consultation/view', { id: written.id }))).toMatchObject({ custom_fields: {} });
  });

  it('a refused rename changes nothing', async () => {
    const written = await storeConsultation(call, 'agent1', { inquiry: '불만' });
    const id = await settingId(call, 'manager', 'consultation-inquiry', '불만');
    expect((await call('manager', '/consultation-inquiry/update', { id, name: '일반 문의' })).statusCode).toBe(422);
    expect(dataOf(await call('manager', '/consultation/view', { id: written.id }))).toMatchObject({ inquiry: '불만' });
  });
});
