import { sql } from 'drizzle-orm';
import type { ImportPreview, ImportStatus } from '../../../src/api/contracts/import.contract';
import { CHUNK_ROWS } from '../../src/services/import/import-runner';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { dataOf, signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { upload, waitForImport } from './import-helpers';
import { workbookBytes } from './xlsx-fixtures';

/**
 * Imports reach the database as COPY text written by the worker (services/import/copy-text.ts), on the
 * real database of the run (PGlite, or PostgreSQL with DATABASE_URL). What an import stores must be
 * exactly what member/store and consultation/store store for the same cells, whatever the characters
 * COPY escapes; and chunks commit in order, so a database error keeps the chunks before it and no other.
 */
let t: TestApp;
let call: Caller;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  manager = (await loginAs(t.app, 'manager')).access_token;
  // Group and level names with the characters a text[] literal escapes, inside COPY's own escaping.
  await t.db.execute(sql`insert into member_groups (company_id, name) select company_id, unnest(array['say "hi"', 'back\\slash \\N']) from users where username = 'manager'`);
  await t.db.execute(sql`insert into member_levels (company_id, name) select company_id, '탭\t레벨' from users where username = 'manager'`);
});
afterAll(async () => {
  await t?.close();
});

/** Backslashes, COPY's NULL and end-of-data markers, tabs, line breaks, quotes and JSON escapes, Korean. */
const TRICKY = ['back\\slash', '\\N', '\\.', 'tab\there', 'line\nbreak', 'carriage\r\nreturn', 'say "hi" \'there\'', '{"json": [1]}', '홍길동 \\t 서울'];

const previewOf = async (entity: 'member' | 'consultation', rows: string[][]) => {
  const response = await upload(t.app, manager, { entity, bytes: workbookBytes(rows), fileName: 'tricky.xlsx' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportPreview>();
};

const commit = async (entity: 'member' | 'consultation', preview: ImportPreview) => {
  await call('manager', `/${entity}/import/${preview.import_id}/commit`, { mapping: preview.mapping });
  return waitForImport(t.app, manager, preview.import_id, entity);
};

type Member = { name: string; company_name: string | null; groups: string[]; levels: string[]; custom_fields: Record<string, string> };
const memberWith = async (phone: string) => (await call('manager', `/member/phone-number/${phone}`)).json<{ data: Member[] }>().data[0];

describe('import COPY text', () => {
  it('stores members exactly as member/store does, whatever the characters', async () => {
    const header = ['Name', 'Phone number', 'Company name', 'Groups', 'Levels', 'city'];
    const rows = TRICKY.map((text, i) => [`${text} ${i}`, `010-7300-00${String(i).padStart(2, '0')}`, text, i % 2 ? 'say "hi"' : 'back\\slash \\N, say "hi"', '탭\t레벨', text]);
    rows.push(['빈 회사', '010-7300-0099', '', '', '', '']);
    const preview = await previewOf('member', [header, ...rows]);
    expect(await commit('member', preview)).toMatchObject({ status: 'done', inserted: rows.length, failed: 0 });

    // The same cells (as the import read them) through member/store, under other numbers.
    for (const [i, cells] of preview.rows.entries()) {
      const [name, phone, company, groups, levels, city] = cells as [string, string, string, string, string, string];
      const stored = await call('manager', '/member/store', {
        name,
        phone_number: phone.replace('010-73', '010-74'),
        company_name: company,
        groups: groups.split(',').map((g) => g.trim()).filter(Boolean),
        levels: levels ? [levels] : [],
        custom_fields: city ? { city } : {},
      });
      expect(stored.statusCode, stored.body).toBe(200);
      const imported = await memberWith(phone.replace(/-/g, ''));
      expect(imported, `row ${i}`).toEqual(expect.objectContaining(pick(dataOf<Member>(stored))));
    }
    const first = await memberWith('01073000000');
    expect(first).toMatchObject({ name: 'back\\slash 0', company_name: 'back\\slash', groups: ['back\\slash \\N', 'say "hi"'], levels: ['탭\t레벨'], custom_fields: { city: 'back\\slash' } });
    expect(await memberWith('01073000001')).toMatchObject({ name: '\\N 1', company_name: '\\N', custom_fields: { city: '\\N' } });
    // An empty cell is no company (NULL) and no custom value, as member/store makes it.
    expect(await memberWith('01073000099')).toMatchObject({ company_name: null, groups: [], levels: [], custom_fields: {} });
  });

  it('stores consultations exactly as consultation/store does, an empty content included', async () => {
    const header = ['Phone number', 'Title', 'Content', 'Big category', 'order_no'];
    const rows = TRICKY.map((text, i) => [`010-7500-00${String(i).padStart(2, '0')}`, `${text} ${i}`, i % 3 === 0 ? '' : text, '기타', text]);
    const preview = await previewOf('consultation', [header, ...rows]);
    expect(await commit('consultation', preview)).toMatchObject({ status: 'done', inserted: rows.length, failed: 0 });

    type Consultation = { title: string; content: string; inquiry: string | null; small_category: string | null; custom_fields: Record<string, string>; agent_id: number | null };
    const fields = (c: Consultation) => ({ title: c.title, content: c.content, inquiry: c.inquiry, small_category: c.small_category, custom_fields: c.custom_fields });
    for (const [i, cells] of preview.rows.entries()) {
      const [phone, title, content, big, orderNo] = cells as [string, string, string, string, string];
      const stored = await call('manager', '/consultation/store', { phone_number: phone, direction: 'inbound', title, content, big_category: big, custom_fields: orderNo ? { order_no: orderNo } : {} });
      expect(stored.statusCode, stored.body).toBe(200);
      const list = (await call('manager', '/consultation/list', { phone_number: phone, per_page: 10 })).json<{ data: Consultation[] }>().data;
      const imported = list.find((c) => c.agent_id === null);
      expect(imported && fields(imported), `row ${i}`).toEqual(fields(dataOf<Consultation>(stored)));
    }
    const list = (await call('manager', '/consultation/list', { phone_number: '01075000000', per_page: 10 })).json<{ data: Consultation[] }>().data;
    // An empty content is the empty text (the column is NOT NULL), not NULL.
    expect(list.find((c) => c.agent_id === null)).toMatchObject({ title: 'back\\slash 0', content: '', custom_fields: { order_no: 'back\\slash' } });
  });

  it('on a database error keeps the chunks before it, and none of the chunks after it, even those copied meanwhile', async () => {
    const chunk = CHUNK_ROWS[t.database.driver];
    // The first chunk has few valid rows (the others fail validation), so it is in at once and
    // PostgreSQL starts copying the third chunk beside the second; the database refuses the end of the
    // second (the validation knows nothing of that rule). The third must not stay.
    const valid = 10;
    await t.db.execute(sql.raw(`alter table members add constraint import_test_no_boom check (name <> 'Boom')`));
    try {
      const phone = (i: number) => (i < chunk && i >= valid ? 'no number' : `010-76${String(i).padStart(6, '0')}`);
      const rows = Array.from({ length: 3 * chunk }, (_, i) => [i === 2 * chunk - 10 ? 'Boom' : `Chunked ${i}`, phone(i)]);
      const response = await upload(t.app, manager, { bytes: workbookBytes([['Name', 'Phone number'], ...rows]), fileName: 'boom.xlsx', fields: { commit: 'true' } });
      const done = await waitForImport(t.app, manager, response.json<ImportStatus>().import_id);
      expect(done).toMatchObject({ status: 'failed', inserted: valid, failed: chunk - valid, processed: chunk });
      expect(done.message).toMatch(/saved before/);
      // The third chunk may still be finishing when the status turns failed: give it time to (wrongly) stay.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const result = await t.db.execute(sql`select count(*)::int as n, max(phone_number) as last from members where phone_number like '01076%'`);
      expect((result as unknown as { rows: { n: number; last: string }[] }).rows[0]).toEqual({ n: valid, last: `01076${String(valid - 1).padStart(6, '0')}` });
    } finally {
      await t.db.execute(sql.raw('alter table members drop constraint import_test_no_boom'));
    }
  });
});

const pick = ({ name, company_name, groups, levels, custom_fields }: Member): Member => ({ name, company_name, groups, levels, custom_fields });
