import { Writable } from 'node:stream';
import { buildTestApp, loginAs, post, type TestApp } from '../helpers/build-test-app';

/**
 * Issue 15: input PostgreSQL cannot take is a 4xx naming the problem, never a 500, and is not logged
 * above info (a client can send any number of them). The OpenAPI fuzz test (test/fuzz) covers every
 * operation; these pin each fix with a readable example.
 */

let t: TestApp;
let token: string;
const warnings: string[] = [];
beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ logger: { level: 'warn', stream } });
  token = (await loginAs(t.app, 'manager')).access_token;
  warnings.length = 0; // start-up notes (no built web app)
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  // Nothing above info for any of these requests.
  expect(warnings).toEqual([]);
});

const bearer = () => ({ authorization: `Bearer ${token}` });
const nul = 'fu\u0000zz';

describe('NUL characters (input guard)', () => {
  it('a NUL in a text field is a 422 naming the field, in the caller’s language', async () => {
    const response = await post(t.app, '/member/store', { name: nul, phone_number: '01012345678' }, { token });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Some fields need your attention.',
      errors: { name: ['This text contains a NUL character (\\u0000), which cannot be stored. Remove it and try again.'] },
    });
    const korean = await post(t.app, '/member/list', { search: nul }, { token, language: 'ko' });
    expect(korean.statusCode).toBe(422);
    expect(korean.json().errors).toEqual({ search: [expect.stringContaining('NUL 문자')] });
  });

  it('finds it in nested fields, keys, the query and path parameters', async () => {
    const nested = await post(t.app, '/member/store', { name: 'A', phone_number: '01012345678', groups: ['ok', nul] }, { token });
    expect(nested.json().errors).toEqual({ 'groups.1': [expect.any(String)] });
    const key = await post(t.app, '/member/store', { name: 'A', phone_number: '01012345678', custom_fields: { [nul]: 'x' } }, { token });
    expect(key.json().errors).toEqual({ custom_fields: [expect.any(String)] });
    const path = await t.app.inject({ method: 'POST', url: '/api/v1/member/company/fu%00zz', headers: bearer(), payload: {} });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ name: [expect.any(String)] });
    const query = await t.app.inject({ method: 'GET', url: '/cti/cti_api/index.php/dial?extension=1000&number=010%00', headers: bearer() });
    expect(query.statusCode).toBe(422);
    expect(query.json().errors).toEqual({ number: [expect.any(String)] });
  });

  it('checks multipart text fields too (once the form is otherwise valid)', async () => {
    const boundary = 'b0undary';
    const fields = { name: nul, department_id: '1', extension_id: '1099', username: 'fuzzer', password: 'password123' };
    const payload =
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/users/store',
      headers: { ...bearer(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: [expect.stringContaining('NUL')] });
  });

  it('still answers 401 first without a token', async () => {
    expect((await post(t.app, '/member/list', { search: nul })).statusCode).toBe(401);
  });
});

describe('ids beyond PostgreSQL’s integer', () => {
  it('2147483648 in a body or a path is a 422 on the id; 2147483647 is an ordinary unknown record', async () => {
    const body = await post(t.app, '/member/view', { id: 2147483648 }, { token });
    expect(body.statusCode).toBe(422);
    expect(body.json().errors).toEqual({ id: ['The record id is not valid.'] });
    const path = await post(t.app, '/consultation/delete/2147483648', {}, { token });
    expect(path.statusCode).toBe(422);
    expect(path.json().errors).toEqual({ id: ['The record id is not valid.'] });
    const filter = await post(t.app, '/consultation/list', { member_id: '9223372036854775808' }, { token });
    expect(filter.statusCode).toBe(422);
    expect(Object.keys(filter.json().errors)).toEqual(['member_id']);
    expect((await post(t.app, '/member/view', { id: 2147483647 }, { token })).statusCode).toBe(404);
  });
});

describe('multipart', () => {
  it.each(['/member/import', '/consultation/import', '/users/store', '/users/update-avatar'])('%s without a boundary is a 400 with a message', async (path) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/v1${path}`, headers: { ...bearer(), 'content-type': 'multipart/form-data' }, payload: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, message: 'The upload could not be read: a multipart/form-data request needs a boundary.' });
  });

  it.each(['/member/import', '/users/update-avatar'])('%s with a truncated body is a 400 with a message', async (path) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1${path}`,
      headers: { ...bearer(), 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nabc',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: true, message: 'The upload could not be read. Please choose the file and send it again.' });
  });
});

describe('sign-in text', () => {
  it('a 3 KB username is a 422 on the username, not a failure of the throttle’s index', async () => {
    const username = Array.from({ length: 3000 }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
    const response = await post(t.app, '/login', { username, password: 'whatever' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ username: ['This text is too long.'] });
    expect((await post(t.app, '/login', { username: 'u'.repeat(100), password: 'whatever' })).statusCode).toBe(401);
  });
});

describe('dates', () => {
  it('an impossible day in cti/calls/history is a 422 on that field; a real one is fine', async () => {
    const response = await post(t.app, '/cti/calls/history', { date_from: '2024-13-45' }, { token });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ date_from: ['There is no such day. Enter a date as YYYY-MM-DD.'] });
    const february = await post(t.app, '/cti/calls/history', { date_to: '2023-02-29' }, { token });
    expect(february.json().errors).toEqual({ date_to: [expect.stringContaining('no such day')] });
    expect((await post(t.app, '/cti/calls/history', { date_from: '2024-02-29', date_to: '2024-12-31' }, { token })).statusCode).toBe(200);
    const shape = await post(t.app, '/consultation/list', { date_from: '24-1-1' }, { token });
    expect(shape.json().errors).toEqual({ date_from: ['Enter a date as YYYY-MM-DD.'] });
  });
});

describe('ids are numbers or their text (issue 15 follow-up)', () => {
  it('refuses true and [5] as an id instead of reading them as 1 and 5', async () => {
    const t = await buildTestApp();
    try {
      const { access_token } = await loginAs(t.app, 'manager');
      for (const id of [true, [5]]) {
        const response = await post(t.app, '/member/view', { id } as never, { token: access_token });
        expect(response.statusCode, JSON.stringify(id)).toBe(422);
        expect(Object.keys(response.json().errors)).toEqual(['id']);
      }
    } finally {
      await t.close();
    }
  });
});
