import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/pages';

/**
 * Issue 4 item 10, users: a manager adds a user in the `user/add` pop-up, deletes it after the warning
 * that the username can never be used again, and trying to add the same username is refused with the
 * message under the username field (specification §5).
 */
describe.skipIf(!hasBrowser)('users in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    context = await browser.newContext();
    page = await context.newPage();
    await signIn(page, app.url, 'manager');
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await app?.stop();
  });

  /** Managers get pop-ups as windows (specification §4): the add button opens `/window/user/add`. */
  async function openAddUser(): Promise<Page> {
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('resource-add').click()]);
    await popup.waitForURL((url) => url.pathname === '/window/user/add');
    await popup.getByTestId('user-form').waitFor();
    return popup;
  }

  async function fillUser(popup: Page, username: string, extension: string): Promise<void> {
    await popup.getByTestId('name').fill('브라우저 상담원');
    await popup.getByTestId('username').fill(username);
    await popup.getByTestId('password').fill('browser-1234');
    // The company's departments to pick from (the first one).
    await popup.locator('select[data-testid="department_id"]').selectOption({ index: 1 });
    await popup.getByTestId('extension_id').fill(extension);
  }

  const rowOf = (username: string) => page.locator('[data-testid^="row-"]', { hasText: username });

  it('adds a user, deletes it, and refuses the same username afterwards', async () => {
    const username = `browser${Date.now() % 100000}`;
    await page.goto(`${app.url}/users`);
    await page.getByTestId('resource-list-users').waitFor();

    const popup = await openAddUser();
    await fillUser(popup, username, '1090');
    await Promise.all([popup.waitForEvent('close'), popup.getByTestId('user-form-save').click()]);

    // No reload: the pop-up window's write tells this window its users list is stale (cross-window-stale.ts).
    await expect.poll(() => rowOf(username).count(), { timeout: 10_000 }).toBe(1);

    await rowOf(username).locator('[data-testid^="delete-"]').click();
    await expect.poll(() => page.getByTestId('confirm-message').textContent()).toContain('the same username can never be created again');
    await page.getByTestId('confirm-accept').click();
    await expect.poll(() => rowOf(username).count(), { timeout: 10_000 }).toBe(0);

    const again = await openAddUser();
    await fillUser(again, username, '1091');
    await again.getByTestId('user-form-save').click();
    const message = again.getByTestId('username-errors');
    await message.waitFor({ timeout: 10_000 });
    expect(await message.textContent()).toBe('This username belonged to a deleted user and can never be used again.');
    // Still open, with what was typed: nothing was created.
    expect(again.isClosed()).toBe(false);
    expect(await again.getByTestId('username').inputValue()).toBe(username);
    await again.close();
    await page.reload();
    await page.getByTestId('resource-list-users').waitFor();
    expect(await rowOf(username).count()).toBe(0);
  });
});
