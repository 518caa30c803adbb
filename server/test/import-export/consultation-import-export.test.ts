import type { ImportPreview, ImportStatus } from '../../../src/api/contracts/import.contract';
import { buildTestApp, loginAs, type TestApp } from '../helpers/build-test-app';
import { signedInCaller, type Caller } from '../resources/resource-test-helpers';
import { download, upload, waitForImport } from './import-helpers';
import { sheetRows, workbookBytes } from './xlsx-fixtures';

/** consultation/import and consultation/export: the member import's flow with the consultation settings. */
let t: TestApp;
let call: Caller;
let manager: string;
beforeAll(async () => {
  t = await buildTestApp();
  call = await signedInCaller(t.app);
  manager = (await loginAs(t.app, 'manager')).access_token;
});
afterAll(async () => {
  await t?.close();
});

type Found = { data: { title: string; member_id: number | null; agent_name: string | null; direction: string; treatment_result: string; small_category: string | null; created_at: string; custom_fields: Record<string, string> }[] };
const byPhone = async (phone: string) => (await call('manager', '/consultation/list', { phone_number: phone, per_page: 100 })).json<Found>().data;
const HEADER = ['Phone number', 'Title', 'Big category', 'Small category', 'Direction', 'Treatment result', 'Agent', 'Written', 'order_no'];

describe('consultation/import', () => {
  it('imports consultations with labels in either language, the agent by name and the time written', async () => {
    const bytes = workbookBytes([
      HEADER,
      ['010-5555-0001', '배송 문의', '배송', '지연', '발신', '완료', '이민호', '2024-03-02 14:05', 'A-77'],
      ['010-9100-0001', 'Unknown caller', '상품', '', 'Inbound', 'progress', '', '', ''],
      // Waiting as it is labelled now, and as files exported before it was renamed spell it.
      ['010-9100-0002', '보류 건', '상품', '', '수신', '보류', '', '', ''],
      ['010-9100-0003', '예전 파일', '상품', '', '수신', '대기', '', '', ''],
    ]);
    const response = await upload(t.app, manager, { entity: 'consultation', bytes, fileName: 'c.xlsx' });
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview.mapping).toMatchObject({ phone_number: 0, title: 1, big_category: 2, small_category: 3, direction: 4, treatment_result: 5, agent: 6, created_at: 7, 'custom_fields.order_no': 8 });
    await call('manager', `/consultation/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    expect(await waitForImport(t.app, manager, preview.import_id, 'consultation')).toMatchObject({ status: 'done', inserted: 4, failed: 0 });

    const [known] = (await byPhone('01055550001')).filter((c) => c.title === '배송 문의');
    expect(known).toMatchObject({ direction: 'outbound', treatment_result: 'complete', agent_name: '이민호', small_category: '지연', custom_fields: { order_no: 'A-77' } });
    expect(known!.member_id).not.toBeNull();
    expect(known!.created_at).toBe('2024-03-02T05:05:00.000Z');
    const [unknown] = await byPhone('01091000001');
    expect(unknown).toMatchObject({ direction: 'inbound', treatment_result: 'progress', agent_name: null, member_id: null });
    expect((await byPhone('01091000002'))[0]).toMatchObject({ treatment_result: 'waiting' });
    expect((await byPhone('01091000003'))[0]).toMatchObject({ treatment_result: 'waiting' });
  });

  it('lists the refused rows: unknown category, small category of another big one, unknown agent, bad time', async () => {
    const bytes = workbookBytes([
      HEADER,
      ['010-9100-0002', 'No such big', '없는분류', '', '', '', '', '', ''],
      ['010-9100-0003', 'Wrong small', '상품', '지연', '', '', '', '', ''],
      ['010-9100-0004', 'Ghost agent', '기타', '', '', '', 'Nobody', '', ''],
      ['010-9100-0005', 'Bad time', '기타', '', '', '', '', '2024-13-01', ''],
      ['010-9100-0006', '', '기타', '', '', '', '', '', ''],
      ['010-9100-0007', 'Fine', '기타', '', '', '', '', '', ''],
    ]);
    const id = (await upload(t.app, manager, { entity: 'consultation', bytes, fileName: 'c.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    const done = await waitForImport(t.app, manager, id, 'consultation');
    expect(done).toMatchObject({ status: 'done', inserted: 1, failed: 5 });
    expect(done.errors.map((e) => [e.row, e.field])).toEqual([
      [2, 'big_category'],
      [3, 'small_category'],
      [4, 'agent'],
      [5, 'created_at'],
      [6, 'title'],
    ]);
  });

  it('lists every problem of a row in one pass, the contract\'s and the settings\' together', async () => {
    const bytes = workbookBytes([
      HEADER,
      ['010-9100-0008', '', '없는대분류', '', '', 'bogus', '', '', ''],
    ]);
    const id = (await upload(t.app, manager, { entity: 'consultation', bytes, fileName: 'c.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    const done = await waitForImport(t.app, manager, id, 'consultation');
    expect(done).toMatchObject({ status: 'done', inserted: 0, failed: 1 });
    expect(done.errors.map((e) => e.field).sort()).toEqual(['big_category', 'title', 'treatment_result']);
  });

  it('refuses a .csv with its own §5 message', async () => {
    const response = await upload(t.app, manager, { entity: 'consultation', bytes: Buffer.from('a,b\n1,2\n'), fileName: 'c.csv', language: 'ko' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ file: ['상담 가져오기는 .xlsx 파일만 가능합니다.'] });
  });
});

describe('consultation/export and the sample', () => {
  const tokenFor = async (purpose: string, params: Record<string, string>, username: 'manager' | 'agent1' = 'manager') =>
    call(username, '/download-token', { purpose, params });

  it('exports the filtered list in the import’s columns, and the file imports again', async () => {
    const params = { big_category: '배송', lang: 'en' };
    const token = (await tokenFor('consultation-export', params)).json<{ token: string }>().token;
    const response = await download(t.app, 'consultation/export', { ...params, token });
    expect(response.statusCode, response.body).toBe(200);
    const [header, ...rows] = sheetRows(response.rawPayload);
    expect(header!.slice(0, 3)).toEqual(['Phone number', 'Title', 'Big category']);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row[2] === '배송')).toBe(true);
    const imported = await upload(t.app, manager, { entity: 'consultation', bytes: response.rawPayload, fileName: 'again.xlsx', fields: { commit: 'true' } });
    const done = await waitForImport(t.app, manager, imported.json<ImportStatus>().import_id, 'consultation');
    expect(done).toMatchObject({ status: 'done', inserted: rows.length, failed: 0 });
  });

  it('needs consultation_export (agents without it are refused)', async () => {
    expect((await tokenFor('consultation-export', {}, 'agent1')).statusCode).toBe(403);
  });

  it('downloads a sample that imports without errors', async () => {
    const token = (await tokenFor('consultation-import-sample', { type: 'xlsx', name: 'consultations', lang: 'kr' })).json<{ token: string }>().token;
    const response = await download(t.app, 'consultation/import/xlsx/sample/consultations', { lang: 'kr', token });
    expect(response.statusCode, response.body).toBe(200);
    expect(sheetRows(response.rawPayload)[0]![0]).toBe('전화번호');
    const id = (await upload(t.app, manager, { entity: 'consultation', bytes: response.rawPayload, fileName: 's.xlsx', fields: { commit: 'true' } })).json<ImportStatus>().import_id;
    expect(await waitForImport(t.app, manager, id, 'consultation')).toMatchObject({ status: 'done', inserted: 2, failed: 0 });
  });
});
