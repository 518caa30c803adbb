import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { pathOf, signIn } from './support/pages';

/**
 * Issue 16, agent API keys: the manager issues a key for agent1 on /agent-api-key, copies the key the
 * dialog shows once, and the app opened with `/?agentApiKey=<key>` is agent1's (specification §2).
 */
describe.skipIf(!hasBrowser)('agent API keys in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let manager: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
    manager = await browser.newContext();
    // The copy button writes to the clipboard; the test reads it back.
    await manager.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    page = await manager.newPage();
    await signIn(page, app.url, 'manager');
  });
  afterAll(async () => {
    await manager?.close();
    await browser?.close();
    await app?.stop();
  });

  it('issues a key for agent1, shows it once with a copy button, and the copied key signs agent1 in', async () => {
    await page.goto(`${app.url}/agent-api-key`);
    await page.getByTestId('resource-list-agent-api-key').waitFor();
    // The demo key (CONTRACT §6) is listed, without its secret.
    await expect.poll(() => page.locator('[data-testid^="row-"]', { hasText: 'Demo key' }).count(), { timeout: 10_000 }).toBe(1);

    await page.getByTestId('resource-add').click();
    const agent = page.getByTestId('user_id');
    await expect.poll(() => agent.locator('option', { hasText: '(agent1)' }).count(), { timeout: 10_000 }).toBe(1);
    await agent.selectOption({ label: (await agent.locator('option', { hasText: '(agent1)' }).textContent()) ?? '' });
    await page.getByTestId('name').fill('Browser dialler');
    await page.getByTestId('resource-form-save').click();

    const secret = page.getByTestId('agent-api-key-secret');
    await secret.waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('agent-api-key-once').textContent()).toBe('Copy this key now; it will not be shown again.');
    const shown = (await secret.textContent())?.trim() ?? '';
    expect(shown).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await page.getByTestId('agent-api-key-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
    const copied = await page.evaluate(() => navigator.clipboard.readText());

    await page.getByTestId('agent-api-key-close').click();
    await secret.waitFor({ state: 'detached' });
    const row = page.locator('[data-testid^="row-"]', { hasText: 'Browser dialler' });
    await expect.poll(() => row.count()).toBe(1);
    expect(await page.locator('body').textContent()).not.toContain(copied);

    // Someone else's browser, with nothing but the key.
    const tool = await browser.newContext();
    try {
      const other = await tool.newPage();
      await other.goto(`${app.url}/?agentApiKey=${encodeURIComponent(copied)}`);
      await expect.poll(() => other.evaluate(() => localStorage.getItem('token')), { timeout: 15_000 }).toBeTruthy();
      const info = await other.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
      expect(info?.user?.username).toBe('agent1');
      expect(info?.loginType).toBe('agent_api_key');
      await other.getByTestId('app-shell').waitFor();
    } finally {
      await tool.close();
    }

    // The sign-in is the key's last use.
    await page.reload();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).not.toContain('Never');
  });

  /**
   * Issue 20, the platform administrator: a company API key issued on /admin/management/api-key signs in
   * as the company's manager; then the admin logs in as agent1 from /admin/management/manager (after the
   * confirmation), works under the banner, and goes back to their own session.
   */
  it('the admin issues a company API key, logs in as agent1 with the banner, and goes back', async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.url });
    try {
      const admin = await context.newPage();
      await signIn(admin, app.url, 'admin');

      await admin.goto(`${app.url}/admin/management/api-key`);
      await admin.getByTestId('resource-list-management-api-key').waitFor();
      await admin.getByTestId('resource-add').click();
      const company = admin.getByTestId('company_id');
      await expect.poll(() => company.locator('option', { hasText: 'Acme Support' }).count(), { timeout: 10_000 }).toBe(1);
      await company.selectOption({ label: 'Acme Support' });
      await admin.getByTestId('name').fill('Browser CRM');
      await admin.getByTestId('resource-form-save').click();
      const secret = admin.getByTestId('company-api-key-secret');
      await secret.waitFor({ timeout: 10_000 });
      const key = (await secret.textContent())?.trim() ?? '';
      expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
      await admin.getByTestId('company-api-key-close').click();
      const tool = await browser.newContext();
      try {
        const other = await tool.newPage();
        await other.goto(`${app.url}/?apiKey=${encodeURIComponent(key)}`);
        await expect.poll(() => other.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.user?.username ?? null), { timeout: 15_000 }).toBe('acme-manager');
      } finally {
        await tool.close();
      }

      await admin.goto(`${app.url}/admin/management/manager`);
      await admin.getByRole('tab', { name: 'Users of a company' }).click();
      const row = admin.locator('tr[data-testid^="row-"]').filter({ has: admin.getByRole('cell', { name: 'agent1', exact: true }) });
      await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
      await row.locator('[data-testid^="login-as-"]').click();
      await admin.getByTestId('confirm-message').waitFor();
      expect(await admin.getByTestId('confirm-message').textContent()).toContain('agent1');
      await admin.getByTestId('confirm-accept').click();

      const banner = admin.getByTestId('impersonation-banner');
      await banner.waitFor({ timeout: 15_000 });
      expect(await banner.textContent()).toContain('by the platform administrator');
      expect(pathOf(admin)).not.toMatch(/^\/admin/);
      const working = await admin.evaluate(() => ({ user: JSON.parse(localStorage.getItem('userInfo') ?? 'null'), kept: localStorage.getItem('impersonatorSession') }));
      expect(working.user?.user?.username).toBe('agent1');
      expect(working.user?.impersonated_by?.id).toEqual(expect.any(Number));
      expect(working.kept).toContain('"role":"admin"');

      await admin.getByTestId('impersonation-back').click();
      await admin.waitForURL((url) => url.pathname === '/admin/management/manager', { timeout: 15_000 });
      await admin.getByTestId('app-shell').waitFor();
      await expect.poll(() => banner.count()).toBe(0);
      const back = await admin.evaluate(() => ({ user: JSON.parse(localStorage.getItem('userInfo') ?? 'null'), kept: localStorage.getItem('impersonatorSession') }));
      expect(back.user?.role).toBe('admin');
      expect(back.kept).toBeNull();

      // The login-as is in the audit log.
      await admin.getByRole('tab', { name: 'Audit log' }).click();
      await expect.poll(() => admin.locator('[data-testid="audit-log-row"]', { hasText: 'agent1' }).count(), { timeout: 10_000 }).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
