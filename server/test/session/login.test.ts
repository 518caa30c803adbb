import { eq } from 'drizzle-orm';
import { userInfoSchema, type LoginResponse } from '../../../src/api/contracts/session.contract';
import { users } from '../../src/db/schema';
import { buildTestApp, DEMO_PASSWORD, loginAs, post, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const expected = {
  admin: { role: 'admin', company: null, extension: null, dashboard: false },
  manager: { role: 'manager', company: 'Demo Call Centre', extension: '1000', dashboard: false },
  agent1: { role: 'agent', company: 'Demo Call Centre', extension: '1001', dashboard: true },
  agent2: { role: 'agent', company: 'Demo Call Centre', extension: '1002', dashboard: false },
  user: { role: 'agent', company: 'Demo Call Centre', extension: '1003', dashboard: true },
  'acme-manager': { role: 'manager', company: 'Acme Support', extension: '2000', dashboard: false },
  'acme-agent': { role: 'agent', company: 'Acme Support', extension: '2001', dashboard: true },
} as const;

describe('POST /login with every demo account', () => {
  it.each(Object.entries(expected))('%s signs in with the demo data of CONTRACT §6', async (username, want) => {
    const body = await loginAs(t.app, username);
    expect(body.access_token).toMatch(/^ey/);
    expect(body.refresh_token.length).toBeGreaterThan(30);
    expect(userInfoSchema.safeParse(body.user).success).toBe(true);
    expect(body.user.user.username).toBe(username);
    expect(body.user.role).toBe(want.role);
    expect(body.user.company?.name ?? null).toBe(want.company);
    expect(body.user.extension).toBe(want.extension);
    expect(body.user.loginType).toBe('password');
    expect(body.user.permissions.includes('dashboard')).toBe(want.dashboard);
    expect(body.user.permissions).not.toContain('cti_new_window');
  });

  it('gives company permissions and the built-in CTI server at the request origin', async () => {
    const demo = await loginAs(t.app, 'agent1');
    expect(demo.user.companyPermissions).toContain('company_can_use_dashboard');
    expect(demo.user.company?.cti_server).toBe('http://localhost:80/cti');
    expect(demo.user.servers).toEqual([{ name: 'demo-pbx', url: 'http://localhost:80/cti', type: 'builtin' }]);
    expect(demo.user.companyQueueStatuses).toEqual([{ queue: '500', enabled: true }]);
    expect(demo.user.permissions).toEqual(expect.arrayContaining(['cti_click_to_call', 'cti_transfer']));

    const acme = await loginAs(t.app, 'acme-agent');
    expect(acme.user.companyPermissions).not.toContain('company_can_use_dashboard');
    expect(acme.user.company?.cti_server).toBe('http://localhost:80/cti');

    const admin = await loginAs(t.app, 'admin');
    expect(admin.user.companyPermissions).toEqual([]);
    expect(admin.user.servers).toEqual([]);
    expect(admin.user.companyQueueStatuses).toEqual([]);
  });
});

describe('POST /login failures', () => {
  it('answers 401 invalid_credentials for a wrong password and the same for an unknown user', async () => {
    const wrong = await post(t.app, '/login', { username: 'manager', password: 'nope-nope' });
    const unknown = await post(t.app, '/login', { username: 'nobody-here', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: true, message: 'The username or password is not correct.' });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('translates the 401 for Korean callers', async () => {
    const response = await post(t.app, '/login', { username: 'manager', password: 'x' }, { language: 'ko-KR,ko;q=0.9' });
    expect(response.json()).toEqual({ error: true, message: '아이디 또는 비밀번호가 올바르지 않습니다.' });
  });

  it('answers 422 with a message per empty field', async () => {
    const response = await post(t.app, '/login', { username: '  ', password: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Some fields need your attention.',
      errors: { username: ['Please enter your username.'], password: ['Please enter your password.'] },
    });
  });

  it('answers the 422 in Korean with Accept-Language: ko', async () => {
    const response = await post(t.app, '/login', { username: '', password: '' }, { language: 'ko' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: '확인이 필요한 항목이 있습니다.',
      errors: { username: ['아이디를 입력해 주세요.'], password: ['비밀번호를 입력해 주세요.'] },
    });
  });

  it('answers per-field "required" for missing fields and for a missing body', async () => {
    const missing = await post(t.app, '/login', undefined);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
    const wrongType = await post(t.app, '/login', { username: 5, password: 'x' }, { language: 'kr' });
    expect(wrongType.json().errors).toEqual({ username: ['올바르지 않은 값입니다.'] });
  });

  it('refuses an inactive user with 401 even with the right password', async () => {
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'user'));
    try {
      const response = await post(t.app, '/login', { username: 'user', password: DEMO_PASSWORD.user });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('This account is inactive.');
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'user'));
    }
  });

  it('refuses a deleted user like an unknown one', async () => {
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.username, 'acme-manager'));
    try {
      const response = await post(t.app, '/login', { username: 'acme-manager', password: DEMO_PASSWORD['acme-manager'] });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('The username or password is not correct.');
    } finally {
      await t.db.update(users).set({ deletedAt: null }).where(eq(users.username, 'acme-manager'));
    }
  });
});

describe('API key sign-in', () => {
  it('POST /company/login with demo-company-key signs in as the Demo manager', async () => {
    const response = await post(t.app, '/company/login', { apiKey: 'demo-company-key' });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.user.loginType).toBe('company_api_key');
    expect(body.user.user.username).toBe('manager');
    expect(body.user.role).toBe('manager');
    expect(body.user.company?.name).toBe('Demo Call Centre');
  });

  it('POST /user/login with demo-agent1-key signs in as agent1', async () => {
    const response = await post(t.app, '/user/login', { agentApiKey: 'demo-agent1-key' });
    expect(response.statusCode).toBe(200);
    const body = response.json<LoginResponse>();
    expect(body.user.loginType).toBe('agent_api_key');
    expect(body.user.user.username).toBe('agent1');
    expect(body.user.extension).toBe('1001');
  });

  it.each([
    ['/company/login', { apiKey: 'wrong-key' }],
    ['/user/login', { agentApiKey: 'wrong-key' }],
    ['/company/login', { apiKey: 'demo-agent1-key' }],
    ['/user/login', { agentApiKey: 'demo-company-key' }],
  ])('%s with a bad key answers 401', async (path, body) => {
    const response = await post(t.app, path, body);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: true, message: 'The API key is not valid.' });
  });

  it('answers 422 for an empty key', async () => {
    const response = await post(t.app, '/company/login', { apiKey: '' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ apiKey: ['The API key is required.'] });
  });

  it('refuses the agent key of an inactive agent', async () => {
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'agent1'));
    try {
      const response = await post(t.app, '/user/login', { agentApiKey: 'demo-agent1-key' });
      expect(response.statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'agent1'));
    }
  });
});
