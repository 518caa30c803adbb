import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * Item 9 of issue 4 for members and their settings: every endpoint, called by Acme's manager and agent
 * with Demo Call Centre's records, finds nothing (404, empty lists, memberCount 0). A 403 is only ever
 * the caller's own missing permission, answered the same for any id, so it reveals nothing either.
 */
let t: TestApp;
let call: Caller;
const demo = { member: 0, group: 0, level: 0, field: 0, memberName: '', companyName: '데모전용상사' };
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  const member = dataOf<{ id: number; name: string }>(
    await call('manager', '/member/store', { name: '데모회원', phone_number: '010-8080-0001', company_name: demo.companyName, groups: ['기업'] }),
  );
  demo.member = member.id;
  // Demo members whose numbers Acme's users then save from a call (one number per Acme user).
  for (const phone_number of ['010-8080-0011', '010-8080-0012']) await call('manager', '/member/store', { name: '데모 발신자', phone_number });
  demo.memberName = member.name;
  const idOf = async (path: string, name: string) =>
    ((await call('manager', `/${path}/list`, { per_page: 100 })).json().data as { id: number; name: string }[]).find((r) => r.name === name)!.id;
  demo.group = await idOf('member-group', '기업');
  demo.level = await idOf('member-level', 'Silver');
  demo.field = await idOf('member-custom-field', 'birthday');
});
afterAll(async () => {
  await t?.close();
});

const ACME = ['acme-manager', 'acme-agent'] as const;

describe.each(ACME)('as %s', (username) => {
  const expectNotFound = async (path: string, body: Record<string, unknown> = {}) => {
    const response = await call(username, path, body);
    if (response.statusCode === 403) {
      // Permission refusals must not depend on whether the id exists.
      expect((await call(username, path.replace(/\d+$/, '999999'), { ...body, ...('id' in body ? { id: 999999 } : {}) })).statusCode).toBe(403);
      return;
    }
    expect(response.statusCode, `${path} ${response.body}`).toBe(404);
  };

  it('member/view, member/{id}, member/update and member/delete/{id} answer 404', async () => {
    await expectNotFound('/member/view', { id: demo.member });
    await expectNotFound(`/member/${demo.member}`);
    await expectNotFound('/member/update', { id: demo.member, name: 'x', phone_number: '0101' });
    await expectNotFound(`/member/delete/${demo.member}`);
  });

  it('member, member/list, member/list/{param}, member/company/{name} never list Demo members', async () => {
    const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
    expect(ids((await call(username, '/member', {})).json().data)).not.toContain(demo.member);
    expect((await call(username, '/member/list', { search: demo.memberName })).json().total).toBe(0);
    expect((await call(username, `/member/list/${encodeURIComponent(demo.memberName)}`)).json().total).toBe(0);
    expect((await call(username, `/member/company/${encodeURIComponent(demo.companyName)}`)).json().total).toBe(0);
    expect((await call(username, '/member/list', { group: '기업' })).json().total).toBe(0);
  });

  it('member/phone-number/{number} counts only Acme members', async () => {
    expect((await call(username, '/member/phone-number/010-8080-0001')).json()).toMatchObject({ memberCount: 0, data: [] });
    expect((await call(username, '/member/phone-number/01055550002')).json().memberCount).toBe(0);
  });

  it('member/get-settings, member/store and member/store/caller see only Acme settings and numbers', async () => {
    expect((await call(username, '/member/get-settings')).json()).toEqual({ groups: ['VIP'], levels: ['Gold'], custom_fields: [{ name: 'city', field_type: 'text' }] });
    const refused = await call(username, '/member/store', { name: 'x', phone_number: '0101', groups: ['기업'] });
    expect(refused.json().errors).toEqual({ groups: ['Choose groups from the member group settings.'] });
    const number = username === 'acme-manager' ? '010-8080-0011' : '010-8080-0012';
    const fromCall = (await call(username, '/member/store/caller', { phone_number: number })).json();
    expect(fromCall.memberCount).toBe(1);
  });

  it.each([
    ['member-group', 'group'],
    ['member-level', 'level'],
    ['member-custom-field', 'field'],
  ] as const)('%s: view, update and delete answer 404; lists never show Demo rows', async (path, key) => {
    await expectNotFound(`/${path}/view`, { id: demo[key] });
    await expectNotFound(`/${path}/update`, { id: demo[key], name: 'stolen', field_type: 'text' });
    await expectNotFound(`/${path}/delete/${demo[key]}`);
    const listed = ((await call(username, `/${path}/list`, { per_page: 100 })).json().data as { id: number }[]).map((r) => r.id);
    expect(listed).not.toContain(demo[key]);
    expect(((await call(username, `/${path}`)).json().data as { id: number }[]).map((r) => r.id)).not.toContain(demo[key]);
  });
});

it('Demo’s records are intact after Acme’s attempts', async () => {
  expect(dataOf(await call('manager', '/member/view', { id: demo.member }))).toMatchObject({ name: '데모회원', groups: ['기업'] });
  expect(dataOf(await call('manager', '/member-group/view', { id: demo.group }))).toMatchObject({ name: '기업' });
});

it('each company may use the same setting name; Acme renaming its VIP leaves Demo members alone', async () => {
  const acmeVip = ((await call('acme-manager', '/member-group/list')).json().data as { id: number; name: string }[]).find((g) => g.name === 'VIP')!;
  expect((await call('acme-manager', '/member-group/update', { id: acmeVip.id, name: 'Gold Club' })).statusCode).toBe(200);
  const [kim] = (await call('manager', '/member/list', { search: '김민준' })).json().data;
  expect(kim.groups).toEqual(['VIP']);
});
