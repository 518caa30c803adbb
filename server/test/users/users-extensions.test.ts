import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser } from './users-test-helpers';

/** users/extensions, used-extensions, save-extensions and show-agent-name(s). */
let t: TestApp;
let call: Caller;
let reloads: number[];
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  // Keep the real reload (the simulator's directory must follow) and record each one.
  const reload = t.app.telephony.reloadDirectory.bind(t.app.telephony);
  reloads = [];
  t.app.telephony.reloadDirectory = async (companyId: number) => {
    reloads.push(companyId);
    await reload(companyId);
  };
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  reloads.length = 0;
});

const idOf = (username: 'manager' | 'agent1' | 'agent2' | 'user') => call.userInfoOf(username).user.id;
const demoCompany = () => call.userInfoOf('manager').company!.id;
type Holder = { user_id: number; username: string; extension: string | null };
const holders = async () => (await call('manager', '/users/extensions')).json().data as Holder[];
const extensionOf = async (username: string) => (await holders()).find((h) => h.username === username)?.extension;

it('users/extensions lists every live user of the company with their extension', async () => {
  const response = await call('manager', '/users/extensions');
  expect(response.statusCode).toBe(200);
  expect(response.json().data).toEqual([
    { user_id: idOf('manager'), name: '김지수', username: 'manager', role: 'manager', status: 'active', extension: '1000' },
    expect.objectContaining({ username: 'agent1', extension: '1001' }),
    expect.objectContaining({ username: 'agent2', extension: '1002' }),
    expect.objectContaining({ username: 'user', extension: '1003' }),
  ]);
  expect((await call('acme-manager', '/users/extensions')).json().data.map((h: Holder) => h.extension)).toEqual(['2000', '2001']);
});

it('users/used-extensions answers the numbers in use; a deleted user’s extension is free', async () => {
  expect((await call('manager', '/users/used-extensions')).json()).toEqual({ data: ['1000', '1001', '1002', '1003'] });
  const user = await createUser(call, { extension_id: '1010' });
  expect((await call('manager', '/users/used-extensions')).json().data).toContain('1010');
  await call('manager', '/users/destroy', { id: user.id });
  expect((await call('manager', '/users/used-extensions')).json().data).not.toContain('1010');
});

it('users/save-extensions assigns several at once (a swap included) and reloads the PBX directory', async () => {
  const response = await call('manager', '/users/save-extensions', {
    extensions: [
      { user_id: idOf('agent1'), extension: '1002' },
      { user_id: idOf('agent2'), extension: '1001' },
      { user_id: idOf('user'), extension: '1010' },
    ],
  });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toEqual({ result: 'success' });
  expect(await extensionOf('agent1')).toBe('1002');
  expect(await extensionOf('agent2')).toBe('1001');
  expect(await extensionOf('user')).toBe('1010');
  expect(reloads).toEqual([demoCompany()]);
  // The moved agent's own user info follows (the CTI bar and sockets use it).
  expect((await call('agent1', '/users/check-user')).json().extension).toBe('1002');
  await call('manager', '/users/save-extensions', { extensions: [{ user_id: idOf('agent1'), extension: '1001' }, { user_id: idOf('agent2'), extension: '1002' }, { user_id: idOf('user'), extension: '1003' }] });
});

it('refuses a clash under the assignment’s index, and users of other companies (404)', async () => {
  const clash = await call('manager', '/users/save-extensions', { extensions: [{ user_id: idOf('agent1'), extension: '1000' }] });
  expect(clash.statusCode).toBe(422);
  expect(clash.json().errors).toEqual({ 'extensions.0.extension': ['Another user already has this extension.'] });
  const twice = await call('manager', '/users/save-extensions', { extensions: [{ user_id: idOf('agent1'), extension: '1500' }, { user_id: idOf('agent2'), extension: '1500' }] });
  expect(Object.keys(twice.json().errors)).toEqual(['extensions.0.extension', 'extensions.1.extension']);
  const acmeAgent = call.userInfoOf('acme-agent').user.id;
  expect((await call('manager', '/users/save-extensions', { extensions: [{ user_id: acmeAgent, extension: '1600' }] })).statusCode).toBe(404);
  expect((await call('manager', '/users/save-extensions', { extensions: [{ user_id: idOf('agent1'), extension: '12ab' }] })).json().errors).toEqual({
    'extensions.0.extension': ['An extension number is 2 to 10 digits.'],
  });
  // An extension id is required (specification §5): it cannot be blanked or taken away here.
  for (const blank of ['', '  ', null]) {
    const refused = await call('manager', '/users/save-extensions', { extensions: [{ user_id: idOf('user'), extension: blank }] });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ 'extensions.0.extension': ['Please enter the extension ID.'] });
  }
  expect(await extensionOf('user')).toBe('1003');
  expect(reloads).toEqual([]);
  expect(await extensionOf('agent1')).toBe('1001');
});

it('users/store and users/update reload the directory when an extension or name changes', async () => {
  const user = await createUser(call, { extension_id: '1020' });
  expect(reloads).toEqual([demoCompany()]);
  await call('manager', '/users/update', { id: user.id, name: user.name, department_id: 3, extension_id: '1020', mobile: '010-0000-1111' });
  expect(reloads).toHaveLength(1);
  await call('manager', '/users/update', { id: user.id, name: user.name, department_id: 3, extension_id: '1021' });
  expect(reloads).toHaveLength(2);
});

it('users/show-agent-name and show-agent-names answer names by extension, for agents too', async () => {
  expect((await call('agent1', '/users/show-agent-name', { extension: '1002' })).json()).toEqual({ extension: '1002', name: call.userInfoOf('agent2').user.name });
  expect((await call('agent1', '/users/show-agent-name', { extension: 1000 })).json()).toEqual({ extension: '1000', name: '김지수' });
  expect((await call('agent1', '/users/show-agent-name', { extension: '1999' })).json()).toEqual({ extension: '1999', name: null });
  expect((await call('agent1', '/users/show-agent-name', { extension: 'x' })).statusCode).toBe(422);
  const names = (await call('agent2', '/users/show-agent-names', { extensions: ['1000', 1001, '1999', '2000'] })).json();
  expect(names).toEqual({ data: { '1000': '김지수', '1001': '이민호' } });
  // Acme's agent asking for Demo's numbers gets Acme's own holders only.
  expect((await call('acme-agent', '/users/show-agent-names', { extensions: ['1000', '1001', '2000'] })).json().data).toEqual({ '2000': call.userInfoOf('acme-manager').user.name });
});

it('guards: extensions calls are for managers; names for company users; 401 without a token', async () => {
  for (const path of ['/users/extensions', '/users/used-extensions', '/users/save-extensions']) {
    expect((await call('agent1', path, { extensions: [] })).statusCode, path).toBe(403);
    expect((await call('admin', path, { extensions: [] })).statusCode, path).toBe(403);
    expect((await post(t.app, path, {})).statusCode, path).toBe(401);
  }
  for (const path of ['/users/show-agent-name', '/users/show-agent-names']) {
    expect((await call('admin', path, { extension: '1000', extensions: [] })).statusCode, path).toBe(403);
    expect((await post(t.app, path, {})).statusCode, path).toBe(401);
  }
});
