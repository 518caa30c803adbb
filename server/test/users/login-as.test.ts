import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser } from './users-test-helpers';

/** users/login-as: the admin signs in as a selected user (specification §6). */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

const idOf = (username: 'agent1' | 'acme-manager' | 'admin' | 'manager') => call.userInfoOf(username).user.id;

it('answers the user’s own login response; its tokens act as that user; the admin stays signed in', async () => {
  const response = await call('admin', '/users/login-as', { user_id: idOf('agent1') });
  expect(response.statusCode, response.body).toBe(200);
  const session = response.json();
  const admin = call.userInfoOf('admin').user;
  expect(session.user).toEqual({
    ...call.userInfoOf('agent1'),
    servers: expect.any(Array),
    company: expect.objectContaining({ name: 'Demo Call Centre' }),
    impersonated_by: { id: admin.id, name: admin.name },
  });
  expect(session.user.loginType).toBe('password');
  expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).json().user.username).toBe('agent1');
  expect((await post(t.app, '/member/list', {}, { token: session.access_token })).statusCode).toBe(200);
  expect((await post(t.app, '/refresh-token', { refresh_token: session.refresh_token })).statusCode).toBe(200);
  expect((await call('admin', '/users/check-user')).json().role).toBe('admin');
});

it('works for users of any company', async () => {
  const session = (await call('admin', '/users/login-as', { user_id: idOf('acme-manager') })).json();
  expect(session.user).toMatchObject({ role: 'manager', company: { name: 'Acme Support' } });
});

it('answers 404 for unknown, deleted and admin users; 422 for an inactive one', async () => {
  expect((await call('admin', '/users/login-as', { user_id: 999999 })).statusCode).toBe(404);
  expect((await call('admin', '/users/login-as', { user_id: idOf('admin') })).statusCode).toBe(404);
  const deleted = await createUser(call);
  await call('manager', '/users/destroy', { id: deleted.id });
  expect((await call('admin', '/users/login-as', { user_id: deleted.id })).statusCode).toBe(404);
  const inactive = await createUser(call);
  await call('manager', '/users/update-status', { id: inactive.id, status: 'inactive' });
  const refused = await call('admin', '/users/login-as', { user_id: inactive.id }, { language: 'ko' });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().errors).toEqual({ user_id: ['비활성 사용자로는 로그인할 수 없습니다.'] });
  expect((await call('admin', '/users/login-as', {})).statusCode).toBe(422);
});

it('is for the admin only: managers and agents get 403, no token 401', async () => {
  for (const username of ['manager', 'agent1', 'acme-manager'] as const) {
    expect((await call(username, '/users/login-as', { user_id: idOf('agent1') })).statusCode, username).toBe(403);
  }
  expect((await post(t.app, '/users/login-as', { user_id: idOf('agent1') })).statusCode).toBe(401);
});
