import { eq, sql } from 'drizzle-orm';
import { users } from '../../src/db/schema';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { cti, tokensFor, type Query } from './cti-helpers';

/**
 * Who may act on which extension (CONTRACT §7): an agent only on their own, a manager on any of their
 * company's, never another company's (404, like any other company's record), never the administrator
 * (403: no company). Checked on every path of the built-in CTI server.
 */

let t: TestApp;
let tokens: Record<string, string>;
beforeAll(async () => {
  t = await buildTestApp();
  tokens = await tokensFor(t.app, ['admin', 'manager', 'agent1', 'agent2', 'acme-manager', 'acme-agent']);
});
afterAll(async () => {
  await t?.close();
});

/** Every extension-acting path with valid parameters besides `extension`. */
const PATHS: [string, Query, 'GET' | 'POST'][] = [
  ['/cti_api/index.php/dbCon', {}, 'GET'],
  ['/cti_api/index.php/load', {}, 'GET'],
  ['/cti_api/index.php/dndOn', { option: '11' }, 'GET'],
  ['/cti_api/index.php/dndOff', {}, 'GET'],
  ['/cti_api/index.php/transfer', { number: '01012345678' }, 'GET'],
  ['/cti_api/index.php/unTransfer', {}, 'GET'],
  ['/cti_api/index.php/checkTransfer', {}, 'GET'],
  ['/cti_api/index.php/dial', { number: '01012345678' }, 'GET'],
  ['/cti_api/index.php/blindTransfer', { number: '1003' }, 'GET'],
  ['/cti_api/index.php/attendedTransfer', { number: '1003' }, 'GET'],
  ['/cti_api/index.php/listen', { target: '1003' }, 'GET'],
  ['/cti_api/index.php/whisper', { target: '1003' }, 'GET'],
  ['/cti_api/index.php/hangup', {}, 'GET'],
  ['/cti_api/index.php/answer', {}, 'GET'],
  ['/cti_api/index.php/hold', {}, 'GET'],
  ['/cti_api/index.php/unhold', {}, 'GET'],
  ['/cti_api/index.php/queueReset', { queue: '500' }, 'POST'],
  ['/playsound/sound.php', {}, 'GET'],
  ['/hangup/hangup.php', {}, 'GET'],
  ['/hangup/hangup-with-channel.php', { channel: 'SIP/1002-00000001' }, 'GET'],
  ['/clicktocall/click_ziotes.php', { number: '01012345678' }, 'GET'],
  ['/clicktocall/get_channel.php', {}, 'GET'],
  ['/one-touch-recording/otr.php', {}, 'GET'],
];

const request = (path: string, query: Query, method: 'GET' | 'POST', username?: string) =>
  cti(t.app, path, { method, query, ...(username ? { token: tokens[username] } : {}) });

describe.each(PATHS)('%s', (path, query, method) => {
  it('answers 401 without a token', async () => {
    const response = await request(path, { extension: '1001', ...query }, method);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: true, message: 'Your session has ended. Please sign in again.' });
  });

  it("answers 403 to an agent acting on a colleague's extension", async () => {
    const response = await request(path, { extension: '1002', ...query }, method, 'agent1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: true, message: 'You do not have permission to do this.' });
  });

  it("answers 404 to another company's manager (the extension is not theirs to know about)", async () => {
    const response = await request(path, { extension: '1001', ...query }, method, 'acme-manager');
    const listenOrWhisper = path.endsWith('/listen') || path.endsWith('/whisper');
    expect(response.statusCode).toBe(404);
    if (!listenOrWhisper) expect(response.json()).toEqual({ error: true, message: 'That extension does not exist.' });
  });

  it('answers 403 to the platform administrator (no company, no PBX)', async () => {
    expect((await request(path, { extension: '1001', ...query }, method, 'admin')).statusCode).toBe(403);
  });
});

describe('managers', () => {
  it("act on any extension of their company (1002's state)", async () => {
    const response = await request('/cti_api/index.php/load', { extension: '1002' }, 'GET', 'manager');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 4, exten_status: 0 });
  });

  it("reading a colleague's state does not log it in (only the owner's load does)", async () => {
    await request('/cti_api/index.php/load', { extension: '1003' }, 'GET', 'manager');
    expect((await request('/cti_api/index.php/load', { extension: '1003' }, 'GET', 'manager')).json()).toMatchObject({ exten_status: 0 });
  });

  it('act on their own company only: Acme manager on Acme agent 2001', async () => {
    const response = await request('/cti_api/index.php/checkTransfer', { extension: '2001' }, 'GET', 'acme-manager');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ transfer: false, number: '' });
  });

  it('reload the directory (save-extensions); agents may not', async () => {
    const ok = await cti(t.app, '/v1/users/save-extensions', { method: 'POST', token: tokens.manager });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ result: 'success' });
    expect((await cti(t.app, '/v1/users/save-extensions', { method: 'POST', token: tokens.agent1 })).statusCode).toBe(403);
    expect((await cti(t.app, '/v1/users/save-extensions', { method: 'POST', token: tokens.admin })).statusCode).toBe(403);
    expect((await cti(t.app, '/v1/users/save-extensions', { method: 'POST' })).statusCode).toBe(401);
  });
});

describe('listen and whisper', () => {
  it.each(['listen', 'whisper'])('%s: an agent without the permission gets 403 even on their own extension', async (name) => {
    const response = await request(`/cti_api/index.php/${name}`, { extension: '1002', target: '1001' }, 'GET', 'agent2');
    expect(response.statusCode).toBe(403);
  });

  it.each(['listen', 'whisper'])('%s: a target outside the company answers 404', async (name) => {
    const response = await request(`/cti_api/index.php/${name}`, { extension: '1000', target: '2001' }, 'GET', 'manager');
    expect(response.statusCode).toBe(404);
  });
});

describe('input checks', () => {
  it.each(['dial', 'transfer', 'blindTransfer', 'attendedTransfer'])('%s refuses anything but digits (toll fraud)', async (name) => {
    for (const number of ['0101234abcd', '+821012345678', '010-1234-5678', '*97', '1001#', '']) {
      const response = await request(`/cti_api/index.php/${name}`, { extension: '1001', number }, 'GET', 'agent1');
      expect(response.statusCode, number).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['number']);
    }
  });

  it('click-to-call refuses letters too', async () => {
    const response = await request('/clicktocall/click_ziotes.php', { extension: '1001', number: '1234abc' }, 'GET', 'agent1');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Some fields need your attention.',
      errors: { number: ['Enter the number as digits only (no letters, spaces, + or hyphens).'] },
    });
  });

  it('dndOn accepts only 1, 11, 21 and 31', async () => {
    const response = await request('/cti_api/index.php/dndOn', { extension: '1001', option: '5' }, 'GET', 'agent1');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ option: ['The option must be 1, 11, 21 or 31.'] });
  });

  it('refuses a malformed extension and a malformed channel', async () => {
    expect((await request('/cti_api/index.php/load', { extension: '10a1' }, 'GET', 'agent1')).json().errors).toHaveProperty('extension');
    const channel = await request('/hangup/hangup-with-channel.php', { extension: '1001', channel: 'SIP/1001 ; rm -rf' }, 'GET', 'agent1');
    expect(channel.statusCode).toBe(422);
  });

  it('defaults the extension to the caller’s own', async () => {
    const response = await request('/cti_api/index.php/checkTransfer', {}, 'GET', 'agent2');
    expect(response.statusCode).toBe(200);
  });

  it('answers in Korean for Accept-Language ko', async () => {
    const response = await cti(t.app, '/cti_api/index.php/dial', { query: { extension: '1001', number: 'abc' }, token: tokens.agent1, language: 'ko-KR' });
    expect(response.json().errors.number).toEqual(['번호는 숫자만 입력해 주세요 (문자, 공백, +, 하이픈 제외).']);
  });
});

describe('queue reset', () => {
  it('is refused to an agent whose reset button is hidden (hide_queue_reset_button)', async () => {
    const reset = () => request('/cti_api/index.php/queueReset', { extension: '1002', queue: '500' }, 'POST', 'agent2');
    expect((await reset()).statusCode).toBe(200);
    await t.db
      .update(users)
      .set({ permissions: sql`array_append(${users.permissions}, 'hide_queue_reset_button')` })
      .where(eq(users.username, 'agent2'));
    expect((await reset()).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents every CTI path', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = Object.keys(document.paths).filter((path) => path.startsWith('/cti/'));
    for (const [path] of PATHS) expect(documented).toContain(`/cti${path}`);
    expect(documented).toEqual(expect.arrayContaining(['/cti/v1/users/save-extensions', '/cti/simulator/calls', '/cti/simulator/state']));
  });
});
