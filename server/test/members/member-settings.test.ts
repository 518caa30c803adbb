import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/** /configuration/members/*: groups, levels and custom fields, and what their renames do to members. */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Named = { id: number; name: string };
const findByName = async (path: string, name: string, username: 'manager' | 'acme-manager' = 'manager') => {
  const rows = (await call(username, `/${path}`, { per_page: 100 })).json().data as Named[];
  const row = rows.find((r) => r.name === name);
  if (!row) throw new Error(`${path}: no ${name}`);
  return row;
};
const memberNamed = async (name: string, username: 'manager' | 'acme-manager' = 'manager') => {
  const [member] = (await call(username, '/member/list', { search: name })).json().data;
  return member as { id: number; groups: string[]; levels: string[]; custom_fields: Record<string, string> };
};

describe('validation messages of specification §5', () => {
  it.each([
    ['member-group', {}, 'Please enter the member group name.', '회원 그룹명을 입력해 주세요.'],
    ['member-level', { name: '   ' }, 'Please enter the member level.', '회원 등급을 입력해 주세요.'],
    ['member-custom-field', { name: '' }, 'Please enter the custom field name.', '사용자 정의 필드명을 입력해 주세요.'],
  ])('%s/store without a name', async (path, body, en, kr) => {
    const english = await call('manager', `/${path}/store`, body);
    expect(english.statusCode).toBe(422);
    expect(english.json().errors).toEqual({ name: [en] });
    expect((await call('manager', `/${path}/store`, body, { language: 'ko' })).json().errors).toEqual({ name: [kr] });
  });

  it.each([
    ['member-group', 'VIP', 'A member group with this name already exists.'],
    ['member-level', 'Gold', 'A member level with this name already exists.'],
    ['member-custom-field', 'city', 'A custom field with this name already exists.'],
  ])('%s: a name the company already has is refused, on store and on rename', async (path, taken, message) => {
    expect((await call('manager', `/${path}/store`, { name: taken })).json().errors).toEqual({ name: [message] });
    // "vip" beside "VIP" would be a second VIP in every filter and form.
    expect((await call('manager', `/${path}/store`, { name: taken.toLowerCase() === taken ? taken.toUpperCase() : taken.toLowerCase() })).json().errors).toEqual({ name: [message] });
    const other = dataOf<Named>(await call('manager', `/${path}/store`, { name: `${taken} 2` }));
    expect((await call('manager', `/${path}/update`, { id: other.id, name: taken })).json().errors).toEqual({ name: [message] });
    // Saving a record under its own name, even in another case, is not a clash.
    expect((await call('manager', `/${path}/update`, { id: other.id, name: `${taken} 2` })).statusCode).toBe(200);
    expect((await call('manager', `/${path}/update`, { id: other.id, name: `${taken.toUpperCase()} 2` })).statusCode).toBe(200);
  });

  it('refuses an unknown custom field type', async () => {
    const response = await call('manager', '/member-custom-field/store', { name: 'x', field_type: 'colour' });
    expect(response.json().errors).toEqual({ field_type: ['Choose text, number or date.'] });
  });
});

describe('configuration is for managers; agents may read it', () => {
  it.each(['member-group', 'member-level', 'member-custom-field'])('%s', async (path) => {
    expect((await call('agent1', `/${path}/list`)).statusCode).toBe(200);
    expect((await call('agent1', `/${path}`)).statusCode).toBe(200);
    expect((await call('agent1', `/${path}/store`, { name: 'by agent' })).statusCode).toBe(403);
    const mine = await findByName(path, path === 'member-custom-field' ? 'city' : path === 'member-group' ? '일반' : 'Silver');
    expect((await call('agent1', `/${path}/update`, { id: mine.id, name: 'by agent' })).statusCode).toBe(403);
    expect((await call('agent1', `/${path}/delete/${mine.id}`)).statusCode).toBe(403);
  });
});

describe('a rename updates the members that use the old name (specification §5)', () => {
  it('group: every member holding it, in this company only', async () => {
    const vip = await findByName('member-group', 'VIP');
    const response = await call('manager', '/member-group/update', { id: vip.id, name: 'Premium' });
    expect(dataOf(response)).toMatchObject({ id: vip.id, name: 'Premium' });
    expect((await memberNamed('김민준')).groups).toEqual(['Premium']);
    expect((await call('manager', '/member/list', { group: 'VIP' })).json().total).toBe(0);
    expect((await call('manager', '/member/get-settings')).json().groups).toContain('Premium');
    // Acme's VIP group and member are another company's: untouched.
    expect((await memberNamed('강지호', 'acme-manager')).groups).toEqual(['VIP']);
  });

  it('level', async () => {
    const silver = await findByName('member-level', 'Silver');
    await call('manager', '/member-level/update', { id: silver.id, name: '실버' });
    expect((await memberNamed('이서연')).levels).toEqual(['실버']);
    expect((await memberNamed('정예은')).levels).toEqual(['실버']);
  });

  it('custom field: the values move to the new name', async () => {
    const city = await findByName('member-custom-field', 'city');
    await call('manager', '/member-custom-field/update', { id: city.id, name: '도시', field_type: 'text' });
    expect((await memberNamed('이서연')).custom_fields).toEqual({ 도시: '부산' });
    expect((await memberNamed('강지호', 'acme-manager')).custom_fields).toEqual({});
  });

  it('a member saved afterwards uses the new names', async () => {
    const member = await memberNamed('김민준');
    const response = await call('manager', '/member/update', { id: member.id, name: '김민준', phone_number: '01055550001', groups: ['Premium'], custom_fields: { 도시: '서울' } });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a delete removes the name from the members that use it', () => {
  it('group and custom field', async () => {
    const company = await findByName('member-group', '기업');
    expect((await call('manager', `/member-group/delete/${company.id}`)).json()).toEqual({ result: 'success' });
    expect((await memberNamed('정예은')).groups).toEqual([]);
    const birthday = await findByName('member-custom-field', 'birthday');
    const member = await memberNamed('이도현');
    await call('manager', '/member/update', { id: member.id, name: '이도현', phone_number: '01055550002', custom_fields: { birthday: '1999-12-31' } });
    await call('manager', `/member-custom-field/delete/${birthday.id}`);
    expect((await memberNamed('이도현')).custom_fields).toEqual({});
  });

  it('level', async () => {
    const bronze = await findByName('member-level', 'Bronze');
    await call('manager', `/member-level/delete/${bronze.id}`);
    expect((await memberNamed('이도현')).levels).toEqual([]);
  });
});
