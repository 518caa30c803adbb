import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/pages';

/**
 * Issue 16: Korean dates in Korean order, and date filters in the page's language rather than the
 * browser's. The browser here is an English one (en-US), as a Korean agent's often is: Chromium's own
 * `<input type="date">` would show 11/27/2026 whatever the page's language (it ignores `lang`), so the
 * app's date filters are text boxes reading and showing the page's format (src/ui/forms/day-input.tsx).
 */
describe.skipIf(!hasBrowser)('dates in Chromium, in Korean and in English', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.goto(`${app.url}/login`);
    await page.evaluate(() => localStorage.setItem('language', 'kr'));
    await signIn(page, app.url, 'manager');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  const firstRow = () => page.locator('[data-testid^="row-"]').first();
  /** The body of the next consultation list request. */
  const nextListBody = () =>
    page.waitForRequest((request) => request.url().endsWith('/api/v1/consultation/list') && request.method() === 'POST', { timeout: 10_000 }).then((request) => request.postDataJSON() as Record<string, unknown>);

  it('shows the consultations’ times in Korean order, and reads and shows the date filters in Korean', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${app.url}/consultations/consultations`);
    await firstRow().waitFor({ timeout: 15_000 });
    expect(await firstRow().innerText()).toMatch(/\b\d{4}\. \d{1,2}\. \d{1,2}\. 오[전후] \d{1,2}:\d{2}:\d{2}\b/);

    const from = page.getByTestId('filter-date_from');
    expect(await from.getAttribute('type')).toBe('text');
    expect(await from.getAttribute('placeholder')).toBe('시작일');
    await from.fill('2026. 3. 1.');
    const [body] = await Promise.all([nextListBody(), from.press('Tab')]);
    expect(body).toMatchObject({ date_from: '2026-03-01' });
    expect(await from.inputValue()).toBe('2026. 3. 1.');

    // A day that does not exist is kept, marked and explained; the filter keeps its day.
    const to = page.getByTestId('filter-date_to');
    await to.fill('2026. 2. 30.');
    await to.press('Enter');
    await expect.poll(() => page.getByTestId('filter-date_to-unreadable').innerText()).toMatch(/^날짜를 읽을 수 없습니다\. \d{4}\. \d{1,2}\. \d{1,2}\.처럼 입력하세요\.$/);
    expect(await to.getAttribute('aria-invalid')).toBe('true');

    // The calendar button opens the browser's own picker; a day picked there shows in Korean order.
    await page.getByTestId('filter-date_to-pick').click();
    await page.keyboard.press('Escape');
    const picker = page.locator('.day-input:has([data-testid="filter-date_to"]) input[type="date"]');
    const [picked] = await Promise.all([nextListBody(), picker.fill('2026-03-31')]);
    expect(picked).toMatchObject({ date_from: '2026-03-01', date_to: '2026-03-31' });
    expect(await to.inputValue()).toBe('2026. 3. 31.');
    expect(errors).toEqual([]);
  }, 60_000);

  it('shows the same filters and times in English order once the page is in English', async () => {
    await page.evaluate(() => localStorage.setItem('language', 'en'));
    await page.reload();
    // The list remembers its filters through the reload (api/list-query-memory.ts).
    await page.getByTestId('filter-date_from').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('filter-date_from').inputValue()).toBe('Mar 1, 2026');
    expect(await page.getByTestId('filter-date_to').inputValue()).toBe('Mar 31, 2026');
    for (const name of ['filter-date_from', 'filter-date_to']) {
      await page.getByTestId(name).fill('');
      await page.getByTestId(name).press('Tab');
    }
    await firstRow().waitFor({ timeout: 15_000 });
    expect(await firstRow().innerText()).toMatch(/\b[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2}:\d{2} [AP]M\b/);
  }, 60_000);
});
