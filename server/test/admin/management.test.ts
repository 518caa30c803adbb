import { eq } from 'drizzle-orm';
import { auditLog, companies, companyApiKeys } from '../../src/db/schema';
import { buildTestApp, login, post, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * The platform administrator's management (docs/administration.md): company API keys, every company's
 * managers and users, login-as with its audit log and `impersonated_by`.
 */
let t: TestApp;
let call: Caller;
let demoId: number;
let acmeId: number;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  demoId = call.userInfoOf('manager').company!.id;
  acmeId = call.userInfoOf('acme-manager').company!.id;
});
afterAll(async () => {
  await t?.close();
});

const idOf = (username: 'agent1' | 'acme-agent' | 'manager' | 'acme-manager' | 'admin') => call.userInfoOf(username).user.id;

describe('admin only', () => {
  const routes: [string, Record<string, unknown>][] = [
    ['/management/api-key/list', {}],
    ['/management/api-key/store', { company_id: 1, name: 'x' }],
    ['/management/api-key/delete/1', {}],
    ['/management/api-key/revoke', { id: 1 }],
    ['/management/manager/list', {}],
    ['/management/manager/store', { company_id: 1, name: 'x', username: 'nobody-x', password: 'password1' }],
    ['/management/manager/update', { id: 1, name: 'x' }],
    ['/management/manager/update-status', { id: 1, status: 'inactive' }],
    ['/management/manager/reset-password', { id: 1 }],
    ['/management/manager/delete/1', {}],
    ['/management/user/list', {}],
    ['/management/audit-log/list', {}],
  ];
  it.each(routes)('%s: 403 for managers and agents, 401 without a token', async (path, body) => {
    for (const username of ['manager', 'agent1', 'acme-manager', 'acme-agent'] as const) {
      expect((await call(username, path, body)).statusCode, username).toBe(403);
    }
    expect((await post(t.app, path, body)).statusCode).toBe(401);
  });
});

describe('management/api-key', () => {
  it('lists demo-company-key as Demo Call Centre’s key, never with a secret', async () => {
    const response = await call('admin', '/management/api-key/list', { company_id: demoId });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.data.length).toBeGreaterThanOrEqual(1);
    expect(page.data[0]).toMatchObject({ company_id: demoId, company_name: 'Demo Call Centre', status: 'active', revoked_at: null });
    expect(response.body).not.toContain('key_hash');
    for (const row of page.data) expect(row).not.toHaveProperty('key');
    const acme = (await call('admin', '/management/api-key/list', { company_id: acmeId })).json();
    expect(acme.data.every((row: { company_id: number }) => row.company_id === acmeId)).toBe(true);
  });

  it('issues a key shown once; it signs in, stamps last_used_at; revoked, it is refused and its login ends', async () => {
    const stored = await call('admin', '/management/api-key/store', { company_id: acmeId, name: 'CRM link' });
    expect(stored.statusCode, stored.body).toBe(200);
    const created = dataOf<{ id: number; key: string; last_used_at: string | null; status: string }>(stored);
    expect(created.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ last_used_at: null, status: 'active' });
    const [row] = await t.db.select().from(companyApiKeys).where(eq(companyApiKeys.id, created.id));
    expect(row?.keyHash).not.toBe(created.key);

    const listed = (await call('admin', '/management/api-key/list', { search: 'CRM link' })).json();
    expect(listed.data).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(created.key);

    const signedIn = await post(t.app, '/company/login', { apiKey: created.key });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().user).toMatchObject({ loginType: 'company_api_key', role: 'manager', company: { name: 'Acme Support' } });
    const used = (await call('admin', '/management/api-key/list', { search: 'CRM link' })).json().data[0];
    expect(used.last_used_at).not.toBeNull();

    expect((await call('admin', `/management/api-key/delete/${created.id}`)).statusCode).toBe(200);
    expect((await post(t.app, '/company/login', { apiKey: created.key })).statusCode).toBe(401);
    expect((await post(t.app, '/users/check-user', {}, { token: signedIn.json().access_token })).statusCode).toBe(401);
    expect((await post(t.app, '/refresh-token', { refresh_token: signedIn.json().refresh_token })).statusCode).toBe(401);
    const revoked = (await call('admin', '/management/api-key/list', { search: 'CRM link' })).json().data[0];
    expect(revoked).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    expect((await call('admin', '/management/api-key/list', { search: 'CRM link', status: 'active' })).json().total).toBe(0);
    // Revoking again changes nothing; an unknown key is 404.
    expect((await call('admin', '/management/api-key/revoke', { id: created.id })).statusCode).toBe(200);
    expect((await call('admin', '/management/api-key/revoke', { id: 999999 })).statusCode).toBe(404);
  });

  it('the demo key keeps signing in (migrated from companies.api_key_hash)', async () => {
    expect((await post(t.app, '/company/login', { apiKey: 'demo-company-key' })).statusCode).toBe(200);
  });

  it('a deleted company’s keys do not sign in', async () => {
    const [company] = await t.db.insert(companies).values({ name: 'Gone Ltd' }).returning();
    const created = dataOf<{ key: string }>(await call('admin', '/management/api-key/store', { company_id: company!.id, name: 'k' }));
    await t.db.update(companies).set({ deletedAt: new Date() }).where(eq(companies.id, company!.id));
    expect((await post(t.app, '/company/login', { apiKey: created.key })).statusCode).toBe(401);
  });

  it('422 per field: company and name required, an unknown company refused', async () => {
    const missing = await call('admin', '/management/api-key/store', {});
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['company_id', 'name']);
    const unknown = await call('admin', '/management/api-key/store', { company_id: 999999, name: 'x' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['company_id']);
  });
});

describe('management/manager', () => {
  it('lists the managers of every company, not agents; filters by company and searches', async () => {
    const page = (await call('admin', '/management/manager/list', { per_page: 100 })).json();
    const usernames = page.data.map((row: { username: string }) => row.username);
    expect(usernames).toEqual(expect.arrayContaining(['manager', 'acme-manager']));
    expect(usernames).not.toContain('agent1');
    expect(usernames).not.toContain('admin');
    const acme = (await call('admin', '/management/manager/list', { company_id: acmeId })).json();
    expect(acme.data.map((row: { username: string }) => row.username)).toEqual(['acme-manager']);
    expect((await call('admin', '/management/manager/list', { search: 'acme-man' })).json().total).toBe(1);
  });

  it('adds a manager who signs in at once; the username is unique; only the name is updated', async () => {
    const stored = await call('admin', '/management/manager/store', { company_id: acmeId, name: 'Second Boss', username: 'acme-boss2', password: 'boss12345' });
    expect(stored.statusCode, stored.body).toBe(200);
    const manager = dataOf<{ id: number; company_name: string; status: string }>(stored);
    expect(manager).toMatchObject({ company_name: 'Acme Support', status: 'active' });
    const session = await login(t.app, 'acme-boss2', 'boss12345');
    expect(session.user).toMatchObject({ role: 'manager', company: { name: 'Acme Support' } });

    const taken = await call('admin', '/management/manager/store', { company_id: demoId, name: 'x', username: 'agent1', password: 'boss12345' });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['username']);
    const noPassword = await call('admin', '/management/manager/store', { company_id: demoId, name: 'x', username: 'fresh-one' });
    expect(Object.keys(noPassword.json().errors)).toEqual(['password']);

    const renamed = await call('admin', '/management/manager/update', { id: manager.id, name: 'Renamed Boss', username: 'ignored', company_id: demoId });
    expect(dataOf(renamed)).toMatchObject({ name: 'Renamed Boss', username: 'acme-boss2', company_name: 'Acme Support' });
  });

  it('deactivating ends the manager’s sessions; activating lets them in again', async () => {
    const manager = dataOf<{ id: number }>(await call('admin', '/management/manager/store', { company_id: demoId, name: 'Temp', username: 'temp-boss', password: 'boss12345' }));
    const session = await login(t.app, 'temp-boss', 'boss12345');
    const off = await call('admin', '/management/manager/update-status', { id: manager.id, status: 'inactive' });
    expect(dataOf(off)).toMatchObject({ status: 'inactive' });
    expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).statusCode).toBe(401);
    expect((await post(t.app, '/login', { username: 'temp-boss', password: 'boss12345' })).statusCode).toBe(401);
    await call('admin', '/management/manager/update-status', { id: manager.id, status: 'active' });
    expect((await post(t.app, '/login', { username: 'temp-boss', password: 'boss12345' })).statusCode).toBe(200);
  });

  it('resets the password to a typed one or a generated one shown once', async () => {
    const manager = dataOf<{ id: number }>(await call('admin', '/management/manager/store', { company_id: demoId, name: 'Reset', username: 'reset-boss', password: 'boss12345' }));
    const typed = await call('admin', '/management/manager/reset-password', { id: manager.id, password: 'newpass123' });
    expect(typed.json()).toEqual({ result: 'success', temporary_password: null });
    expect((await post(t.app, '/login', { username: 'reset-boss', password: 'newpass123' })).statusCode).toBe(200);
    const generated = (await call('admin', '/management/manager/reset-password', { id: manager.id })).json();
    expect(generated.temporary_password).toEqual(expect.any(String));
    expect((await post(t.app, '/login', { username: 'reset-boss', password: generated.temporary_password })).statusCode).toBe(200);
  });

  it('deletes a manager for good: no sign-in, the username is never free again', async () => {
    const manager = dataOf<{ id: number }>(await call('admin', '/management/manager/store', { company_id: demoId, name: 'Gone', username: 'gone-boss', password: 'boss12345' }));
    expect((await call('admin', `/management/manager/delete/${manager.id}`)).statusCode).toBe(200);
    expect((await post(t.app, '/login', { username: 'gone-boss', password: 'boss12345' })).statusCode).toBe(401);
    const again = await call('admin', '/management/manager/store', { company_id: demoId, name: 'Gone', username: 'gone-boss', password: 'boss12345' });
    expect(again.statusCode).toBe(422);
    expect((await call('admin', `/management/manager/delete/${manager.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for agents, the admin and unknown ids', async () => {
    for (const id of [idOf('agent1'), idOf('admin'), 999999]) {
      expect((await call('admin', '/management/manager/update', { id, name: 'x' })).statusCode).toBe(404);
      expect((await call('admin', '/management/manager/update-status', { id, status: 'inactive' })).statusCode).toBe(404);
      expect((await call('admin', '/management/manager/reset-password', { id })).statusCode).toBe(404);
      expect((await call('admin', `/management/manager/delete/${id}`)).statusCode).toBe(404);
    }
    expect((await post(t.app, '/login', { username: 'agent1', password: 'agent1234' })).statusCode).toBe(200);
  });
});

describe('management/user/list', () => {
  it('lists agents and managers of every company, filtered by company and role', async () => {
    const acmeAgents = (await call('admin', '/management/user/list', { company_id: acmeId, role: 'agent' })).json();
    expect(acmeAgents.data.map((row: { username: string }) => row.username)).toEqual(['acme-agent']);
    expect(acmeAgents.data[0]).toMatchObject({ role: 'agent', extension: '2001', company_name: 'Acme Support' });
    const all = (await call('admin', '/management/user/list', { per_page: 100 })).json();
    const usernames = all.data.map((row: { username: string }) => row.username);
    expect(usernames).toEqual(expect.arrayContaining(['agent1', 'manager', 'acme-agent']));
    expect(usernames).not.toContain('admin');
  });
});

describe('login-as: impersonated_by and the audit log', () => {
  it('a normal login says impersonated_by null', async () => {
    expect(call.userInfoOf('agent1').impersonated_by).toBeNull();
    expect((await call('agent1', '/users/check-user')).json().impersonated_by).toBeNull();
  });

  it('the login names the admin through check-user and every refresh, and is in the audit log', async () => {
    const before = (await call('admin', '/management/audit-log/list', {})).json().total;
    const response = await call('admin', '/users/login-as', { user_id: idOf('acme-agent') });
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json();
    const admin = { id: idOf('admin'), name: call.userInfoOf('admin').user.name };
    expect(session.user.impersonated_by).toEqual(admin);
    expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).json().impersonated_by).toEqual(admin);
    const refreshed = await post(t.app, '/refresh-token', { refresh_token: session.refresh_token });
    expect(refreshed.json().user.impersonated_by).toEqual(admin);
    const again = await post(t.app, '/refresh-token', { refresh_token: refreshed.json().refresh_token });
    expect(again.json().user.impersonated_by).toEqual(admin);
    expect((await post(t.app, '/users/check-user', {}, { token: again.json().access_token })).json().impersonated_by).toEqual(admin);

    const rows = await t.db.select().from(auditLog).where(eq(auditLog.targetUserId, idOf('acme-agent')));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorUserId: idOf('admin'), action: 'login_as', targetCompanyId: acmeId });

    const page = (await call('admin', '/management/audit-log/list', { company_id: acmeId })).json();
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.data[0]).toMatchObject({ action: 'login_as', actor_id: idOf('admin'), actor_name: admin.name, user_id: idOf('acme-agent'), username: 'acme-agent', company_name: 'Acme Support' });
    expect((await call('admin', '/management/audit-log/list', {})).json().total).toBe(before + 1);
    expect((await call('admin', '/management/audit-log/list', { company_id: demoId, user_id: idOf('acme-agent') })).json().total).toBe(0);
  });

  it('a refused login-as writes nothing', async () => {
    const before = (await t.db.select().from(auditLog)).length;
    expect((await call('admin', '/users/login-as', { user_id: 999999 })).statusCode).toBe(404);
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });

  it('audit-log filters are checked (422)', async () => {
    expect((await call('admin', '/management/audit-log/list', { date_from: '2024-02-30' })).statusCode).toBe(422);
    expect((await call('admin', '/management/audit-log/list', { per_page: 7 })).statusCode).toBe(422);
    expect((await call('admin', '/management/audit-log/list', { action: 'nope' })).statusCode).toBe(422);
  });
});
