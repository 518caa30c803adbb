import * as XLSX from 'xlsx';
import { buildTestApp, login, post, type TestApp } from '../helpers/build-test-app';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { createUser } from './users-test-helpers';

/**
 * users/export (specification §7: a new tab): a download token for purpose `users-export` and the
 * list's parameters, then GET with the token in the query (CONTRACT §3). Cells are escaped (anchors).
 */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

async function tokenFor(username: Parameters<Caller>[0], params: Record<string, string> = {}) {
  const response = await call(username, '/download-token', { purpose: 'users-export', params });
  return { response, token: response.statusCode === 200 ? (response.json().token as string) : '' };
}
const download = (query: Record<string, string>) => t.app.inject({ method: 'GET', url: `/api/v1/users/export?${new URLSearchParams(query)}` });
const sheetOf = (body: Buffer) => {
  const book = XLSX.read(body, { type: 'buffer' });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false });
};

it('answers the company’s users as .xlsx, with the list’s filters and headers in the page’s language', async () => {
  const { response, token } = await tokenFor('manager', { role: 'agent' });
  expect(response.json()).toMatchObject({ expires_in: 60 });
  const file = await download({ role: 'agent', lang: 'kr', token });
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  expect(file.headers['content-disposition']).toMatch(/^attachment; filename="users-\d{8}-\d{4}\.xlsx"/);
  expect(XLSX.read(file.rawPayload, { type: 'buffer' }).SheetNames).toEqual(['사용자']);
  const [header, ...rows] = sheetOf(file.rawPayload);
  expect(header!.slice(0, 5)).toEqual(['ID', '이름', '아이디', '역할', '상태']);
  expect(rows.map((row) => row[2]).sort()).toEqual(['agent1', 'agent2', 'user']);
  expect(JSON.stringify(rows)).not.toMatch(/argon2|acme/);
  // Cells read in the page's language too: labels, not stored values; times in Seoul time.
  const agent1 = rows.find((row) => row[2] === 'agent1')!;
  const column = (id: string) => header!.indexOf(id);
  expect(agent1[column('역할')]).toBe('상담원');
  expect(agent1[column('상태')]).toBe('활성');
  expect(agent1.join(' ')).not.toMatch(/\b(agent|active|true|false)\b|cti_|T\d\d:\d\d:\d\d\.\d+Z/);
  expect(agent1[header!.length - 1]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
});

it('keeps the list’s sort', async () => {
  const params = { sort_by: 'extension', sort_order: 'desc' };
  const { token } = await tokenFor('manager', params);
  const [, ...rows] = sheetOf((await download({ ...params, token })).rawPayload);
  const extensions = rows.map((row) => row[6]).filter((e) => e && /^10\d\d$/.test(e));
  expect(extensions).toEqual(['1003', '1002', '1001', '1000']);
});

it('escapes cells that a spreadsheet would read as formulas', async () => {
  await createUser(call, { name: '=HYPERLINK("http://evil","x")', mobile: '+82 10 1234 5678' });
  await createUser(call, { name: '@SUM(1+1)' });
  const { token } = await tokenFor('manager', { search: '(' });
  const [, ...rows] = sheetOf((await download({ search: '(', token })).rawPayload);
  const names = rows.map((row) => row[1]);
  expect(names).toContain(`'=HYPERLINK("http://evil","x")`);
  expect(names).toContain(`'@SUM(1+1)`);
  expect(rows.find((row) => row[1]?.includes('HYPERLINK'))?.[7]).toBe(`'+82 10 1234 5678`);
});

it('needs a live token for this purpose and exactly these parameters', async () => {
  expect((await download({})).statusCode).toBe(401);
  expect((await download({ token: 'not-a-token' })).statusCode).toBe(401);
  const { token } = await tokenFor('manager', { role: 'agent' });
  // Other filters than the token was issued for.
  expect((await download({ role: 'manager', token })).statusCode).toBe(403);
  // The session token is not a download token, and a member export token does not open users.
  const session = await login(t.app, 'manager', 'manager1234');
  expect((await download({ token: session.access_token })).statusCode).toBe(401);
  const memberToken = (await call('manager', '/download-token', { purpose: 'member-export', params: {} })).json().token;
  expect((await download({ token: memberToken })).statusCode).toBe(403);
});

it('stops working once the login ends', async () => {
  const session = await login(t.app, 'manager', 'manager1234');
  const token = (await post(t.app, '/download-token', { purpose: 'users-export', params: {} }, { token: session.access_token })).json().token;
  expect((await download({ token })).statusCode).toBe(200);
  await post(t.app, '/logout', {}, { token: session.access_token });
  expect((await download({ token })).statusCode).toBe(401);
});

it('is for managers: agents and the admin get no token (403)', async () => {
  for (const username of ['agent1', 'user', 'admin'] as const) expect((await tokenFor(username)).response.statusCode, username).toBe(403);
  expect((await post(t.app, '/download-token', { purpose: 'users-export', params: {} })).statusCode).toBe(401);
});

it('exports only the caller’s company', async () => {
  const { token } = await tokenFor('acme-manager');
  const [, ...rows] = sheetOf((await download({ token })).rawPayload);
  expect(rows.map((row) => row[2]).sort()).toEqual(['acme-agent', 'acme-manager']);
});
