import { readFile } from 'node:fs/promises';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import * as XLSX from 'xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/pages';

/**
 * Issue 4 item 10: import an .xlsx of 1,000 members through the import screen, find one by phone in
 * the members list, edit it, export the list with its search through the Export button (a new tab) and
 * compare the downloaded rows with what was imported; a .csv is refused with the §5 message.
 */
const COUNT = 1000;
const HEADER = ['Name', 'Phone number', 'Company name', 'Groups', 'Levels', 'city'];
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const phoneOf = (i: number) => `010-6${String(i).padStart(3, '0')}-${String(7000 + i).padStart(4, '0')}`;
const digits = (phone: string) => phone.replace(/\D/g, '');
const ROWS = Array.from({ length: COUNT }, (_, i) => [`엑셀 회원 ${String(i).padStart(4, '0')}`, phoneOf(i), `회사 ${i % 7}`, i % 2 ? 'VIP' : '', 'Gold', i % 3 ? '서울' : '']);

function workbook(rows: string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADER, ...rows]), 'Members');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** The download a new tab started (the export opens in a new tab, specification §7). */
function nextDownload(context: BrowserContext): Promise<Download> {
  return new Promise((resolve) => {
    context.on('page', (tab) => tab.once('download', resolve));
    for (const open of context.pages()) open.once('download', resolve);
  });
}

describe.skipIf(!hasBrowser)('members and Excel in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ acceptDownloads: true });
    page = await context.newPage();
    await signIn(page, app.url, 'manager');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  it('imports 1,000 members from an .xlsx with a preview, a mapping and a progress bar', async () => {
    await page.goto(`${app.url}/member/import`);
    await page.getByTestId('import-file').setInputFiles({ name: 'members-1000.xlsx', mimeType: XLSX_MIME, buffer: workbook(ROWS) });
    await page.getByTestId('import-upload-submit').click();
    await expect.poll(() => page.getByTestId('import-summary').textContent(), { timeout: 30_000 }).toContain('1,000 rows');
    expect(await page.getByTestId('mapping-phone_number').inputValue()).toBe('1');
    expect(await page.getByTestId('mapping-custom_fields.city').inputValue()).toBe('5');
    await page.getByTestId('import-start').click();
    await page.locator('[data-testid="import-progress"][data-status="done"]').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('import-result').textContent()).toBe('1,000 rows imported, 0 rows refused.');
  });

  it('finds an imported member by phone in the members list and edits it', async () => {
    await page.goto(`${app.url}/members`);
    await page.getByTestId('resource-search').fill(phoneOf(123));
    await page.getByTestId('resource-search-submit').click();
    const rows = page.locator('[data-testid="resource-table"] tbody tr');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('엑셀 회원 0123');
    await rows.first().locator('[data-testid^="edit-"]').click();
    await page.locator('[data-testid="resource-form"] input[name="name"]').fill('엑셀 회원 0123 (수정)');
    await page.getByTestId('resource-form-save').click();
    await expect.poll(() => rows.first().textContent()).toContain('엑셀 회원 0123 (수정)');
  });

  it('exports the list with its search through the Export button and gets back what was imported', async () => {
    await page.getByTestId('resource-search').fill('0106');
    await page.getByTestId('resource-search-submit').click();
    await expect.poll(() => page.getByTestId('page-range').textContent()).toMatch(/of 1,?000$/);
    const downloaded = nextDownload(context);
    await page.getByTestId('export-button').click();
    const file = await downloaded;
    expect(file.suggestedFilename()).toMatch(/^members-\d{8}-\d{4}\.xlsx$/);
    expect(new URL(file.url()).searchParams.get('search')).toBe('0106');
    const book = XLSX.read(await readFile((await file.path())!), { type: 'buffer' });
    const [header, ...rows] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: false, defval: '' });
    expect(header!.slice(0, 5)).toEqual(HEADER.slice(0, 5));
    const byPhone = new Map(rows.map((row) => [row[1], row]));
    expect(byPhone.size).toBe(COUNT);
    const cityColumn = header!.indexOf('city');
    for (const [i, source] of ROWS.entries()) {
      const exported = byPhone.get(digits(source[1]!))!;
      const name = i === 123 ? '엑셀 회원 0123 (수정)' : source[0];
      expect([exported[0], exported[2], exported[3], exported[4], exported[cityColumn]]).toEqual([name, source[2], source[3], source[4], source[5]]);
    }
  });

  it('refuses a .csv with the message of specification §5, also when it is renamed to .xlsx', async () => {
    await page.goto(`${app.url}/member/import`);
    const csv = Buffer.from('Name,Phone number\nCsv Person,010-5000-0001\n');
    await page.getByTestId('import-file').setInputFiles({ name: 'members.csv', mimeType: 'text/csv', buffer: csv });
    await expect.poll(() => page.getByTestId('import-file-errors').textContent()).toBe('Member import accepts only .xlsx files.');
    await page.getByTestId('import-upload-submit').click();
    expect(await page.getByTestId('import-file-errors').textContent()).toBe('Member import accepts only .xlsx files.');

    await page.getByTestId('import-file').setInputFiles({ name: 'renamed.xlsx', mimeType: XLSX_MIME, buffer: csv });
    await page.getByTestId('import-upload-submit').click();
    await expect.poll(() => page.getByTestId('import-file-errors').textContent()).toBe('Member import accepts only .xlsx files.');
  });
});
