import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { hasBrowser, launchBrowser } from './support/browser';
import { startApp, type RunningApp } from './support/app-server';
import { pathOf, signIn } from './support/pages';

/**
 * The access token is renewed before it expires, without the reload a 401 brings (QA: a reload every
 * 15 minutes dropped calls and half-written consultations). With 40-second tokens the renewal comes
 * 10 s after sign-in (a margin of 30 s).
 */
describe.skipIf(!hasBrowser)('token renewal in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;

  beforeAll(async () => {
    app = await startApp({ ACCESS_TOKEN_TTL: '40s' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('renews the token in place: same page, nothing reloaded, the new token accepted', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page, app.url, 'agent1');
      await page.waitForURL((url) => url.pathname === '/dashboard');
      const first = await page.evaluate(() => localStorage.getItem('token'));
      const firstRefresh = await page.evaluate(() => localStorage.getItem('refreshToken'));
      // Anything kept in the page's memory is gone after a reload.
      await page.evaluate(() => Object.assign(window, { keptAcrossRenewal: true }));

      await expect.poll(() => page.evaluate(() => localStorage.getItem('token')), { timeout: 30_000, interval: 500 }).not.toBe(first);
      expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).not.toBe(firstRefresh);
      expect(await page.evaluate(() => (window as unknown as { keptAcrossRenewal?: boolean }).keptAcrossRenewal)).toBe(true);
      expect(pathOf(page)).toBe('/dashboard');

      const status = await page.evaluate(async () => {
        const response = await fetch('/api/v1/users/check-user', { method: 'POST', headers: { authorization: `Bearer ${localStorage.getItem('token')}`, 'content-type': 'application/json' }, body: '{}' });
        return response.status;
      });
      expect(status).toBe(200);
    } finally {
      await context.close();
    }
  });
});
