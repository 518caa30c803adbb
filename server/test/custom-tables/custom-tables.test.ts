import { CUSTOM_TABLE_COLUMNS, CUSTOM_TABLE_KEYS } from '../../../src/api/contracts/custom-table.contract';
import { buildTestApp, post, type TestApp } from '../helpers/build-test-app';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';

/**
 * Custom table settings (issue 4 item 7): custom-table/list, /view, /update and /reset. Every user of
 * a company reads them; managers change them; each company has its own.
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

const PATHS = ['/custom-table/list', '/custom-table/view', '/custom-table/update', '/custom-table/reset'];
const dataOf = (response: { json: () => { data: unknown } }) => response.json().data as { table: string; columns: { key: string; visible: boolean }[]; is_default: boolean; updated_at: string | null };

it('answers 401 without a token and 403 for the admin, who has no company', async () => {
  for (const path of PATHS) {
    expect((await post(t.app, path, { table: 'members' })).statusCode, path).toBe(401);
    expect((await call('admin', path, { table: 'members', columns: [{ key: 'name', visible: true }] })).statusCode, path).toBe(403);
  }
});

it('lists the four tables with the catalogue’s defaults while nothing is saved', async () => {
  const list = (await call('agent2', '/custom-table/list')).json().data as { table: string; columns: { key: string; visible: boolean }[]; is_default: boolean }[];
  expect(list.map((s) => s.table)).toEqual(CUSTOM_TABLE_KEYS);
  for (const settings of list) {
    expect(settings.is_default).toBe(true);
    expect(settings.columns.map((c) => c.key)).toEqual(CUSTOM_TABLE_COLUMNS[settings.table as keyof typeof CUSTOM_TABLE_COLUMNS]);
  }
  const members = list.find((s) => s.table === 'members')!;
  expect(members.columns.filter((c) => !c.visible).map((c) => c.key)).toEqual(['custom_fields', 'updated_at']);
});

it('a manager saves order and visibility; the whole company reads them back; missing columns follow, visible', async () => {
  const columns = [
    { key: 'phone_number', visible: true },
    { key: 'name', visible: true },
    { key: 'groups', visible: false },
  ];
  const saved = dataOf(await call('manager', '/custom-table/update', { table: 'members', columns }));
  expect(saved.is_default).toBe(false);
  expect(saved.updated_at).not.toBeNull();
  expect(saved.columns.slice(0, 3)).toEqual(columns);
  expect(saved.columns.map((c) => c.key)).toEqual(['phone_number', 'name', 'groups', 'company_name', 'levels', 'custom_fields', 'created_at', 'updated_at']);
  expect(saved.columns.slice(3).every((c) => c.visible)).toBe(true);
  for (const username of ['agent1', 'user'] as const) {
    expect(dataOf(await call(username, '/custom-table/view', { table: 'members' })).columns).toEqual(saved.columns);
  }
  // Saving again replaces (one row per company and table).
  const again = dataOf(await call('manager', '/custom-table/update', { table: 'members', columns: [{ key: 'name', visible: true }] }));
  expect(again.columns[0]).toEqual({ key: 'name', visible: true });
  expect(again.columns.find((c) => c.key === 'groups')?.visible).toBe(true);
});

it('reset goes back to the defaults', async () => {
  await call('manager', '/custom-table/update', { table: 'outbound-details', columns: [{ key: 'status', visible: true }] });
  const reset = dataOf(await call('manager', '/custom-table/reset', { table: 'outbound-details' }));
  expect(reset).toMatchObject({ is_default: true, updated_at: null });
  expect(reset.columns.map((c) => c.key)).toEqual(CUSTOM_TABLE_COLUMNS['outbound-details']);
});

it('only managers change them', async () => {
  for (const username of ['agent1', 'agent2', 'user', 'acme-agent'] as const) {
    expect((await call(username, '/custom-table/update', { table: 'members', columns: [{ key: 'name', visible: true }] })).statusCode).toBe(403);
    expect((await call(username, '/custom-table/reset', { table: 'members' })).statusCode).toBe(403);
  }
});

it('refuses unknown tables, unknown or repeated columns and a table with nothing visible (422 under the field)', async () => {
  const errors = async (body: Record<string, unknown>) => (await call('manager', '/custom-table/update', body)).json().errors;
  expect(await errors({ table: 'calls', columns: [{ key: 'name', visible: true }] })).toEqual({ table: ['There is no such table.'] });
  expect(await errors({ table: 'members', columns: [{ key: 'password', visible: true }] })).toEqual({
    columns: ["List each column of this table at most once, and only this table's columns."],
  });
  expect(await errors({ table: 'members', columns: [{ key: 'name', visible: true }, { key: 'name', visible: false }] })).toHaveProperty('columns');
  expect(await errors({ table: 'members', columns: [{ key: 'name', visible: false }] })).toEqual({ columns: ['Show at least one column.'] });
  expect(await errors({ table: 'members', columns: [] })).toEqual({ columns: ['Choose the columns to show.'] });
  expect((await call('manager', '/custom-table/view', { table: 'nope' }, { language: 'ko' })).json().errors).toEqual({ table: ['해당 테이블이 없습니다.'] });
});

it('is described in the OpenAPI document', async () => {
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  for (const path of PATHS) expect(document.paths[`/api/v1${path}`]?.post, path).toBeDefined();
  expect(document.paths['/api/v1/consultation/get-settings']?.post).toBeDefined();
});
