import type { User } from '../../../src/api/contracts/user.contract';
import { buildTestApp, login, post, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser, newUserBody, postMultipart, SVG } from './users-test-helpers';

/** users/index (and list), view, store (JSON), update, destroy (and delete/{id}) as the Demo manager. */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Page = { data: User[]; current_page: number; per_page: number; total: number; last_page: number };
const usernames = (page: Page) => page.data.map((u) => u.username);

describe('users/index and users/list', () => {
  it('lists the company’s users in the pagination shape, never another company’s, never the password hash', async () => {
    const response = await call('manager', '/users/index');
    expect(response.statusCode).toBe(200);
    const page = response.json<Page>();
    expect(page).toMatchObject({ current_page: 1, per_page: 10, last_page: 1 });
    expect(usernames(page).sort()).toEqual(['agent1', 'agent2', 'manager', 'user']);
    expect(response.body).not.toContain('password');
    expect(page.data.find((u) => u.username === 'agent1')).toMatchObject({ role: 'agent', extension: '1001', status: 'active', queue_report_status: false });
    expect((await call('manager', '/users/list')).json()).toEqual(page);
  });

  it('searches name, username and extension; filters role and status; sorts', async () => {
    expect(usernames((await call('manager', '/users/index', { search: 'AGENT' })).json())).toEqual(['agent1', 'agent2']);
    expect(usernames((await call('manager', '/users/index', { search: '1003' })).json())).toEqual(['user']);
    expect(usernames((await call('manager', '/users/index', { search: '김지수' })).json())).toEqual(['manager']);
    expect(usernames((await call('manager', '/users/index', { role: 'manager' })).json())).toEqual(['manager']);
    expect((await call('manager', '/users/index', { status: 'inactive' })).json().total).toBe(0);
    expect(usernames((await call('manager', '/users/index', { sort_by: 'extension', sort_order: 'desc', search: '100' })).json())).toEqual(['user', 'agent2', 'agent1', 'manager']);
    expect((await call('manager', '/users/index', { per_page: 15 })).statusCode).toBe(422);
    expect((await call('manager', '/users/index', { role: 'admin' })).json().errors).toEqual({ role: ['Choose agent or manager.'] });
  });

  it('paginates 10 per page by default, pages without overlap', async () => {
    for (let i = 0; i < 8; i++) await createUser(call, { name: `페이지 ${i}` });
    const first = (await call('manager', '/users/index')).json<Page>();
    const second = (await call('manager', '/users/index', { page: 2 })).json<Page>();
    expect(first.data).toHaveLength(10);
    expect(first.total).toBe(12);
    expect(first.last_page).toBe(2);
    expect(second.data).toHaveLength(2);
    expect(new Set([...usernames(first), ...usernames(second)]).size).toBe(12);
  });
});

describe('users/store (JSON) and users/view', () => {
  it('creates a user who can sign in at once, with no permissions yet', async () => {
    const body = newUserBody({ mobile: '010-1234-5678', landline: '02-123-4567', schedule_time_in: '09:00', schedule_time_out: '18:30', role: 'manager' });
    const response = await call('manager', '/users/store', body);
    expect(response.statusCode, response.body).toBe(200);
    const user = dataOf<User>(response);
    expect(user).toMatchObject({
      name: body.name,
      username: body.username,
      role: 'manager',
      department_id: 3,
      extension: body.extension_id,
      mobile: '010-1234-5678',
      schedule_time_in: '09:00',
      schedule_time_out: '18:30',
      status: 'active',
      permissions: [],
      avatar: null,
    });
    expect(dataOf(await call('manager', '/users/view', { id: user.id }))).toEqual(user);
    const session = await login(t.app, String(body.username), String(body.password));
    expect(session.user).toMatchObject({ role: 'manager', extension: body.extension_id, company: { name: 'Demo Call Centre' } });
  });

  it.each([
    ['en', { name: ['Please enter the name.'], username: ['Please enter the username.'], password: ['Please enter the password.'], department_id: ['Please enter the department ID.'], extension_id: ['Please enter the extension ID.'] }],
    ['ko', { name: ['이름을 입력해 주세요.'], username: ['아이디를 입력해 주세요.'], password: ['비밀번호를 입력해 주세요.'], department_id: ['부서 ID를 입력해 주세요.'], extension_id: ['내선번호를 입력해 주세요.'] }],
  ])('answers the §5 required-field messages per field (%s)', async (language, errors) => {
    const blank = { name: ' ', username: '', password: '', department_id: '', extension_id: '' };
    const response = await call('manager', '/users/store', blank, { language });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(errors);
    expect((await call('manager', '/users/store', {}, { language })).json().errors).toEqual(errors);
  });

  it('checks formats: username, password length, extension digits, times, phones, role', async () => {
    const response = await call('manager', '/users/store', newUserBody({ username: 'no spaces', password: 'short', department_id: 'abc', extension_id: '12a', schedule_time_in: '25:00', mobile: 'call me', role: 'admin' }));
    expect(response.json().errors).toEqual({
      // Entered but not a number: said so, not "please enter" (QA).
      department_id: ['The department ID is a number, such as 1.'],
      username: ['Use 2 to 50 letters, digits, dots, hyphens, underscores or @, starting with a letter or digit.'],
      password: ['The password must be at least 8 characters.'],
      extension_id: ['An extension number is 2 to 10 digits.'],
      schedule_time_in: ['Enter a time as HH:MM.'],
      mobile: ['Enter a phone number as digits; spaces, hyphens, dots, parentheses and a leading + are allowed.'],
      role: ['Choose agent or manager.'],
    });
  });

  it('refuses a username in use anywhere, whatever its case, and an extension another live user holds', async () => {
    expect((await call('manager', '/users/store', newUserBody({ username: 'Agent1' }))).json().errors).toEqual({ username: ['This username is already in use.'] });
    expect((await call('manager', '/users/store', newUserBody({ username: 'acme-agent' }))).json().errors).toEqual({ username: ['This username is already in use.'] });
    expect((await call('manager', '/users/store', newUserBody({ extension_id: '1001' }))).json().errors).toEqual({ extension_id: ['Another user already has this extension.'] });
    // Extensions are per company: Acme's 2001 is free in Demo.
    expect((await call('manager', '/users/store', newUserBody({ extension_id: '2001' }))).statusCode).toBe(200);
  });

  it('names every conflicting field in one 422: a taken username and a taken extension together (both languages)', async () => {
    const body = newUserBody({ username: 'agent1', extension_id: '1001' });
    const response = await call('manager', '/users/store', body);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ username: ['This username is already in use.'], extension_id: ['Another user already has this extension.'] });
    expect((await call('manager', '/users/store', body, { language: 'ko' })).json().errors).toEqual({
      username: ['이미 사용 중인 아이디입니다.'],
      extension_id: ['다른 사용자가 이미 사용 중인 내선번호입니다.'],
    });
    expect((await call('manager', '/users/index', { search: String(body.name) })).json().total).toBe(0);
  });

  it('names a refused photo with the taken username and extension (multipart)', async () => {
    const token = (await login(t.app, 'manager', 'manager1234')).access_token;
    const fields = Object.fromEntries(Object.entries(newUserBody({ username: 'AGENT1', extension_id: '1001' })).map(([k, v]) => [k, String(v)]));
    const response = await postMultipart(t.app, '/users/store', token, fields, { name: 'photo.png', data: SVG, type: 'image/png' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      username: ['This username is already in use.'],
      extension_id: ['Another user already has this extension.'],
      file: ['The photo must be a PNG, JPEG or WebP image.'],
    });
  });
});

describe('users/update', () => {
  it('changes everything but the username and the password', async () => {
    const user = await createUser(call);
    const response = await call('manager', '/users/update', { id: user.id, name: '새 이름', department_id: '7', extension_id: 4999, role: 'manager', username: 'ignored', password: 'ignored-password' });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response)).toMatchObject({ id: user.id, name: '새 이름', department_id: 7, extension: '4999', role: 'manager', username: user.username });
  });

  it('refuses another user’s extension, and answers 404 for unknown ids', async () => {
    const user = await createUser(call);
    const body = { name: 'x', department_id: 1, extension_id: '1002' };
    expect((await call('manager', '/users/update', { ...body, id: user.id })).json().errors).toEqual({ extension_id: ['Another user already has this extension.'] });
    expect((await call('manager', '/users/update', { ...body, extension_id: user.extension, id: user.id })).statusCode).toBe(200);
    expect((await call('manager', '/users/update', { ...body, id: 999999 })).statusCode).toBe(404);
    expect((await call('manager', '/users/view', { id: 999999 })).statusCode).toBe(404);
  });

  it('lets a manager edit their own details but not demote themselves', async () => {
    const me = call.userInfoOf('manager').user;
    const mine = { id: me.id, name: me.name, department_id: 1, extension_id: '1000' };
    expect((await call('manager', '/users/update', { ...mine, role: 'manager' })).statusCode).toBe(200);
    expect((await call('manager', '/users/update', { ...mine, role: 'agent' })).statusCode).toBe(403);
  });
});

describe('users/destroy and users/delete/{id}', () => {
  it('soft-deletes: gone from every call, sessions ended, the username never usable again (both languages)', async () => {
    const body = newUserBody();
    const user = await createUser(call, body);
    const session = await login(t.app, String(body.username), String(body.password));
    expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).statusCode).toBe(200);

    expect((await call('manager', '/users/destroy', { id: user.id })).json()).toEqual({ result: 'success' });
    expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).statusCode).toBe(401);
    expect((await post(t.app, '/refresh-token', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    expect((await post(t.app, '/login', { username: body.username, password: body.password })).statusCode).toBe(401);
    expect((await call('manager', '/users/view', { id: user.id })).statusCode).toBe(404);
    expect(usernames((await call('manager', '/users/index', { search: String(body.username) })).json())).toEqual([]);
    expect((await call('manager', '/users/destroy', { id: user.id })).statusCode).toBe(404);

    const again = newUserBody({ username: body.username, extension_id: body.extension_id });
    const refused = await call('manager', '/users/store', again);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ username: ['This username belonged to a deleted user and can never be used again.'] });
    expect((await call('manager', '/users/store', again, { language: 'ko' })).json().errors).toEqual({ username: ['삭제된 사용자의 아이디이므로 다시 사용할 수 없습니다.'] });
    // Another company is told only that the name is taken.
    expect((await call('acme-manager', '/users/store', again)).json().errors).toEqual({ username: ['This username is already in use.'] });
    // The extension is free again.
    expect((await call('manager', '/users/store', newUserBody({ extension_id: body.extension_id }))).statusCode).toBe(200);
  });

  it('answers the same on users/delete/{id} (the resource mechanism’s path)', async () => {
    const user = await createUser(call);
    expect((await call('manager', `/users/delete/${user.id}`)).json()).toEqual({ result: 'success' });
    expect((await call('manager', `/users/delete/${user.id}`)).statusCode).toBe(404);
  });

  it('does not let a manager delete themselves', async () => {
    const me = call.userInfoOf('manager').user;
    const response = await call('manager', '/users/destroy', { id: me.id });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('You cannot delete, deactivate or demote your own account, or reset its password here.');
  });
});

describe('who may call', () => {
  const PATHS = ['/users/index', '/users/list', '/users/view', '/users/store', '/users/update', '/users/destroy', '/users/delete/1'];

  it('answers 401 without a token', async () => {
    for (const path of PATHS) expect((await post(t.app, path, { id: 1 })).statusCode, path).toBe(401);
  });

  it.each(['agent1', 'agent2', 'user', 'admin'] as const)('answers 403 to %s', async (username) => {
    for (const path of PATHS) expect((await call(username, path, { id: 1 })).statusCode, path).toBe(403);
  });

  it('lets a manager made by another manager manage users too', async () => {
    const body = newUserBody({ role: 'manager' });
    expect((await call('manager', '/users/store', body)).statusCode).toBe(200);
    const session = await login(t.app, String(body.username), String(body.password));
    expect((await post(t.app, '/users/index', {}, { token: session.access_token })).statusCode).toBe(200);
  });
});

it('describes every users path in OpenAPI', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
  const paths = Object.keys(document.paths);
  const expected = [
    'index', 'list', 'view', 'store', 'update', 'destroy', 'delete/{id}', 'update-avatar', 'avatar/{key}', 'export', 'update-status',
    'update-queue-report-status', 'reset-password', 'view-permission', 'update-permission', 'extensions', 'used-extensions',
    'save-extensions', 'show-agent-name', 'show-agent-names', 'check-user', 'login-as',
  ];
  for (const path of expected) expect(paths, path).toContain(`/api/v1/users/${path}`);
});
