import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/pages';

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
});
