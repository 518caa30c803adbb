import type { User } from '../../../src/api/contracts/user.contract';
import { buildTestApp, login, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser, PNG, postMultipart } from './users-test-helpers';

/**
 * Item 9 of issue 4 for users: every users endpoint, called by Acme's manager and agent with Demo Call
 * Centre's users, finds nothing (404, empty lists, no names) and changes nothing. A 403 is only ever the
 * caller's own missing right, the same for any id, so it reveals nothing either.
 */
let t: TestApp;
let call: Caller;
let demo: User;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  demo = await createUser(call, { name: '데모 전용 사용자', extension_id: '1050', mobile: '010-1050-1050' });
  for (const username of ['acme-manager', 'acme-agent']) tokens[username] = (await login(t.app, username, 'acme1234')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const ACME = ['acme-manager', 'acme-agent'] as const;

/** Every users call that names one user, with a body that would be valid for Demo's user. */
const byId = (id: number): [string, Record<string, unknown>][] => [
  ['/users/view', { id }],
  ['/users/update', { id, name: 'stolen', department_id: 1, extension_id: '2999' }],
  ['/users/destroy', { id }],
  [`/users/delete/${id}`, {}],
  ['/users/view-permission', { id }],
  ['/users/update-permission', { id, permissions: ['members'] }],
  ['/users/update-status', { id, status: 'inactive' }],
  ['/users/update-queue-report-status', { id, queue_report_status: true }],
  ['/users/reset-password', { id }],
  ['/users/save-extensions', { extensions: [{ user_id: id, extension: '2999' }] }],
];

describe.each(ACME)('as %s', (username) => {
  it.each(byId(0).map(([path]) => path.replace(/\/0$/, '/{id}')))('%s answers 404 (manager) or 403 (agent) for Demo’s user', async (pathName) => {
    const [path, body] = byId(demo.id).find(([p]) => p.replace(/\/\d+$/, '/{id}') === pathName)!;
    const response = await call(username, path, body);
    if (username === 'acme-agent') {
      expect(response.statusCode, path).toBe(403);
      // The same answer for an id that exists nowhere: nothing to learn from the 403.
      const [missingPath, missingBody] = byId(999999).find(([p]) => p.replace(/\/\d+$/, '/{id}') === pathName)!;
      expect((await call(username, missingPath, missingBody)).statusCode).toBe(403);
    } else {
      expect(response.statusCode, `${path} ${response.body}`).toBe(404);
    }
  });

  it('update-avatar answers 404 or 403 for Demo’s user', async () => {
    const response = await postMultipart(t.app, '/users/update-avatar', tokens[username]!, { id: String(demo.id) }, { name: 'a.png', data: PNG });
    expect(response.statusCode).toBe(username === 'acme-manager' ? 404 : 403);
  });

  it('lists, extensions and exports never show Demo’s users', async () => {
    const expected = username === 'acme-manager' ? 200 : 403;
    for (const path of ['/users/index', '/users/list', '/users/extensions', '/users/used-extensions']) {
      const response = await call(username, path, { search: '데모', per_page: 100 });
      expect(response.statusCode, path).toBe(expected);
      expect(response.body, path).not.toMatch(/데모|agent1|1050/);
    }
    const token = await call(username, '/download-token', { purpose: 'users-export', params: {} });
    expect(token.statusCode).toBe(expected);
    if (username === 'acme-manager') {
      const file = await t.app.inject({ method: 'GET', url: `/api/v1/users/export?token=${token.json().token}` });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.includes(Buffer.from('agent1'))).toBe(false);
    }
  });

  it('show-agent-name(s) answer only Acme’s names', async () => {
    expect((await call(username, '/users/show-agent-name', { extension: '1050' })).json()).toEqual({ extension: '1050', name: null });
    expect((await call(username, '/users/show-agent-names', { extensions: ['1000', '1001', '1050'] })).json()).toEqual({ data: {} });
  });

  it('users/store creates in Acme only; Demo’s extensions do not block Acme', async () => {
    const response = await call(username, '/users/store', { name: 'Acme 신입', username: `acme-new-${username}`, password: 'password-1234', department_id: 1, extension_id: '1002' });
    if (username === 'acme-agent') return expect(response.statusCode).toBe(403);
    expect(response.statusCode, response.body).toBe(200);
    const created = dataOf<User>(response);
    expect((await call('manager', '/users/view', { id: created.id })).statusCode).toBe(404);
    expect((await call('acme-manager', '/users/view', { id: created.id })).statusCode).toBe(200);
  });

  it('login-as is the admin’s only', async () => {
    expect((await call(username, '/users/login-as', { user_id: demo.id })).statusCode).toBe(403);
  });
});

it('Demo’s user is untouched after Acme’s attempts', async () => {
  const after = dataOf<User>(await call('manager', '/users/view', { id: demo.id }));
  expect(after).toEqual(demo);
  const session = await call('manager', '/users/view-permission', { id: demo.id });
  expect(dataOf<{ permissions: string[] }>(session).permissions).toEqual([]);
});
