import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-server';
import { hasBrowser, launchBrowser } from './support/browser';
import { signIn } from './support/pages';

/**
 * Issue 15 item 5: the built app and Swagger UI work under their Content-Security-Policy
 * (server/src/plugins/content-security-policy.ts) without a single violation: every document of the
 * context (pop-up windows too) reports `securitypolicyviolation` events to the test, and Chromium's
 * "Refused to …" console lines are collected as well.
 */
describe.skipIf(!hasBrowser)('Content-Security-Policy in Chromium', () => {
  let app: RunningApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let violations: string[];

  beforeAll(async () => {
    app = await startApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  beforeEach(async () => {
    violations = [];
    context = await browser.newContext();
    // A binding survives navigations and reaches pop-up windows; the listener is added before any of
    // the page's own scripts run.
    await context.exposeBinding('__reportCspViolation', (_source, text: string) => void violations.push(text));
    await context.addInitScript(() => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      document.addEventListener('securitypolicyviolation', (event) => {
        report(`${event.effectiveDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
      });
    });
    context.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(`console: ${message.text()}`);
    });
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it('signs in, connects the socket, opens a pop-up window, a deep link and the inspector with no violation', async () => {
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));

    const first = await page.goto(`${app.url}/login`);
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signIn(page, app.url, 'manager');
    await page.getByTestId('app-shell').waitFor();
    // Registered through the socket (CONTRACT §8): the CTI bar shows the extension as registered.
    await page.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });
    expect(sockets.some((url) => url.includes('/socket.io/') && url.includes('transport=websocket'))).toBe(true);

    // A pop-up window (managers get windows): /window/user/add is a client route of the history fallback.
    await page.goto(`${app.url}/users`);
    await page.getByTestId('resource-list-users').waitFor();
    const [popup] = await Promise.all([context.waitForEvent('page'), page.getByTestId('resource-add').click()]);
    await popup.waitForURL((url) => url.pathname === '/window/user/add');
    await popup.getByTestId('user-form').waitFor();
    await popup.close();

    // A deep link loaded from the server (history fallback) renders too.
    const deep = await page.goto(`${app.url}/consultations/consultations`);
    expect(deep?.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    await page.getByTestId('app-shell').waitFor();
    await page.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });

    // The statechart inspector lays its charts out with elkjs (no worker, no eval).
    await page.goto(`${app.url}/inspector`);
    await page.locator('svg .inspector-state').first().waitFor({ timeout: 20_000 });

    expect(violations).toEqual([]);
    // Several page loads, each a socket and a registration: on a busy 2-core machine that takes a while.
  }, 120_000);

  it('refuses an injected inline script, and this test sees the refusal', async () => {
    await page.goto(`${app.url}/login`);
    await page.getByTestId('login-username').waitFor();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.head.append(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (window as unknown as { __injected?: boolean }).__injected === true;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.some((text) => text.startsWith('script-src-elem blocked inline'))).toBe(true);
  });

  it('renders Swagger UI with its operations and no violation', async () => {
    const response = await page.goto(`${app.url}/api/docs`);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.locator('.swagger-ui .opblock').first().waitFor({ timeout: 60_000 });
    // The top bar's logo is @fastify/swagger-ui's (swapped in by its script, after Swagger's own SVG).
    await page.locator('.topbar-wrapper img').waitFor();
    // Open one operation: its parameters, schemas and example values render (syntax highlighting too).
    await page.locator('.opblock-summary', { hasText: '/api/v1/login' }).first().click();
    await page.locator('.opblock.is-open .opblock-body').first().waitFor();
    await page.locator('.opblock.is-open .highlight-code, .opblock.is-open .model-example').first().waitFor();
    // "Try it out" calls the API from the page (connect-src).
    const health = page.locator('.opblock', { hasText: '/api/v1/health' }).first();
    await health.locator('.opblock-summary').click();
    await health.locator('button.try-out__btn').click();
    await health.locator('button.execute').click();
    await health.locator('.live-responses-table .response-col_status', { hasText: '200' }).first().waitFor({ timeout: 10_000 });
    // Swagger UI draws only the tags near the viewport: scroll to the last one, the CTI simulator's.
    const simulatorTag = page.locator('.opblock-tag', { hasText: 'cti simulator' });
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollBy(0, 1_500));
          return simulatorTag.count();
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(0);
    expect(await page.locator('.swagger-ui .opblock').count()).toBeGreaterThan(0);
    expect(violations).toEqual([]);
    // The OpenAPI document is about 1 MB: on a busy 2-core machine Swagger UI takes its time.
  }, 120_000);
});
