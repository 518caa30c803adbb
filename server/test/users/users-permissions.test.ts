import { USER_PERMISSION_GROUPS, USER_PERMISSIONS } from '../../../src/api/permissions/catalogue';
import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser } from './users-test-helpers';

/** users/view-permission and users/update-permission: the catalogue's four groups (specification §6). */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

const idOf = (username: 'agent1' | 'agent2') => call.userInfoOf(username).user.id;

it('users/view-permission answers who the user is and what they hold', async () => {
  const response = await call('manager', '/users/view-permission', { id: idOf('agent1') });
  expect(response.statusCode).toBe(200);
  expect(dataOf(response)).toEqual({
    id: idOf('agent1'),
    name: '이민호',
    username: 'agent1',
    role: 'agent',
    permissions: call.userInfoOf('agent1').permissions,
  });
});

it('users/update-permission replaces the list, drops duplicates, and applies to the user’s next request', async () => {
  // agent2 lacks dashboard and member_delete; a member delete is refused until granted.
  expect((await call('agent2', '/member/delete/999999')).statusCode).toBe(403);
  const permissions = ['members', 'member_delete', 'members', 'sms', 'cti_new_window', 'consultation_export'];
  const response = await call('manager', '/users/update-permission', { id: idOf('agent2'), permissions });
  expect(response.statusCode, response.body).toBe(200);
  expect(dataOf<{ permissions: string[] }>(response).permissions).toEqual(['members', 'member_delete', 'sms', 'cti_new_window', 'consultation_export']);
  // Same token as before: permissions are read per request, not from the token.
  expect((await call('agent2', '/member/delete/999999')).statusCode).toBe(404);
  expect((await call('agent2', '/users/check-user')).json().permissions).toContain('member_delete');
});

it('takes every permission of the four groups, and refuses names outside the catalogue (422)', async () => {
  const user = await createUser(call);
  expect(Object.keys(USER_PERMISSION_GROUPS)).toEqual(['cti_functions', 'crm_menu_functions', 'sub_functions', 'default_settings']);
  const all = await call('manager', '/users/update-permission', { id: user.id, permissions: [...USER_PERMISSIONS] });
  expect(dataOf<{ permissions: string[] }>(all).permissions).toEqual([...USER_PERMISSIONS]);
  const refused = await call('manager', '/users/update-permission', { id: user.id, permissions: ['members', 'root'] }, { language: 'ko' });
  expect(refused.statusCode).toBe(422);
  expect(refused.json().errors).toEqual({ 'permissions.1': ['존재하지 않는 권한입니다.'] });
  expect((await call('manager', '/users/update-permission', { id: user.id, permissions: 'members' })).statusCode).toBe(422);
  expect((await call('manager', '/users/update-permission', { id: user.id, permissions: [] })).json().data.permissions).toEqual([]);
});

it('answers 404 for unknown or deleted users, 403 to agents and the admin, 401 without a token', async () => {
  const user = await createUser(call);
  await call('manager', '/users/destroy', { id: user.id });
  for (const path of ['/users/view-permission', '/users/update-permission']) {
    expect((await call('manager', path, { id: user.id, permissions: [] })).statusCode, path).toBe(404);
    expect((await call('manager', path, { id: 999999, permissions: [] })).statusCode, path).toBe(404);
    expect((await call('agent1', path, { id: idOf('agent1'), permissions: [...USER_PERMISSIONS] })).statusCode, path).toBe(403);
    expect((await call('admin', path, { id: idOf('agent1'), permissions: [] })).statusCode, path).toBe(403);
    expect((await post(t.app, path, { id: 1 })).statusCode, path).toBe(401);
  }
});
