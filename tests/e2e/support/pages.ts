import type { Page } from 'playwright-core';

export const DEMO_PASSWORDS: Record<string, string> = {
  admin: 'admin1234',
  manager: 'manager1234',
  agent1: 'agent1234',
  agent2: 'agent1234',
  user: 'user1234',
  'acme-manager': 'acme1234',
  'acme-agent': 'acme1234',
};

/** Signs in through the real login form and waits until the app has left /login. */
export async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await signInWith(page, baseUrl, username, DEMO_PASSWORDS[username] ?? '');
}

/** Through the login form, with any user's password (users the demo data does not have). */
export async function signInWith(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}
