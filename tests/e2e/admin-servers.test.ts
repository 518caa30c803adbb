import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';

/**
 * Issue 20 item 4 in Chromium against the real server: the administrator's /admin/servers/* screens show
 * the built-in servers up, add an announcement node pointing at a loopback listener (up), see it go down
 * with "Check now" once the listener stops, and the daily report box says why nothing was sent.
 */
describe.skipIf(!hasBrowser)('platform servers in Chromium', () => {
  const session = useBrowserApp();
  const { signedIn } = session;
  const sockets = new Set<net.Socket>();
  const listener = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  let port = 0;

  beforeAll(async () => {
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    if (listener.listening) await new Promise<void>((resolve) => listener.close(() => resolve()));
  });

  it('shows each server’s live status, adds a node that is up, and sees it down with Check now', async () => {
    const { page } = await signedIn('admin');
    await page.goto(`${session.app.url}/admin/servers/servers`);
    const builtin = page.locator('[data-testid^="health-admin-server-"]').first();
    await expect.poll(() => builtin.getAttribute('data-status'), { timeout: 15_000 }).toBe('up');
    await page.getByTestId('daily-report-send').click();
    await expect.poll(() => page.getByTestId('daily-report-outcome').textContent(), { timeout: 10_000 }).toContain('Not sent: the company has no daily report recipient.');

    await page.goto(`${session.app.url}/admin/servers/databases`);
    await expect.poll(() => page.locator('[data-testid^="health-admin-database-"]').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('up');

    await page.goto(`${session.app.url}/admin/servers/nodes`);
    await expect.poll(() => page.locator('[data-testid^="health-admin-node-"]').first().getAttribute('data-status'), { timeout: 15_000 }).toBe('up');
    await page.getByTestId('resource-add').click();
    await page.getByTestId('name').fill('Loopback node');
    await page.getByTestId('kind').selectOption('socket_io');
    await page.getByTestId('domain').fill('127.0.0.1');
    await page.getByTestId('port').fill(String(port));
    await page.getByTestId('namespace').fill('/announcement');
    await page.getByTestId('resource-form-save').click();
    const row = page.locator('[data-testid^="row-"]', { hasText: 'Loopback node' });
    await row.waitFor({ timeout: 10_000 });
    const health = row.locator('[data-testid^="health-admin-node-"]');
    await expect.poll(() => health.getAttribute('data-status'), { timeout: 15_000 }).toBe('up');

    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await row.locator('[data-testid^="health-check-admin-node-"]').click();
    await expect.poll(() => health.getAttribute('data-status'), { timeout: 10_000 }).toBe('down');
    if (process.env.SERVERS_SHOT) await page.screenshot({ path: process.env.SERVERS_SHOT, fullPage: true });
  }, 90_000);
});
