import type { ImportPreview, ImportStatus } from '../../../src/api/contracts/import.contract';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { upload, waitForImport } from './import-helpers';
import { handMade, WORKBOOK_PARTS, workbookBytes, zipBytes } from './xlsx-fixtures';

/** member/import (issue 4 item 3): checked before parsing, previewed, mapped, committed row by row. */
let t: TestApp;
let call: Caller;
let manager: string;
let acme: string;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  manager = (await loginAs(t.app, 'manager')).access_token;
  acme = (await loginAs(t.app, 'acme-manager')).access_token;
});
afterAll(async () => {
  await t?.close();
});

const HEADER = ['Name', 'Phone number', 'Company name', 'Groups', 'Levels', 'city', 'birthday'];
type Found = { memberCount: number; data: { name: string; groups: string[]; levels: string[]; company_name: string | null; custom_fields: Record<string, string> }[] };
const lookup = async (number: string) => (await call('manager', `/member/phone-number/${number}`)).json<Found>();

describe('member/import: preview, mapping, commit', () => {
  it('previews the first rows with a suggested column per field, then imports the valid rows', async () => {
    const bytes = workbookBytes([
      HEADER,
      ['가져온 회원', '010-7000-0001', '한빛상사', 'VIP, 일반', 'Gold', '서울', '1990-05-01'],
      ['Imported Two', '+82 10 7000 0002', '', '', '', '', ''],
    ]);
    const response = await upload(t.app, manager, { bytes, fileName: 'members.xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview).toMatchObject({ file_name: 'members.xlsx', headers: HEADER, total_rows: 2 });
    expect(preview.rows[0]).toEqual(['가져온 회원', '010-7000-0001', '한빛상사', 'VIP, 일반', 'Gold', '서울', '1990-05-01']);
    expect(preview.mapping).toEqual({ name: 0, phone_number: 1, company_name: 2, groups: 3, levels: 4, 'custom_fields.city': 5, 'custom_fields.birthday': 6 });
    expect(preview.fields.filter((f) => f.required).map((f) => f.key)).toEqual(['name', 'phone_number']);

    const commit = await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    expect(commit.statusCode, commit.body).toBe(200);
    const done = await waitForImport(t.app, manager, preview.import_id);
    expect(done).toMatchObject({ status: 'done', total_rows: 2, processed: 2, inserted: 2, failed: 0, errors: [] });

    const first = await lookup('01070000001');
    expect(first.memberCount).toBe(1);
    expect(first.data[0]).toMatchObject({ name: '가져온 회원', company_name: '한빛상사', groups: ['VIP', '일반'], levels: ['Gold'], custom_fields: { city: '서울', birthday: '1990-05-01' } });
    expect((await lookup('01070000002')).data[0]).toMatchObject({ name: 'Imported Two', company_name: null, groups: [], custom_fields: {} });
  });

  it('checks the rows against the settings as they are at the commit, not at the preview', async () => {
    const bytes = workbookBytes([HEADER, ['늦은 그룹 회원', '010-7000-0009', '', '미리보기후그룹', '', '', '']]);
    const preview = (await upload(t.app, manager, { bytes, fileName: 'late.xlsx' })).json<ImportPreview>();
    // The manager adds the group the file uses while looking at the preview.
    const group = await call('manager', '/member-group/store', { name: '미리보기후그룹' });
    expect(group.statusCode, group.body).toBe(200);
    await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    expect(await waitForImport(t.app, manager, preview.import_id)).toMatchObject({ status: 'done', inserted: 1, failed: 0 });
    expect((await lookup('01070000009')).data[0]).toMatchObject({ groups: ['미리보기후그룹'] });
  });

  it('recognises Korean headers, restores the 0 Excel drops from numbers, reads date cells as YYYY-MM-DD', async () => {
    const bytes = workbookBytes([
      ['이름', '전화번호', 'birthday'],
      ['숫자 전화', 1070000003, new Date(Date.UTC(1985, 11, 24))],
    ]);
    const response = await upload(t.app, manager, { bytes, fileName: 'KOREAN.XLSX', fields: { commit: 'true' } });
    expect(response.statusCode, response.body).toBe(200);
    const done = await waitForImport(t.app, manager, response.json<ImportStatus>().import_id);
    expect(done).toMatchObject({ status: 'done', inserted: 1 });
    expect((await lookup('01070000003')).data[0]).toMatchObject({ name: '숫자 전화', custom_fields: { birthday: '1985-12-24' } });
  });

  it('follows the chosen mapping: columns in another order, one column left out', async () => {
    const bytes = workbookBytes([
      ['tel', 'who', 'note'],
      ['010-7000-0004', 'Mapped', 'not imported'],
    ]);
    const preview = (await upload(t.app, manager, { bytes, fileName: 'm.xlsx' })).json<ImportPreview>();
    expect(preview.mapping).toMatchObject({ phone_number: 0, name: null });
    const missing = await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: { phone_number: 0 } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ 'mapping.name': ['Choose the column that holds this field.'] });
    const twice = await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: { phone_number: 0, name: 0 } });
    // Under both fields: either may be the one the user just changed.
    expect(twice.json().errors).toEqual({
      'mapping.name': ['This column is already used for another field.'],
      'mapping.phone_number': ['This column is already used for another field.'],
    });

    await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: { name: 1, phone_number: 0 } });
    expect(await waitForImport(t.app, manager, preview.import_id)).toMatchObject({ status: 'done', inserted: 1 });
    expect((await lookup('01070000004')).data[0]!.name).toBe('Mapped');
    const again = await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: { name: 1, phone_number: 0 } });
    expect(again.statusCode).toBe(409);
  });
});

describe('member/import: per-row errors', () => {
  it('imports the valid rows and lists every refused row with its row number, field and message', async () => {
    const bytes = workbookBytes([
      HEADER,
      ['Good One', '010-7100-0001', '', '', '', '', ''],
      ['', '010-7100-0002', '', '', '', '', ''],
      ['Bad Phone', 'call me', '', '', '', '', ''],
      [],
      ['Unknown Group', '010-7100-0004', '', 'Platinum', '', '', ''],
      ['Bad Date', '010-7100-0005', '', '', '', '', '2020-02-30'],
      ['Good Two', '010-7100-0006', '', '', '', '', ''],
    ]);
    const response = await upload(t.app, manager, { bytes, fileName: 'errors.xlsx', fields: { commit: 'true' } });
    const id = response.json<ImportStatus>().import_id;
    const done = await waitForImport(t.app, manager, id);
    expect(done, done.message ?? '').toMatchObject({ status: 'done', inserted: 2, failed: 4, processed: 7 });
    expect(done.errors.map(({ row, field, column }) => ({ row, field, column }))).toEqual([
      { row: 3, field: 'name', column: 'Name' },
      { row: 4, field: 'phone_number', column: 'Phone number' },
      { row: 6, field: 'groups', column: 'Groups' },
      { row: 7, field: 'custom_fields.birthday', column: 'birthday' },
    ]);
    expect(done.errors[0]!.message).toBe("Please enter the member's name.");
    // Messages are kept as ids and answered in the language of whoever asks.
    const korean = await call('manager', `/member/import/${id}/status`, {}, { language: 'ko' });
    expect(korean.json<ImportStatus>().errors[0]!.message).toBe('회원 이름을 입력해 주세요.');
    // Nothing of a refused row was written; the valid rows around them were.
    expect((await lookup('01071000002')).memberCount).toBe(0);
    expect((await lookup('01071000004')).memberCount).toBe(0);
    expect((await lookup('01071000001')).memberCount).toBe(1);
    expect((await lookup('01071000006')).memberCount).toBe(1);
  });

  it('lists every problem of a row in one pass: no name, an unknown group and a bad date together', async () => {
    const bytes = workbookBytes([HEADER, ['', '010-7100-0009', '', 'Platinum', '', '', '2020-02-30']]);
    const id = (await upload(t.app, manager, { bytes, fileName: 'all.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    const done = await waitForImport(t.app, manager, id);
    expect(done).toMatchObject({ status: 'done', inserted: 0, failed: 1 });
    expect(done.errors.map((e) => e.field).sort()).toEqual(['custom_fields.birthday', 'groups', 'name']);
  });

  it('refuses what member/store refuses, for the same reasons', async () => {
    const member = { name: 'Store Twin', phone_number: '010-7100-0009', groups: ['Platinum'] };
    const stored = await call('manager', '/member/store', member);
    expect(stored.statusCode).toBe(422);
    const bytes = workbookBytes([HEADER, [member.name, member.phone_number, '', 'Platinum', '', '', '']]);
    const id = (await upload(t.app, manager, { bytes, fileName: 'twin.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    const done = await waitForImport(t.app, manager, id);
    expect(done.errors.map((e) => [e.field, e.message])).toEqual(Object.entries(stored.json<{ errors: Record<string, string[]> }>().errors).map(([field, messages]) => [field, messages[0]]));
  });
});

describe('member/import: only real .xlsx files, checked before parsing', () => {
  const refusal = async (bytes: Uint8Array, fileName: string, language?: string) => {
    const response = await upload(t.app, manager, { bytes, fileName, ...(language ? { language } : {}) });
    expect(response.statusCode, response.body).toBe(422);
    return response.json<{ errors: Record<string, string[]> }>().errors;
  };
  const csv = Buffer.from('name,phone_number\nCsv Person,010-7200-0001\n');

  it('refuses a .csv with the message of specification §5, in both languages', async () => {
    expect(await refusal(csv, 'members.csv')).toEqual({ file: ['Member import accepts only .xlsx files.'] });
    expect(await refusal(csv, 'members.csv', 'ko')).toEqual({ file: ['회원 가져오기는 .xlsx 파일만 가능합니다.'] });
  });

  it('refuses a .csv renamed to .xlsx (the bytes are checked, not the name or the MIME type)', async () => {
    expect(await refusal(csv, 'members.xlsx')).toEqual({ file: ['Member import accepts only .xlsx files.'] });
  });

  it('refuses a zip that is not a workbook', async () => {
    const zip = zipBytes([{ name: 'readme.txt', data: Buffer.from('hello') }]);
    expect(await refusal(zip, 'archive.xlsx')).toEqual({ file: ['Member import accepts only .xlsx files.'] });
  });

  it('refuses a zip with too many entries before inflating any of them', async () => {
    const parts = [...WORKBOOK_PARTS, ...Array.from({ length: 1001 }, (_, i) => ({ name: `xl/junk/${i}.xml`, data: Buffer.from('x') }))];
    expect(await refusal(zipBytes(parts), 'many.xlsx')).toEqual({ file: ['This file has too many parts to be an Excel workbook.'] });
  });

  it('refuses a zip that declares more than 250 MB uncompressed', async () => {
    const parts = [...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<x/>'), deflate: true, declaredSize: 300 * 1024 * 1024 }];
    expect((await refusal(zipBytes(parts), 'big.xlsx')).file?.[0]).toMatch(/250 MB/);
  });

  it('refuses a zip bomb whose entry inflates to more than it declares', async () => {
    const bomb = Buffer.alloc(5 * 1024 * 1024, 0x41);
    const parts = [...WORKBOOK_PARTS, { name: 'xl/worksheets/sheet1.xml', data: bomb, deflate: true, declaredSize: 1024 }];
    expect((await refusal(zipBytes(parts), 'bomb.xlsx')).file?.[0]).toMatch(/250 MB/);
  });

  it('refuses a file over 20 MB and a request without a file', async () => {
    const huge = Buffer.alloc(21 * 1024 * 1024, 1);
    expect(await refusal(huge, 'huge.xlsx')).toEqual({ file: ['The file is larger than 20 MB. Split it into smaller files.'] });
    const none = await t.app.inject({ method: 'POST', url: '/api/v1/member/import', headers: { authorization: `Bearer ${manager}` }, payload: {} });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ file: ['Please choose a file.'] });
  });

  it('refuses a workbook without rows under its header', async () => {
    expect(await refusal(workbookBytes([HEADER]), 'empty.xlsx')).toEqual({ file: ['The first sheet needs a header row and at least one row under it.'] });
  });
});

describe('member/import: a file broken further down', () => {
  it('stops where the sheet breaks, keeps the rows before it and says so, so the file is not imported twice', async () => {
    // 6,000 good rows (more than one chunk on either database), then a cell that points into a
    // shared-string table the file does not have: the reader meets it only when it gets there.
    const cell = (ref: string, value: string) => `<c r="${ref}" t="inlineStr"><is><t>${value}</t></is></c>`;
    const good = Array.from({ length: 6000 }, (_, i) => `<row r="${i + 2}">${cell(`A${i + 2}`, `부분 ${i}`)}${cell(`B${i + 2}`, `0107400${String(i).padStart(4, '0')}`)}</row>`);
    const bytes = handMade({ sheetData: `<row r="1">${cell('A1', 'Name')}${cell('B1', 'Phone number')}</row>${good.join('')}<row r="6002"><c r="A6002" t="s"><v>7</v></c></row>` });
    const response = await upload(t.app, manager, { bytes, fileName: 'broken.xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreview>();
    await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    const failed = await waitForImport(t.app, manager, preview.import_id);

    expect(failed.status).toBe('failed');
    expect(failed.message).toBe(
      'The file could not be read as an Excel workbook. The import stopped there: the rows before that point were imported and stay saved (see the count below). Take them out of the file before importing it again, or they will be added twice.',
    );
    expect(failed.inserted).toBeGreaterThan(0);
    const saved = (await call('manager', '/member/list', { search: '부분', per_page: 10 })).json().total as number;
    expect(saved).toBe(failed.inserted);
  });

  it('says nothing was saved when the sheet breaks before the first rows went in', async () => {
    const bytes = handMade({ sheetData: '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c></row><row r="2"><c r="A2" t="s"><v>7</v></c></row>' });
    const response = await upload(t.app, manager, { bytes, fileName: 'broken-early.xlsx' });
    if (response.statusCode === 422) return expect(response.json().errors).toEqual({ file: ['The file could not be read as an Excel workbook.'] });
    const preview = response.json<ImportPreview>();
    await call('manager', `/member/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    expect((await waitForImport(t.app, manager, preview.import_id)).message).toBe('The file could not be read as an Excel workbook.');
  });
});

describe('member/import: access and isolation', () => {
  it('needs a token (401) and the members permission (403)', async () => {
    const bytes = workbookBytes([HEADER, ['A', '010-7300-0001']]);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/member/import', payload: {} });
    expect(anonymous.statusCode).toBe(401);
    const admin = (await loginAs(t.app, 'admin')).access_token;
    expect((await upload(t.app, admin, { bytes, fileName: 'a.xlsx' })).statusCode).toBe(403);
  });

  it("never shows or commits another company's import (404)", async () => {
    const bytes = workbookBytes([HEADER, ['Acme Only', '010-7300-0002']]);
    const preview = (await upload(t.app, manager, { bytes, fileName: 'a.xlsx' })).json<ImportPreview>();
    const status = await t.app.inject({ method: 'POST', url: `/api/v1/member/import/${preview.import_id}/status`, headers: { authorization: `Bearer ${acme}` } });
    expect(status.statusCode).toBe(404);
    const commit = await t.app.inject({
      method: 'POST',
      url: `/api/v1/member/import/${preview.import_id}/commit`,
      headers: { authorization: `Bearer ${acme}` },
      payload: { mapping: preview.mapping },
    });
    expect(commit.statusCode).toBe(404);
  });

  it('imports into the caller’s company only', async () => {
    const bytes = workbookBytes([['Name', 'Phone number'], ['Acme Import', '010-7300-0003']]);
    const id = (await upload(t.app, acme, { bytes, fileName: 'acme.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    expect(await waitForImport(t.app, acme, id)).toMatchObject({ status: 'done', inserted: 1 });
    expect((await lookup('01073000003')).memberCount).toBe(0);
    const acmeLookup = await call('acme-manager', '/member/phone-number/01073000003');
    expect(dataOf<unknown>(acmeLookup)).toBeDefined();
    expect(acmeLookup.json().memberCount).toBe(1);
  });
});
