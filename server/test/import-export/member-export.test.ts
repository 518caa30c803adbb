import type { ImportStatus } from '../../../src/api/contracts/import.contract';
import { signDownloadToken } from '../../src/services/downloads/download-tokens';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { download, upload, waitForImport } from './import-helpers';
import { cellTypes, sheetRows, workbookBytes } from './xlsx-fixtures';

/** member/export, the sample and the error report: new-tab downloads behind a download token (CONTRACT §3). */
let t: TestApp;
let call: Caller;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
});
afterAll(async () => {
  await t?.close();
});

type Params = Record<string, string>;
async function tokenFor(username: 'manager' | 'agent1' | 'agent2' | 'acme-manager', purpose: string, params: Params = {}) {
  const response = await call(username, '/download-token', { purpose, params });
  return { status: response.statusCode, token: response.json<{ token?: string }>().token ?? '' };
}
async function exportMembers(params: Params, username: 'manager' | 'agent1' | 'acme-manager' = 'manager') {
  const { token } = await tokenFor(username, 'member-export', params);
  return download(t.app, 'member/export', { ...params, token });
}

describe('member/export', () => {
  it('writes the list’s columns for every member matching the filters, sorted as asked', async () => {
    const response = await exportMembers({ group: '일반', sort_by: 'name', sort_order: 'asc', lang: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{8}-\d{4}\.xlsx"/);
    const [header, ...rows] = sheetRows(response.rawPayload);
    expect(header).toEqual(['Name', 'Phone number', 'Company name', 'Groups', 'Levels', 'birthday', 'city', 'Registered']);
    expect(rows.map((row) => row.slice(0, 5))).toEqual([
      ['이도현', '01055550002', '', '일반', 'Bronze'],
      ['이서연', '01055550002', '', '일반', 'Silver'],
    ]);
    // Registered in Seoul time, as people read it (not an ISO instant in UTC).
    for (const row of rows) expect(row[7]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('writes Korean headers for a Korean page, and applies search and phone type', async () => {
    const response = await exportMembers({ search: '010-5555', phone_type: 'mobile', lang: 'kr' });
    const [header, ...rows] = sheetRows(response.rawPayload);
    expect(header![0]).toBe('이름');
    expect(rows.map((row) => row[0]).sort()).toEqual(['김민준', '이도현', '이서연']);
  });

  it('escapes cells that a spreadsheet would run as formulas, and writes every cell as text', async () => {
    // Names are trimmed on write, so a leading tab or NUL cannot be stored; escapeFormula's own test covers them.
    const hostile = ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', 'Plain'];
    for (const [i, name] of hostile.entries()) {
      const stored = await call('manager', '/member/store', { name, phone_number: `010-8800-000${i}`, company_name: '=cmd|calc' });
      expect(stored.statusCode, stored.body).toBe(200);
    }
    const response = await exportMembers({ search: '0108800', sort_by: 'phone_number', lang: 'en' });
    const [, ...rows] = sheetRows(response.rawPayload);
    expect(rows.map((row) => row[0])).toEqual(["'=HYPERLINK(\"http://evil\")", "'+1+1", "'-2+3", "'@SUM(A1)", 'Plain']);
    expect(rows.every((row) => row[2] === "'=cmd|calc")).toBe(true);
    expect(new Set(cellTypes(response.rawPayload))).toEqual(new Set(['s']));
  });

  it("exports the caller's company only", async () => {
    const response = await exportMembers({ lang: 'en' }, 'acme-manager');
    const [, ...rows] = sheetRows(response.rawPayload);
    expect(rows.map((row) => row[0])).toEqual(['강지호']);
  });

  it('an exported file imports again unchanged', async () => {
    const exported = (await exportMembers({ search: '이서연', lang: 'kr' })).rawPayload;
    const response = await upload(t.app, (await loginAs(t.app, 'acme-manager')).access_token, { bytes: exported, fileName: 'export.xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().mapping).toMatchObject({ name: 0, phone_number: 1, company_name: 2, groups: 3, levels: 4 });
  });
});

describe('download tokens', () => {
  it('answers 401 without a token, with a tampered one, or with a session token', async () => {
    expect((await download(t.app, 'member/export', {})).statusCode).toBe(401);
    const { token } = await tokenFor('manager', 'member-export', {});
    const [header, payload, signature = ''] = token.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await download(t.app, 'member/export', { token: forged })).statusCode).toBe(401);
    const session = (await loginAs(t.app, 'manager')).access_token;
    expect((await download(t.app, 'member/export', { token: session })).statusCode).toBe(401);
  });

  it('answers 403 for a token of another purpose or other parameters', async () => {
    const sample = await tokenFor('manager', 'member-import-sample', { type: 'xlsx', name: 'members' });
    expect((await download(t.app, 'member/export', { token: sample.token })).statusCode).toBe(403);
    const narrow = await tokenFor('manager', 'member-export', { group: 'VIP' });
    expect((await download(t.app, 'member/export', { group: 'VIP', token: narrow.token })).statusCode).toBe(200);
    expect((await download(t.app, 'member/export', { group: '일반', token: narrow.token })).statusCode).toBe(403);
    expect((await download(t.app, 'member/export', { token: narrow.token })).statusCode).toBe(403);
  });

  it('answers 401 once the token has expired', async () => {
    const { token } = await tokenFor('manager', 'member-export', {});
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2 * 60_000);
      expect((await download(t.app, 'member/export', { token })).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends with the login it came from', async () => {
    const session = await loginAs(t.app, 'manager');
    const token = await signDownloadToken(t.config.jwtSecret, { userId: session.user.user.id, companyId: session.user.company!.id, familyId: '00000000-0000-4000-8000-000000000000', loginType: 'password' }, 'member-export', {});
    expect((await download(t.app, 'member/export', { token })).statusCode).toBe(401);
  });

  it('is refused to whoever may not download that (403), when asked and when used', async () => {
    expect((await tokenFor('agent2', 'member-export', {})).status).toBe(403);
    expect((await tokenFor('agent1', 'member-export', {})).status).toBe(200);
  });
});

describe('member/import/{type}/sample/{name}', () => {
  it('downloads a sample with the company’s own columns that imports without errors', async () => {
    const params = { type: 'xlsx', name: 'members', lang: 'en' };
    const { token } = await tokenFor('manager', 'member-import-sample', params);
    const response = await download(t.app, 'member/import/xlsx/sample/members', { lang: 'en', token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/filename="members-sample\.xlsx"/);
    const [header, ...rows] = sheetRows(response.rawPayload);
    expect(header).toEqual(['Name', 'Phone number', 'Company name', 'Groups', 'Levels', 'birthday', 'city']);
    expect(rows).toHaveLength(2);

    const manager = (await loginAs(t.app, 'manager')).access_token;
    const id = (await upload(t.app, manager, { bytes: response.rawPayload, fileName: 'sample.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    expect(await waitForImport(t.app, manager, id)).toMatchObject({ status: 'done', inserted: 2, failed: 0 });
  });

  it('answers 404 for an unknown type or name', async () => {
    const { token } = await tokenFor('manager', 'member-import-sample', { type: 'csv', name: 'members' });
    expect((await download(t.app, 'member/import/csv/sample/members', { token })).statusCode).toBe(404);
  });
});

describe('member/import/{id}/errors', () => {
  it('downloads the refused rows with their row numbers, problems and original cells', async () => {
    const manager = (await loginAs(t.app, 'manager')).access_token;
    const bytes = workbookBytes([
      ['Name', 'Phone number', 'Memo'],
      ['Fine', '010-8900-0001', 'a'],
      ['', '010-8900-0002', 'b'],
      ['No Phone', '', 'c'],
    ]);
    const id = (await upload(t.app, manager, { bytes, fileName: 'e.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    await waitForImport(t.app, manager, id);
    const { token } = await tokenFor('manager', 'member-import-errors', { id, lang: 'en' });
    const response = await download(t.app, `member/import/${id}/errors`, { lang: 'en', token });
    expect(response.statusCode, response.body).toBe(200);
    expect(sheetRows(response.rawPayload)).toEqual([
      ['Row', 'Errors', 'Name', 'Phone number', 'Memo'],
      ['3', "Name: Please enter the member's name.", '', '010-8900-0002', 'b'],
      ['4', 'Phone number: Please enter a phone number.', 'No Phone', '', 'c'],
    ]);
    const other = await tokenFor('acme-manager', 'member-import-errors', { id, lang: 'en' });
    expect((await download(t.app, `member/import/${id}/errors`, { lang: 'en', token: other.token })).statusCode).toBe(404);
  });
});
