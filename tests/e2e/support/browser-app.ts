import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startApp, type RunningApp } from './app-server';
import { launchBrowser } from './browser';
import { signIn, signInWith } from './pages';

export interface BrowserApp {
  /** The running app (set once the suite's beforeAll has run). */
  readonly app: RunningApp;
  /** A new browser context (its own session) signed in as `username`, at 1440×900. */
  signedIn(username: string): Promise<{ context: BrowserContext; page: Page }>;
  /** A new browser context (its own session) signed in through the login form, for users the demo data does not have. */
  signedInWith(username: string, password: string): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One app server and one Chromium for a describe block, closed after it, and signed-in contexts on
 * demand (each closed with the block). Call it at the top of the describe; the block's own beforeAll
 * hooks run after the app is up. `env` is added to the server's environment.
 */
export function useBrowserApp(env: Record<string, string> = {}): BrowserApp {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    app = await startApp(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await app?.stop();
  });
  return {
    get app() {
      if (!app) throw new Error('the app is not started yet: use it inside hooks and tests');
      return app;
    },
    async signedIn(username) {
      if (!app || !browser) throw new Error('the app is not started yet: use it inside hooks and tests');
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      await signIn(page, app.url, username);
      return { context, page };
    },
    async signedInWith(username, password) {
      if (!app || !browser) throw new Error('the app is not started yet: use it inside hooks and tests');
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      contexts.push(context);
      const page = await context.newPage();
      await signInWith(page, app.url, username, password);
      return { context, page };
    },
  };
}
