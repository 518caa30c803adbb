import { eq } from 'drizzle-orm';
import type { LoginResponse } from '../../../src/api/contracts/session.contract';
import { companies, users } from '../../src/db/schema';
import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { listen, openSocket, type ClientSocket } from '../cti/cti-helpers';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * Agent API keys (issue 16; docs/api.md "Agent API keys"): issued once with their secret, signed in with,
 * revoked with every login they started. The generic walk (resource-contract.test.ts) covers the rest of
 * the resource.
 */
interface Key {
  id: number;
  user_id: number;
  name: string;
  last_used_at: string | null;
  created_at: string;
  updated_at: string;
}

let t: TestApp;
let call: Caller;
let url: string;
const sockets: ClientSocket[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  url = await listen(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.close();
  await t?.close();
});

const idOf = (username: 'agent1' | 'agent2' | 'user' | 'manager' | 'acme-agent') => call.userInfoOf(username).user.id;
const keyLogin = (agentApiKey: string) => post(t.app, '/user/login', { agentApiKey });
const checkUser = (token: string) => post(t.app, '/users/check-user', {}, { token });
const refresh = (refreshToken: string) => post(t.app, '/refresh-token', { refresh_token: refreshToken });

async function issue(name = 'Call robot', userId = idOf('agent1')): Promise<Key & { key: string }> {
  const response = await call('manager', '/agent-api-key/store', { user_id: userId, name });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf(response);
}

async function withAgentPermission<T>(username: 'agent1' | 'agent2', work: (call: Caller) => Promise<T>): Promise<T> {
  const [before] = await t.db.select({ permissions: users.permissions }).from(users).where(eq(users.username, username));
  await t.db.update(users).set({ permissions: [...before!.permissions, 'agent_api_key'] }).where(eq(users.username, username));
  try {
    // Permissions are read per request: the tokens signed in before keep working with the new permission.
    return await work(call);
  } finally {
    await t.db.update(users).set({ permissions: before!.permissions }).where(eq(users.username, username));
  }
}

describe('issuing', () => {
  it('answers the record and the secret key once; view and list never carry it, nor its hash', async () => {
    const issued = await issue('Dialler');
    expect(issued).toMatchObject({ user_id: idOf('agent1'), name: 'Dialler', last_used_at: null });
    // 256 random bits, URL-safe.
    expect(issued.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const viewed = dataOf<Record<string, unknown>>(await call('manager', '/agent-api-key/view', { id: issued.id }));
    const { key: _key, ...record } = issued;
    expect(viewed).toEqual(record);
    const listed = (await call('manager', '/agent-api-key/list', { per_page: 100 })).json().data as Record<string, unknown>[];
    expect(listed.find((row) => row.id === issued.id)).toEqual(record);
    for (const row of [viewed, ...listed]) {
      expect(Object.keys(row)).not.toContain('key');
      expect(Object.keys(row)).not.toContain('key_hash');
      expect(JSON.stringify(row)).not.toContain(issued.key);
    }
    // Two keys are never the same secret.
    expect((await issue('Dialler 2')).key).not.toBe(issued.key);
  });

  it('has no update route: a key is issued and revoked, never edited', async () => {
    const issued = await issue();
    expect((await call('manager', '/agent-api-key/update', { id: issued.id, user_id: idOf('agent1'), name: 'x' })).statusCode).toBe(404);
  });

  it('needs an agent and a name, with the messages of each', async () => {
    const response = await call('manager', '/agent-api-key/store', { user_id: '', name: ' ' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ user_id: ['Choose the agent this key is for.'], name: ['Enter a name for the key.'] });
  });

  it('is issued only for an active agent of the company', async () => {
    const notAgent = await call('manager', '/agent-api-key/store', { user_id: idOf('manager'), name: 'Manager key' });
    expect(notAgent.statusCode).toBe(422);
    expect(notAgent.json().errors).toEqual({ user_id: ['Choose an active agent of your company.'] });
    // Another company's agent is no user of this company.
    expect((await call('manager', '/agent-api-key/store', { user_id: idOf('acme-agent'), name: 'x' })).statusCode).toBe(422);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'agent2'));
    try {
      const inactive = await call('manager', '/agent-api-key/store', { user_id: idOf('agent2'), name: 'x' });
      expect(inactive.json().errors).toEqual({ user_id: ['Choose an active agent of your company.'] });
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'agent2'));
    }
  });

  it('is refused, saying why, in a company that does not provide the agent API', async () => {
    // Acme lacks company_can_provide_agent_api (CONTRACT §6).
    const refused = await call('acme-manager', '/agent-api-key/store', { user_id: idOf('acme-agent'), name: 'x' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: true, message: 'Your company does not provide the agent API, so agent API keys cannot be issued or used.' });
    expect((await call('acme-manager', '/agent-api-key/list')).statusCode).toBe(403);
    // An agent without the user permission hears the generic answer: their company is not the reason.
    expect((await call('acme-agent', '/agent-api-key/list')).json().message).toBe('You do not have permission to do this.');
  });

  it('is refused with the same message when the company flag is off, though its permission is listed', async () => {
    const [demo] = await t.db.select().from(companies).where(eq(companies.name, 'Demo Call Centre'));
    const issued = await issue('Before the flag went off');
    await t.db.update(companies).set({ canProvideAgentApi: false }).where(eq(companies.id, demo!.id));
    try {
      const refused = await call('manager', '/agent-api-key/store', { user_id: idOf('agent1'), name: 'x' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your company does not provide the agent API, so agent API keys cannot be issued or used.');
      // Keys issued before do not sign in either.
      expect((await keyLogin(issued.key)).statusCode).toBe(401);
    } finally {
      await t.db.update(companies).set({ canProvideAgentApi: true }).where(eq(companies.id, demo!.id));
    }
    expect((await keyLogin(issued.key)).statusCode).toBe(200);
  });
});

describe('signing in', () => {
  it('signs in as the agent with agent_api_key and stamps last_used_at', async () => {
    const issued = await issue();
    const before = Date.now();
    const response = await keyLogin(issued.key);
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json<LoginResponse>();
    expect(session.user.loginType).toBe('agent_api_key');
    expect(session.user.user.username).toBe('agent1');
    expect((await checkUser(session.access_token)).json().loginType).toBe('agent_api_key');
    const viewed = dataOf<Key>(await call('manager', '/agent-api-key/view', { id: issued.id }));
    expect(new Date(viewed.last_used_at!).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Signing in is no edit of the key.
    expect(viewed.updated_at).toBe(issued.updated_at);
  });

  it('signs in with the demo key of agent1 on a fresh database (CONTRACT §6)', async () => {
    const response = await keyLogin('demo-agent1-key');
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().user.user.username).toBe('agent1');
    const listed = (await call('manager', '/agent-api-key/list', { per_page: 100, search: 'Demo key' })).json().data as Key[];
    expect(listed).toEqual([expect.objectContaining({ name: 'Demo key', user_id: idOf('agent1') })]);
  });

  it('refuses the key of an agent made inactive, and of a deleted key', async () => {
    const issued = await issue('Inactive', idOf('user'));
    expect((await keyLogin(issued.key)).statusCode).toBe(200);
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'user'));
    try {
      const refused = await keyLogin(issued.key);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('The API key is not valid.');
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'user'));
    }
    expect((await call('manager', `/agent-api-key/delete/${issued.id}`)).statusCode).toBe(200);
    expect((await keyLogin(issued.key)).statusCode).toBe(401);
  });

  it('refuses a key whose agent became a manager', async () => {
    const issued = await issue('Promoted', idOf('agent2'));
    await t.db.update(users).set({ role: 'manager' }).where(eq(users.username, 'agent2'));
    try {
      expect((await keyLogin(issued.key)).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ role: 'agent' }).where(eq(users.username, 'agent2'));
    }
  });
});

describe('revoking', () => {
  it("ends the key's logins at once: refresh and access tokens answer 401 and the socket is disconnected", async () => {
    const issued = await issue('Revoked');
    const first = (await keyLogin(issued.key)).json<LoginResponse>();
    // A refreshed login is still the key's.
    const refreshed = (await refresh(first.refresh_token)).json<LoginResponse>();
    const second = (await keyLogin(issued.key)).json<LoginResponse>();
    const socket = await openSocket(url, refreshed.access_token);
    sockets.push(socket);
    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    // Other logins of the same agent stay: a password login and another key's.
    const other = await issue('Kept');
    const otherLogin = (await keyLogin(other.key)).json<LoginResponse>();
    const passwordLogin = (await post(t.app, '/login', { username: 'agent1', password: 'agent1234' })).json<LoginResponse>();

    expect((await checkUser(refreshed.access_token)).statusCode).toBe(200);
    expect((await call('manager', `/agent-api-key/delete/${issued.id}`)).json()).toEqual({ result: 'success' });

    expect(await disconnected).toBe('io server disconnect');
    for (const session of [refreshed, second]) {
      expect((await checkUser(session.access_token)).statusCode).toBe(401);
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    }
    expect((await checkUser(first.access_token)).statusCode).toBe(401);
    expect((await keyLogin(issued.key)).statusCode).toBe(401);
    expect((await call('manager', '/agent-api-key/view', { id: issued.id })).statusCode).toBe(404);

    expect((await checkUser(otherLogin.access_token)).statusCode).toBe(200);
    expect((await refresh(otherLogin.refresh_token)).statusCode).toBe(200);
    expect((await checkUser(passwordLogin.access_token)).statusCode).toBe(200);
  });
});

describe('agents with the agent_api_key permission', () => {
  it('see, issue and revoke only their own keys', async () => {
    const theirs = await issue('Agent2 tool', idOf('agent2'));
    const mine = await issue('Agent1 tool', idOf('agent1'));
    await withAgentPermission('agent1', async () => {
      const listed = (await call('agent1', '/agent-api-key/list', { per_page: 100 })).json().data as Key[];
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.every((key) => key.user_id === idOf('agent1'))).toBe(true);
      expect(listed.map((key) => key.id)).toContain(mine.id);
      expect((await call('agent1', '/agent-api-key/view', { id: theirs.id })).statusCode).toBe(404);
      expect((await call('agent1', `/agent-api-key/delete/${theirs.id}`)).statusCode).toBe(404);

      const forOther = await call('agent1', '/agent-api-key/store', { user_id: idOf('agent2'), name: 'Not mine' });
      expect(forOther.statusCode).toBe(422);
      expect(forOther.json().errors).toEqual({ user_id: ['You can issue keys only for yourself.'] });
      const own = await call('agent1', '/agent-api-key/store', { user_id: idOf('agent1'), name: 'My tool' });
      expect(own.statusCode, own.body).toBe(200);
      expect(dataOf<{ key: string }>(own).key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect((await call('agent1', `/agent-api-key/delete/${dataOf<Key>(own).id}`)).statusCode).toBe(200);
    });
    // Without the permission: 403, whatever the id.
    expect((await call('agent1', '/agent-api-key/list')).statusCode).toBe(403);
    expect((await call('agent2', '/agent-api-key/view', { id: theirs.id })).statusCode).toBe(403);
  });
});

describe('other companies', () => {
  it("answers 404 for another company's key, once that company provides the agent API too", async () => {
    const demoKey = await issue('Demo only');
    const [acme] = await t.db.select().from(companies).where(eq(companies.name, 'Acme Support'));
    await t.db
      .update(companies)
      .set({ canProvideAgentApi: true, permissions: [...acme!.permissions, 'company_can_provide_agent_api'] })
      .where(eq(companies.id, acme!.id));
    try {
      expect((await call('acme-manager', '/agent-api-key/view', { id: demoKey.id })).statusCode).toBe(404);
      expect((await call('acme-manager', `/agent-api-key/delete/${demoKey.id}`)).statusCode).toBe(404);
      const listed = (await call('acme-manager', '/agent-api-key/list', { per_page: 100 })).json().data as Key[];
      expect(listed.map((key) => key.id)).not.toContain(demoKey.id);
      // Acme's own key signs in as Acme's agent.
      const acmeKey = await call('acme-manager', '/agent-api-key/store', { user_id: idOf('acme-agent'), name: 'Acme tool' });
      expect(acmeKey.statusCode, acmeKey.body).toBe(200);
      const session = (await keyLogin(dataOf<{ key: string }>(acmeKey).key)).json<LoginResponse>();
      expect(session.user.user.username).toBe('acme-agent');
    } finally {
      await t.db.update(companies).set({ canProvideAgentApi: false, permissions: acme!.permissions }).where(eq(companies.id, acme!.id));
    }
    // The demo key is still there.
    expect((await call('manager', '/agent-api-key/view', { id: demoKey.id })).statusCode).toBe(200);
  });
});
