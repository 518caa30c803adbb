import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasBrowser, launchBrowser } from './support/browser';
import { startApp, type RunningApp } from './support/app-server';
import { pathOf, signIn } from './support/pages';

// Where each demo account lands after signing in (specification section 2, the four redirect rules;
// /admin/dashboard itself redirects to the admin announcements).
const LANDINGS: [string, string][] = [
  ['admin', '/admin/announcements'],
  ['manager', '/dashboard'],
  ['agent1', '/dashboard'],
  ['agent2', '/consultations/consultations'],
  ['user', '/dashboard/announcements'],
  ['acme-manager', '/consultations/consultations'],
  ['acme-agent', '/consultations/consultations'],
];

describe.skipIf(!hasBrowser)('foundation in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    context = await browser.newContext();
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it.each(LANDINGS)('%s lands on %s after signing in', async (username, landing) => {
    await signIn(page, app.url, username);
    await page.waitForURL((url) => url.pathname === landing, { timeout: 10_000 });
    expect(pathOf(page)).toBe(landing);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBeTruthy();
  });

  it('shows the sign-in error for a wrong password and stays on /login', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-username').fill('agent1');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').isVisible()).toBe(true);
    expect(pathOf(page)).toBe('/login');
  });

  it('sends the home route to /login and an unknown path to the 404 page', async () => {
    await page.goto(`${app.url}/`);
    await page.waitForURL((url) => url.pathname === '/login');
    await page.goto(`${app.url}/no/such/page`);
    await page.waitForURL((url) => url.pathname === '/404');
    await expect.poll(() => page.getByTestId('not-found').isVisible()).toBe(true);
  });

  it('sends a signed-out visitor of a protected route to /login', async () => {
    await page.goto(`${app.url}/members`);
    await page.waitForURL((url) => url.pathname === '/login');
  });

  it('sends a signed-in user who opens /login to the dashboard', async () => {
    await signIn(page, app.url, 'manager');
    await page.goto(`${app.url}/login`);
    await page.waitForURL((url) => url.pathname === '/dashboard');
  });

  it('signs in with the agentApiKey query parameter on any route', async () => {
    await page.goto(`${app.url}/members?agentApiKey=demo-agent1-key`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    const info = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null'));
    expect(info?.user?.username).toBe('agent1');
    expect(info?.loginType).toBe('agent_api_key');
  });

  it('keeps the language and the theme across a reload', async () => {
    await signIn(page, app.url, 'manager');
    await page.locator('select[data-testid=language-switch], [data-testid=language-switch] select').selectOption('kr');
    await page.locator('select[data-testid=theme-switch], [data-testid=theme-switch] select').selectOption('dark');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    await page.reload();
    await page.getByTestId('app-shell').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ko');
    expect(await page.evaluate(() => document.body.className)).toContain('bp6-dark');
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('kr');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  it('logs out and keeps the language', async () => {
    await signIn(page, app.url, 'manager');
    await page.evaluate(() => localStorage.setItem('language', 'kr'));
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('kr');
  });
});
