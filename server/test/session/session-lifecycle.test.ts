import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { userInfoSchema, type LoginResponse } from '../../../src/api/contracts/session.contract';
import { users } from '../../src/db/schema';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const refresh = (refreshToken: string) => post(t.app, '/refresh-token', { refresh_token: refreshToken });
const checkUser = (token?: string) => post(t.app, '/users/check-user', undefined, token ? { token } : {});

describe('POST /refresh-token', () => {
  it('rotates: answers new tokens and the same user info', async () => {
    const first = await loginAs(t.app, 'agent1');
    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const second = response.json<LoginResponse>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.user).toEqual(first.user);
    expect((await checkUser(second.access_token)).statusCode).toBe(200);
  });

  it('accepts the form field refresh_token (application/x-www-form-urlencoded)', async () => {
    const first = await loginAs(t.app, 'agent2');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/refresh-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: new URLSearchParams({ refresh_token: first.refresh_token }).toString(),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<LoginResponse>().user.user.username).toBe('agent2');
  });

  it('detects reuse: an already used token answers 401 and revokes the newest token of the login too', async () => {
    const first = await loginAs(t.app, 'manager');
    const second = (await refresh(first.refresh_token)).json<LoginResponse>();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: true, message: 'The refresh token is not valid.' });
    // The legitimate holder's newest refresh token and access token are dead as well.
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await checkUser(second.access_token)).statusCode).toBe(401);
  });

  it('leaves other logins of the same user alone when one is revoked', async () => {
    const stolen = await loginAs(t.app, 'user');
    const other = await loginAs(t.app, 'user');
    await refresh(stolen.refresh_token);
    await refresh(stolen.refresh_token);
    expect((await checkUser(other.access_token)).statusCode).toBe(200);
  });

  it('answers 401 for an unknown token and 422 for a missing one', async () => {
    expect((await refresh('not-a-real-token')).statusCode).toBe(401);
    const missing = await post(t.app, '/refresh-token', {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.refresh_token).toHaveLength(1);
  });

  it('refuses to refresh for a user made inactive', async () => {
    const session = await loginAs(t.app, 'acme-agent');
    await t.db.update(users).set({ status: 'inactive' }).where(eq(users.username, 'acme-agent'));
    try {
      expect((await refresh(session.refresh_token)).statusCode).toBe(401);
      expect((await checkUser(session.access_token)).statusCode).toBe(401);
    } finally {
      await t.db.update(users).set({ status: 'active' }).where(eq(users.username, 'acme-agent'));
    }
  });
});

describe('POST /users/check-user', () => {
  it('answers the user info for a valid token', async () => {
    const session = await loginAs(t.app, 'agent1');
    const response = await checkUser(session.access_token);
    expect(response.statusCode).toBe(200);
    const info = userInfoSchema.parse(response.json());
    expect(info).toEqual(session.user);
  });

  it('answers 401 without a token, with garbage and with an expired token', async () => {
    expect((await checkUser()).statusCode).toBe(401);
    expect((await checkUser('garbage.token.value')).statusCode).toBe(401);

    const session = await loginAs(t.app, 'agent1');
    const claims = JSON.parse(Buffer.from(session.access_token.split('.')[1] ?? '', 'base64url').toString());
    const expired = await new SignJWT({ role: claims.role, cid: claims.cid, fid: claims.fid, lt: claims.lt })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const response = await checkUser(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: true, message: 'Your session has ended. Please sign in again.' });
  });

  it('answers 401 for a token signed with another secret', async () => {
    const forged = await new SignJWT({ role: 'admin', cid: null, fid: crypto.randomUUID(), lt: 'password' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuer('callcentre')
      .setAudience('callcentre-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret'));
    expect((await checkUser(forged)).statusCode).toBe(401);
  });

  it("answers 401 for a token naming one user with another user's live login (issue 15)", async () => {
    // A token signed with the right secret, naming the admin, carrying agent1's live family: the family
    // check asked only whether the family was alive, so this passed as the admin.
    const agent = await loginAs(t.app, 'agent1');
    const admin = await loginAs(t.app, 'admin');
    const agentClaims = JSON.parse(Buffer.from(agent.access_token.split('.')[1] ?? '', 'base64url').toString());
    const forged = await new SignJWT({ role: 'admin', cid: null, fid: agentClaims.fid, lt: 'password' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.user.user.id))
      .setIssuer('callcentre')
      .setAudience('callcentre-api')
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    expect((await checkUser(forged)).statusCode).toBe(401);
    // The real tokens still work.
    expect((await checkUser(agent.access_token)).statusCode).toBe(200);
    expect((await checkUser(admin.access_token)).statusCode).toBe(200);
  });

  it('keeps the login type of an API-key session', async () => {
    const session = (await post(t.app, '/user/login', { agentApiKey: 'demo-agent1-key' })).json<LoginResponse>();
    expect((await checkUser(session.access_token)).json().loginType).toBe('agent_api_key');
  });
});

describe('POST /logout', () => {
  it('revokes the refresh tokens and the access token of the login', async () => {
    const session = await loginAs(t.app, 'agent2');
    const response = await post(t.app, '/logout', {}, { token: session.access_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ result: 'success' });
    expect((await refresh(session.refresh_token)).statusCode).toBe(401);
    expect((await checkUser(session.access_token)).statusCode).toBe(401);
  });

  it('works with only the refresh token (an expired access token can still log out)', async () => {
    const session = await loginAs(t.app, 'agent2');
    expect((await post(t.app, '/logout', { refresh_token: session.refresh_token })).statusCode).toBe(200);
    expect((await checkUser(session.access_token)).statusCode).toBe(401);
  });

  it('answers 401 when nothing identifies a session', async () => {
    expect((await post(t.app, '/logout', {})).statusCode).toBe(401);
    expect((await post(t.app, '/logout', { refresh_token: 'unknown' })).statusCode).toBe(401);
  });
});
