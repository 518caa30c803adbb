import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';

/**
 * Issue 20 item 1 in Chromium against the real server: the administrator adds a company with its first
 * manager on /admin/management/company, that manager signs in at once through the login form, the
 * company's data is destroyed after its name is typed (the progress ends "done"), and deleting the company
 * signs the manager out.
 */
describe.skipIf(!hasBrowser)('companies of the administrator in Chromium', () => {
  const session = useBrowserApp();

  it('adds a company whose manager signs in at once, destroys its data with progress, then deletes it', async () => {
    const { page } = await session.signedIn('admin');
    await page.goto(`${session.app.url}/admin/management/company`);
    await page.getByTestId('resource-list-admin-company').waitFor({ timeout: 15_000 });
    await page.getByTestId('resource-add').click();
    const form = page.getByTestId('resource-form');
    await form.waitFor({ timeout: 15_000 });
    await form.getByTestId('name').fill('Browser Co');
    await form.getByTestId('manager.name').fill('Browser Manager');
    await form.getByTestId('manager.username').fill('browser-manager');
    await form.getByTestId('manager.password').fill('browser-pass-1');
    await form.getByTestId('recording_password').fill('rec-secret-1');
    await form.getByTestId('resource-form-save').click();
    const row = page.locator('[data-testid^="row-"]', { hasText: 'Browser Co' });
    await row.waitFor({ timeout: 15_000 });

    // The new manager signs in through the form and lands in the app.
    const { browser } = { browser: page.context().browser()! };
    const managerContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const managerPage = await managerContext.newPage();
    await managerPage.goto(`${session.app.url}/login`);
    await managerPage.getByTestId('login-username').fill('browser-manager');
    await managerPage.getByTestId('login-password').fill('browser-pass-1');
    await managerPage.getByTestId('login-submit').click();
    await managerPage.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
    expect(new URL(managerPage.url()).pathname).not.toMatch(/^\/admin/);

    // Destroy its data: the button waits for the exact name, then the progress runs to done.
    const id = (await row.getAttribute('data-testid'))!.replace('row-', '');
    await page.getByTestId(`destroy_data-${id}`).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('confirm-accept').isDisabled()).toBe(true);
    await dialog.getByTestId('confirm_company_name').fill('Browser Co');
    await dialog.getByTestId('confirm-accept').click();
    await expect.poll(() => dialog.getByTestId('company-destroy-progress').getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    await dialog.getByTestId('confirm-cancel').click();

    // Delete the company: it leaves the list and its manager's session ends.
    await page.getByTestId(`destroy-${id}`).click();
    await dialog.getByTestId('confirm_company_name').fill('Browser Co');
    await dialog.getByTestId('confirm-accept').click();
    await expect.poll(() => row.count(), { timeout: 15_000 }).toBe(0);
    await managerPage.reload();
    await managerPage.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await managerContext.close();
  }, 120_000);
});
