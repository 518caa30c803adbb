import type { User } from '../../../src/api/contracts/user.contract';
import { buildTestApp, login, post, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser, JPEG, newUserBody, PNG, postMultipart, SVG, WEBP } from './users-test-helpers';

/** Status, queue report, password reset and photos (users/store multipart, update-avatar, avatar GET). */
let t: TestApp;
let call: Caller;
let managerToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  managerToken = (await login(t.app, 'manager', 'manager1234')).access_token;
});
afterAll(async () => {
  await t?.close();
});

/** A new user and an open session of theirs. */
async function userWithSession() {
  const body = newUserBody();
  const user = await createUser(call, body);
  const session = await login(t.app, String(body.username), String(body.password));
  return { user, body, session };
}
const stillSignedIn = async (token: string) => (await post(t.app, '/users/check-user', {}, { token })).statusCode === 200;

describe('users/update-status', () => {
  it('inactive ends the user’s sessions at once and refuses sign-in; active lets them back', async () => {
    const { user, body, session } = await userWithSession();
    const response = await call('manager', '/users/update-status', { id: user.id, status: 'inactive' });
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf(response)).toMatchObject({ id: user.id, status: 'inactive' });
    expect(await stillSignedIn(session.access_token)).toBe(false);
    expect((await post(t.app, '/refresh-token', { refresh_token: session.refresh_token })).statusCode).toBe(401);
    const refused = await post(t.app, '/login', { username: body.username, password: body.password });
    expect(refused.json()).toMatchObject({ error: true, message: 'This account is inactive.' });
    expect((await call('manager', '/users/index', { status: 'inactive' })).json().data.map((u: User) => u.id)).toEqual([user.id]);

    await call('manager', '/users/update-status', { id: user.id, status: 'active' });
    expect((await post(t.app, '/login', { username: body.username, password: body.password })).statusCode).toBe(200);
    // The old session stays ended: re-activating does not revive it.
    expect(await stillSignedIn(session.access_token)).toBe(false);
  });

  it('refuses a bad status (422) and deactivating oneself (403)', async () => {
    const user = await createUser(call);
    expect((await call('manager', '/users/update-status', { id: user.id, status: 'paused' })).json().errors).toEqual({ status: ['Choose active or inactive.'] });
    expect((await call('manager', '/users/update-status', { id: call.userInfoOf('manager').user.id, status: 'inactive' })).statusCode).toBe(403);
    expect((await call('manager', '/users/update-status', { id: 999999, status: 'active' })).statusCode).toBe(404);
  });
});

describe('users/update-queue-report-status', () => {
  it('turns the queue report on and off (booleans or 1/0) and shows in the user info', async () => {
    const { user, session } = await userWithSession();
    expect(dataOf(await call('manager', '/users/update-queue-report-status', { id: user.id, queue_report_status: true }))).toMatchObject({ queue_report_status: true });
    expect((await post(t.app, '/users/check-user', {}, { token: session.access_token })).json().queue_report_status).toBe(true);
    expect(dataOf(await call('manager', '/users/update-queue-report-status', { id: user.id, queue_report_status: 0 }))).toMatchObject({ queue_report_status: false });
    expect((await call('manager', '/users/update-queue-report-status', { id: user.id, queue_report_status: 'maybe' })).statusCode).toBe(422);
  });
});

describe('users/reset-password', () => {
  it('without a password: answers a temporary one once; the old password and sessions stop working', async () => {
    const { user, body, session } = await userWithSession();
    const response = await call('manager', '/users/reset-password', { id: user.id });
    expect(response.statusCode, response.body).toBe(200);
    const { temporary_password } = response.json();
    expect(temporary_password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(await stillSignedIn(session.access_token)).toBe(false);
    expect((await post(t.app, '/login', { username: body.username, password: body.password })).statusCode).toBe(401);
    expect((await post(t.app, '/login', { username: body.username, password: temporary_password })).statusCode).toBe(200);
    expect(JSON.stringify(dataOf(await call('manager', '/users/view', { id: user.id })))).not.toContain(temporary_password);
  });

  it('with a password: sets it and answers no temporary password', async () => {
    const { user, body } = await userWithSession();
    expect((await call('manager', '/users/reset-password', { id: user.id, password: 'chosen-by-manager' })).json()).toEqual({ result: 'success', temporary_password: null });
    expect((await post(t.app, '/login', { username: body.username, password: 'chosen-by-manager' })).statusCode).toBe(200);
    expect((await call('manager', '/users/reset-password', { id: user.id, password: 'short' })).json().errors).toEqual({ password: ['The password must be at least 8 characters.'] });
  });

  it('is not for oneself (my-account/change-password asks for the current password)', async () => {
    expect((await call('manager', '/users/reset-password', { id: call.userInfoOf('manager').user.id })).statusCode).toBe(403);
  });
});

describe('photos', () => {
  const fields = (overrides: Record<string, unknown> = {}) =>
    Object.fromEntries(Object.entries(newUserBody(overrides)).map(([key, value]) => [key, String(value)]));

  it('users/store takes multipart fields and the photo in `file`; the photo is served by its address', async () => {
    const response = await postMultipart(t.app, '/users/store', managerToken, fields({ department_id: '5' }), { name: 'me.png', data: PNG, type: 'image/png' });
    expect(response.statusCode, response.body).toBe(200);
    const user = dataOf<User>(response);
    expect(user.department_id).toBe(5);
    expect(user.avatar).toMatch(/^\/api\/v1\/users\/avatar\/[A-Za-z0-9_-]{22}$/);
    const image = await t.app.inject({ method: 'GET', url: user.avatar! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
  });

  it('detects the type from the bytes, not the name or the client’s MIME type', async () => {
    const jpeg = await postMultipart(t.app, '/users/store', managerToken, fields(), { name: 'photo.png', data: JPEG, type: 'image/png' });
    expect((await t.app.inject({ method: 'GET', url: dataOf<User>(jpeg).avatar! })).headers['content-type']).toBe('image/jpeg');
    const webp = await postMultipart(t.app, '/users/store', managerToken, fields(), { name: 'x', data: WEBP });
    expect((await t.app.inject({ method: 'GET', url: dataOf<User>(webp).avatar! })).headers['content-type']).toBe('image/webp');
    const svg = await postMultipart(t.app, '/users/store', managerToken, fields(), { name: 'photo.png', data: SVG, type: 'image/png' }, 'ko');
    expect(svg.statusCode).toBe(422);
    expect(svg.json().errors).toEqual({ file: ['사진은 PNG, JPEG, WebP 이미지만 올릴 수 있습니다.'] });
  });

  it('refuses a photo over 2 MB, a file in another field, and still checks the fields', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await postMultipart(t.app, '/users/store', managerToken, fields(), { name: 'big.png', data: big });
    expect(tooBig.json().errors).toEqual({ file: ['The photo must be 2 MB or smaller.'] });
    const wrongField = await postMultipart(t.app, '/users/store', managerToken, fields(), { name: 'a.png', data: PNG, field: 'avatar' });
    expect(wrongField.json().errors).toEqual({ avatar: ['Send the file in the field named file.'] });
    const missing = await postMultipart(t.app, '/users/store', managerToken, { name: '', username: '' });
    expect(Object.keys(missing.json().errors).sort()).toEqual(['department_id', 'extension_id', 'name', 'password', 'username']);
  });

  it('users/update-avatar replaces the photo; the old address stops working; a deleted user’s photo is gone', async () => {
    const user = dataOf<User>(await postMultipart(t.app, '/users/store', managerToken, fields(), { name: 'a.png', data: PNG }));
    const response = await postMultipart(t.app, '/users/update-avatar', managerToken, { id: String(user.id) }, { name: 'b.jpg', data: JPEG });
    expect(response.statusCode, response.body).toBe(200);
    const updated = dataOf<User>(response);
    expect(updated.avatar).not.toBe(user.avatar);
    expect((await t.app.inject({ method: 'GET', url: user.avatar! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: updated.avatar! })).statusCode).toBe(200);
    expect((await postMultipart(t.app, '/users/update-avatar', managerToken, { id: String(user.id) })).json().errors).toEqual({ file: ['Please choose a photo.'] });
    await call('manager', '/users/destroy', { id: user.id });
    expect((await t.app.inject({ method: 'GET', url: updated.avatar! })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/avatar/not-a-real-key-000' })).statusCode).toBe(404);
  });
});

describe('who may call', () => {
  const PATHS = ['/users/update-status', '/users/update-queue-report-status', '/users/reset-password', '/users/update-avatar'];
  it('answers 401 without a token and 403 to agents and the admin', async () => {
    for (const path of PATHS) {
      expect((await post(t.app, path, { id: 1 })).statusCode, path).toBe(401);
      for (const username of ['agent1', 'user', 'admin'] as const) expect((await call(username, path, { id: 1, status: 'active' })).statusCode, `${username} ${path}`).toBe(403);
    }
  });
});
