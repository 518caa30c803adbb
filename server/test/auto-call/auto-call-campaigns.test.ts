import { eq, sql } from 'drizzle-orm';
import type { ImportPreview, ImportStatus } from '../../../src/api/contracts/import.contract';
import { autoCallNumbers, callerIds, companies } from '../../src/db/schema';
import { autoCallCampaigns } from '../../src/db/schema/entities';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { download, waitForImport } from '../import-export/import-helpers';
import { sheetRows, workbookBytes } from '../import-export/xlsx-fixtures';
import { dataOf, signedInCaller, type Caller, type DemoUser } from '../resources/resource-test-helpers';

/**
 * Auto-call campaigns and their numbers (issue 19, CONTRACT §10 and §13): the section 5 messages, the
 * numbers from .xlsx through the import pipeline (per-row errors, members linked), the page of numbers,
 * the export, deleting them, company isolation and the permission.
 */
let t: TestApp;
let call: Caller;
const CALLER_ID = '0215880001';

beforeAll(async () => {
  t = await buildTestApp();
  // Acme may use auto calls too, so what it meets on the demo company's campaigns is isolation (404),
  // not its company's missing permission (403).
  await t.db.update(companies).set({ permissions: sql`array_append(${companies.permissions}, 'company_can_use_auto_call')` }).where(eq(companies.name, 'Acme Support'));
  call = await signedInCaller(t.app);
  const demo = call.userInfoOf('manager').company!.id;
  await t.db.insert(callerIds).values({ companyId: demo, number: CALLER_ID, name: 'Main line' });
});
afterAll(async () => {
  await t?.close();
});

const valid = (more: Record<string, unknown> = {}) => ({ name: `Campaign ${Math.random().toString(36).slice(2, 8)}`, variant: 'studymax', caller_id: CALLER_ID, multiple: 2, extensions: ['1001'], ...more });

async function createCampaign(more: Record<string, unknown> = {}) {
  const response = await call('manager', '/auto-call/store', valid(more));
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<{ id: number; state: string }>(response);
}

/** `auto-call/upload` (CONTRACT §13): multipart, the file in `file` and the campaign in `campaign_id`. */
function upload(username: DemoUser, rows: unknown[][], fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(workbookBytes(rows, 'Numbers'))]), 'numbers.xlsx');
  return t.app.inject({ method: 'POST', url: '/api/v1/auto-call/upload', headers: { authorization: `Bearer ${call.tokenOf(username)}`, accept: 'application/json' }, payload: form });
}

const uploadNumbers = (campaignId: number, rows: unknown[][], username: DemoUser = 'manager') => upload(username, rows, { campaign_id: String(campaignId) });

async function importNumbers(campaignId: number, rows: unknown[][]): Promise<ImportStatus> {
  const response = await uploadNumbers(campaignId, rows);
  expect(response.statusCode, response.body).toBe(200);
  const preview = response.json<ImportPreview>();
  const commit = await call('manager', `/auto-call/import/${preview.import_id}/commit`, { mapping: preview.mapping });
  expect(commit.statusCode, commit.body).toBe(200);
  return waitForImport(t.app, call.tokenOf('manager'), preview.import_id, 'auto-call');
}

const numbersOf = async (campaignId: number, body: Record<string, unknown> = {}) => {
  const response = await call('manager', '/auto-call/numbers', { campaign_id: campaignId, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { phone_number: string; member_id: number | null; attempts: number; result: string | null }[]; total: number; last_page: number; current_page: number }>();
};

describe('auto-call/store', () => {
  it('says "Multiple and caller ID are required." once, and that an extension is required', async () => {
    const response = await call('manager', '/auto-call/store', { name: 'No essentials', variant: 'studymax' });
    expect(response.statusCode).toBe(422);
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.multiple).toEqual(['Multiple and caller ID are required.']);
    expect(errors.caller_id).toBeUndefined();
    expect(errors.extensions).toEqual(['At least one extension is required.']);
  });

  it('says the same in Korean', async () => {
    const response = await call('manager', '/auto-call/store', { name: '필수 없음' }, { language: 'ko' });
    const errors = response.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.multiple).toEqual(['동시 발신 수와 발신번호는 필수입니다.']);
    expect(errors.extensions).toEqual(['내선번호를 하나 이상 선택해야 합니다.']);
  });

  it('stores the defaults: ready, progressive, 08:00–21:00, 3 attempts 600 s apart, 3 % abandon rate', async () => {
    const campaign = await createCampaign();
    expect(campaign).toMatchObject({ state: 'ready', pacing: 'progressive', call_window: { start: '08:00', end: '21:00' }, max_attempts: 3, retry_delay_s: 600, max_abandon_rate: 0.03 });
  });

  it('refuses a caller id that is not the company’s, unknown extensions, a window ending before it starts and rates out of range', async () => {
    const response = await call('manager', '/auto-call/store', valid({ caller_id: '0299998888', extensions: ['9876'] }));
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({ caller_id: ["Choose one of the company's caller IDs."], extensions: ["Choose extensions of the company's users."] });
    const window = await call('manager', '/auto-call/store', valid({ call_window: { start: '21:00', end: '08:00' }, max_abandon_rate: 0.5, max_attempts: 11 }));
    expect(window.statusCode).toBe(422);
    expect(window.json<{ errors: Record<string, string[]> }>().errors).toMatchObject({
      'call_window.end': ['The call window must end after it starts.'],
      max_abandon_rate: ['This number is out of range.'],
      max_attempts: ['This number is out of range.'],
    });
  });

  it('requires a sound file for a public campaign', async () => {
    const response = await call('manager', '/auto-call/store', valid({ variant: 'public' }));
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: Record<string, string[]> }>().errors.sound_file_id).toEqual(['A public campaign needs a sound file to play.']);
  });

  it('never takes the state from the form', async () => {
    const campaign = await createCampaign({ state: 'complete' });
    expect(campaign.state).toBe('ready');
  });

  it('lists each variant apart', async () => {
    const studymax = await createCampaign({ name: 'Variant list studymax' });
    const listed = await call('manager', '/auto-call/list', { variant: 'public', per_page: 100 });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ data: { id: number; variant: string }[] }>().data.every((c) => c.variant === 'public' && c.id !== studymax.id)).toBe(true);
  });
});

describe('auto-call/upload: numbers through the import pipeline', () => {
  it('previews with the phone_number column suggested, imports valid numbers, lists invalid and duplicate rows', async () => {
    const campaign = await createCampaign();
    const response = await uploadNumbers(campaign.id, [['name', 'phone_number'], ['Kim', '010-5555-0001'], ['Lee', 'not a number'], ['Park', '+82 10-7777-0003'], ['Kim again', '01055550001'], ['Choi', '1077770004']]);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview.mapping).toEqual({ phone_number: 1 });
    expect(preview.total_rows).toBe(5);
    const commit = await call('manager', `/auto-call/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    expect(commit.statusCode, commit.body).toBe(200);
    const done = await waitForImport(t.app, call.tokenOf('manager'), preview.import_id, 'auto-call');
    expect(done).toMatchObject({ status: 'done', total_rows: 5, inserted: 3, failed: 2 });
    expect(done.errors).toEqual([
      { row: 3, field: 'phone_number', column: 'phone_number', message: 'Enter a phone number as digits; spaces, hyphens, dots, parentheses and a leading + are allowed.' },
      { row: 5, field: 'phone_number', column: 'phone_number', message: 'This number appears earlier in the file.' },
    ]);
    const numbers = await numbersOf(campaign.id);
    expect(numbers.data.map((n) => n.phone_number)).toEqual(['01055550001', '01077770003', '01077770004']);
    expect(numbers.data.every((n) => n.attempts === 0 && n.result === null)).toBe(true);
  });

  it('takes the first column when no header names the number, and refuses numbers already in the campaign', async () => {
    const campaign = await createCampaign();
    expect(await importNumbers(campaign.id, [['연락처 목록'], ['02-123-4567']])).toMatchObject({ status: 'done', inserted: 1 });
    const again = await importNumbers(campaign.id, [['Numbers'], ['021234567'], ['031-000-1111']]);
    expect(again).toMatchObject({ inserted: 1, failed: 1 });
    expect(again.errors[0]).toMatchObject({ row: 2, message: 'This number is already in the campaign.' });
    expect((await numbersOf(campaign.id)).total).toBe(2);
  });

  it('reads a file of bare numbers, without a header, from its first row', async () => {
    const campaign = await createCampaign();
    const response = await uploadNumbers(campaign.id, [['010-5555-0101'], ['01055550102'], ['+82 10 5555 0103']]);
    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview.total_rows).toBe(3);
    expect(preview.mapping).toEqual({ phone_number: 0 });
    const commit = await call('manager', `/auto-call/import/${preview.import_id}/commit`, { mapping: preview.mapping });
    expect(commit.statusCode, commit.body).toBe(200);
    expect(await waitForImport(t.app, call.tokenOf('manager'), preview.import_id, 'auto-call')).toMatchObject({ status: 'done', inserted: 3, failed: 0 });
    expect((await numbersOf(campaign.id)).data.map((n) => n.phone_number)).toEqual(['01055550101', '01055550102', '01055550103']);
  });

  it('links each number to the company’s member with it, as the members are when it is read', async () => {
    const campaign = await createCampaign();
    await importNumbers(campaign.id, [['phone_number'], ['010-5555-0001'], ['010-9999-0000']]);
    const member = (await call('manager', '/member/phone-number/01055550001')).json<{ data: { id: number }[] }>().data[0]!;
    const numbers = (await numbersOf(campaign.id)).data;
    expect(numbers.find((n) => n.phone_number === '01055550001')?.member_id).toBe(member.id);
    expect(numbers.find((n) => n.phone_number === '01099990000')?.member_id).toBeNull();
    // A member added after the upload is the number's member from then on.
    const added = await call('manager', '/member/store', { name: '나중 회원', phone_number: '010-9999-0000' });
    expect(added.statusCode, added.body).toBe(200);
    const later = (await numbersOf(campaign.id)).data;
    expect(later.find((n) => n.phone_number === '01099990000')?.member_id).toBe(added.json<{ data: { id: number } }>().data.id);
  });

  it('refuses an upload without a campaign (422), of another company (404) and while the campaign runs (409)', async () => {
    const campaign = await createCampaign();
    const missing = await upload('manager', [['phone_number'], ['0101234567']], {});
    expect(missing.statusCode).toBe(422);
    expect(missing.json<{ errors: Record<string, string[]> }>().errors.campaign_id).toEqual(['Choose a campaign.']);
    expect((await uploadNumbers(campaign.id, [['phone_number'], ['0101234567']], 'acme-manager')).statusCode).toBe(404);
    await t.db.update(autoCallCampaigns).set({ state: 'on_going' }).where(eq(autoCallCampaigns.id, campaign.id));
    const running = await uploadNumbers(campaign.id, [['phone_number'], ['0101234567']]);
    expect(running.statusCode).toBe(409);
    expect(running.json<{ message: string }>().message).toBe('This campaign is running. Pause or cancel it before changing its numbers.');
    expect((await call('manager', '/auto-call/data/delete', { campaign_id: campaign.id })).statusCode).toBe(409);
  });
});

describe('auto-call/numbers, export, data/delete, summary', () => {
  it('pages the numbers and filters them by result', async () => {
    const campaign = await createCampaign();
    const rows = [['phone_number'], ...Array.from({ length: 25 }, (_, i) => [`010-6000-${String(i).padStart(4, '0')}`])];
    expect(await importNumbers(campaign.id, rows)).toMatchObject({ inserted: 25 });
    const third = await numbersOf(campaign.id, { page: 3, per_page: 10 });
    expect(third).toMatchObject({ total: 25, last_page: 3, current_page: 3 });
    expect(third.data.map((n) => n.phone_number)).toEqual(['01060000020', '01060000021', '01060000022', '01060000023', '01060000024']);
    expect((await call('manager', '/auto-call/numbers', { campaign_id: campaign.id, per_page: 7 })).statusCode).toBe(422);
    await t.db.update(autoCallNumbers).set({ result: 'busy', attempts: 2 }).where(eq(autoCallNumbers.phoneNumber, '01060000003'));
    const busy = await numbersOf(campaign.id, { result: 'busy' });
    expect(busy.data).toEqual([expect.objectContaining({ phone_number: '01060000003', attempts: 2, result: 'busy' })]);
    const summary = (await call('manager', '/auto-call/summary', { ids: [campaign.id] })).json<{ data: { campaign_id: number; total: number; pending: number; results: Record<string, number> }[] }>().data;
    expect(summary).toEqual([expect.objectContaining({ campaign_id: campaign.id, total: 25, pending: 24, results: expect.objectContaining({ busy: 1, success: 0 }) })]);
  });

  it('exports every number with its attempts and result as .xlsx, readable back', async () => {
    const campaign = await createCampaign();
    await importNumbers(campaign.id, [['phone_number'], ['010-5555-0001'], ['010-8000-0002']]);
    await t.db.update(autoCallNumbers).set({ result: 'success', attempts: 1 }).where(eq(autoCallNumbers.phoneNumber, '01080000002'));
    const params = { campaign_id: String(campaign.id), lang: 'en' };
    const token = (await call('manager', '/download-token', { purpose: 'auto-call-numbers-export', params })).json<{ token: string }>().token;
    const response = await download(t.app, 'auto-call/export', { ...params, token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/auto-call-\d+-numbers-\d{8}-\d{4}\.xlsx/);
    const [header, ...rows] = sheetRows(response.rawPayload);
    expect(header).toEqual(['Phone number', 'Member', 'Attempts', 'Result', 'Last attempt']);
    expect(rows.map((row) => [row[0], row[2], row[3]])).toEqual([
      ['01055550001', '0', 'Not yet called'],
      ['01080000002', '1', 'Success'],
    ]);
    expect(rows[0]![1]).not.toBe('');
    // Without a token, or with acme's for the demo company's campaign: nothing.
    expect((await download(t.app, 'auto-call/export', params)).statusCode).toBe(401);
  });

  it('deletes every number of a campaign, and nothing of another', async () => {
    const campaign = await createCampaign();
    const other = await createCampaign();
    await importNumbers(campaign.id, [['phone_number'], ['010-5000-0001'], ['010-5000-0002']]);
    await importNumbers(other.id, [['phone_number'], ['010-5000-0001']]);
    const response = await call('manager', '/auto-call/data/delete', { campaign_id: campaign.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ deleted: 2 });
    expect((await numbersOf(campaign.id)).total).toBe(0);
    expect((await numbersOf(other.id)).total).toBe(1);
  });
});

describe('auto-call/delete', () => {
  it('takes the campaign’s numbers with it, and refuses a running campaign (409)', async () => {
    const campaign = await createCampaign();
    await importNumbers(campaign.id, [['phone_number'], ['010-3000-0001'], ['010-3000-0002']]);
    await t.db.update(autoCallCampaigns).set({ state: 'on_going' }).where(eq(autoCallCampaigns.id, campaign.id));
    const running = await call('manager', `/auto-call/delete/${campaign.id}`);
    expect(running.statusCode).toBe(409);
    expect(running.json<{ message: string }>().message).toBe('This campaign is running. Pause or cancel it before deleting it.');
    await t.db.update(autoCallCampaigns).set({ state: 'paused' }).where(eq(autoCallCampaigns.id, campaign.id));
    expect((await call('manager', `/auto-call/delete/${campaign.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(autoCallNumbers).where(eq(autoCallNumbers.campaignId, campaign.id))).toEqual([]);
  });
});

describe('company isolation and permission', () => {
  it('hides the demo company’s campaigns and numbers from acme-manager (404)', async () => {
    const campaign = await createCampaign();
    await importNumbers(campaign.id, [['phone_number'], ['010-4000-0001']]);
    expect((await call('acme-manager', '/auto-call/view', { id: campaign.id })).statusCode).toBe(404);
    expect((await call('acme-manager', '/auto-call/update', { ...valid(), id: campaign.id })).statusCode).toBe(404);
    expect((await call('acme-manager', '/auto-call/numbers', { campaign_id: campaign.id })).statusCode).toBe(404);
    expect((await call('acme-manager', '/auto-call/data/delete', { campaign_id: campaign.id })).statusCode).toBe(404);
    const listed = (await call('acme-manager', '/auto-call/list', { per_page: 100 })).json<{ data: { id: number }[] }>().data;
    expect(listed.some((c) => c.id === campaign.id)).toBe(false);
    const summary = (await call('acme-manager', '/auto-call/summary', {})).json<{ data: { campaign_id: number }[] }>().data;
    expect(summary.some((c) => c.campaign_id === campaign.id)).toBe(false);
    const callerIdsOfAcme = (await call('acme-manager', '/auto-call/caller-ids', {})).json<{ data: { number: string }[] }>().data;
    expect(callerIdsOfAcme.map((c) => c.number)).not.toContain(CALLER_ID);
    // acme's token is for acme's scope: the demo campaign does not exist for it.
    const token = (await call('acme-manager', '/download-token', { purpose: 'auto-call-numbers-export', params: { campaign_id: String(campaign.id) } })).json<{ token: string }>().token;
    expect((await download(t.app, 'auto-call/export', { campaign_id: String(campaign.id), token })).statusCode).toBe(404);
    expect((await numbersOf(campaign.id)).total).toBe(1);
  });

  it('refuses an agent without auto_call_system (403) on every route', async () => {
    const campaign = await createCampaign();
    for (const [path, body] of [
      ['/auto-call/list', {}],
      ['/auto-call/store', valid()],
      ['/auto-call/numbers', { campaign_id: campaign.id }],
      ['/auto-call/data/delete', { campaign_id: campaign.id }],
      ['/auto-call/summary', {}],
      ['/auto-call/caller-ids', {}],
    ] as const) {
      expect((await call('agent1', path, body)).statusCode, path).toBe(403);
    }
    expect((await uploadNumbers(campaign.id, [['phone_number'], ['0101234567']], 'agent1')).statusCode).toBe(403);
    expect((await call('agent1', '/download-token', { purpose: 'auto-call-numbers-export', params: { campaign_id: String(campaign.id) } })).statusCode).toBe(403);
  });

  it('offers the company’s caller ids to whoever may run campaigns', async () => {
    const response = await call('manager', '/auto-call/caller-ids', {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: { number: string; name: string }[] }>().data).toContainEqual(expect.objectContaining({ number: CALLER_ID, name: 'Main line' }));
  });
});
