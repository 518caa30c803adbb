import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';
import { apiToken } from './support/cti';

/**
 * Issue 20 in Chromium against the real server, one app for the platform administrator's console:
 * - the admin adds a company with its first manager on /admin/management/company; that manager signs in
 *   through the login form and adds an agent on /users; the admin logs in as that agent from
 *   /admin/management/manager (confirmation, banner, back to their own session); an announcement the
 *   admin writes to that company appears on the agent's open page within a second; then the company's
 *   data is destroyed (type its name, progress to done) and the company deleted, which ends its sessions;
 * - /admin/servers/*: the built-in servers up, a node on a loopback listener up, then down with Check
 *   now once the listener stops; the daily report box says why nothing was sent.
 */
describe.skipIf(!hasBrowser)('the platform administrator in Chromium', () => {
  const session = useBrowserApp();
  const { signedIn } = session;

  const signInThroughForm = async (username: string, password: string) => (await session.signedInWith(username, password)).page;

  it('adds a company whose manager adds an agent; logs in as the agent and back; an announcement reaches the agent; destroys the data, then the company', async () => {
    const { context: adminContext, page: admin } = await signedIn('admin');
    await admin.goto(`${session.app.url}/admin/management/company`);
    await admin.getByTestId('resource-list-admin-company').waitFor({ timeout: 15_000 });
    await admin.getByTestId('resource-add').click();
    const form = admin.getByTestId('resource-form');
    await form.waitFor({ timeout: 15_000 });
    await form.getByTestId('name').fill('Browser Co');
    await form.getByTestId('manager.name').fill('Browser Manager');
    await form.getByTestId('manager.username').fill('browser-manager');
    await form.getByTestId('manager.password').fill('browser-pass-1');
    await form.getByTestId('recording_password').fill('rec-secret-1');
    await form.getByTestId('resource-form-save').click();
    const company = admin.locator('[data-testid^="row-"]', { hasText: 'Browser Co' });
    await company.waitFor({ timeout: 15_000 });
    const companyId = Number((await company.getAttribute('data-testid'))!.replace('row-', ''));

    // The new manager signs in at once and adds an agent (managers get pop-ups as windows).
    const manager = await signInThroughForm('browser-manager', 'browser-pass-1');
    expect(new URL(manager.url()).pathname).not.toMatch(/^\/admin/);
    await manager.goto(`${session.app.url}/users`);
    await manager.getByTestId('resource-list-users').waitFor({ timeout: 15_000 });
    const [userForm] = await Promise.all([manager.context().waitForEvent('page'), manager.getByTestId('resource-add').click()]);
    await userForm.getByTestId('user-form').waitFor({ timeout: 15_000 });
    await userForm.getByTestId('name').fill('브라우저 상담원');
    await userForm.getByTestId('username').fill('browser-agent');
    await userForm.getByTestId('password').fill('browser-agent-1');
    // The company starts with one department.
    await userForm.locator('select[data-testid="department_id"]').selectOption({ label: 'General' });
    await userForm.getByTestId('extension_id').fill('3001');
    await Promise.all([userForm.waitForEvent('close'), userForm.getByTestId('user-form-save').click()]);
    await manager.locator('[data-testid^="row-"]', { hasText: 'browser-agent' }).waitFor({ timeout: 10_000 });

    // The admin logs in as that agent after a confirmation, works under the banner, and goes back.
    await admin.goto(`${session.app.url}/admin/management/manager`);
    await admin.getByRole('tab', { name: 'Users of a company' }).click();
    const agentRow = admin.locator('tr[data-testid^="row-"]').filter({ has: admin.getByRole('cell', { name: 'browser-agent', exact: true }) });
    await expect.poll(() => agentRow.count(), { timeout: 10_000 }).toBe(1);
    await agentRow.locator('[data-testid^="login-as-"]').click();
    expect(await admin.getByTestId('confirm-message').textContent()).toContain('browser-agent');
    await admin.getByTestId('confirm-accept').click();
    const banner = admin.getByTestId('impersonation-banner');
    await banner.waitFor({ timeout: 15_000 });
    expect(await banner.textContent()).toContain('브라우저 상담원');
    expect(await admin.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.user?.username)).toBe('browser-agent');
    await admin.getByTestId('impersonation-back').click();
    await admin.waitForURL((url) => url.pathname === '/admin/management/manager', { timeout: 15_000 });
    await expect.poll(() => banner.count()).toBe(0);
    expect(await admin.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? 'null')?.role)).toBe('admin');

    // The agent, signed in on their own page, hears the admin's announcement to the company at once.
    const agent = await signInThroughForm('browser-agent', 'browser-agent-1');
    await agent.getByTestId('app-shell').waitFor({ timeout: 15_000 });
    // The page's socket is up once its phone bar has registered the extension.
    await agent.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });
    const adminToken = await apiToken(session.app.url, 'admin');
    const title = `Platform maintenance ${Date.now()}`;
    const sent = Date.now();
    const stored = await fetch(`${session.app.url}/api/v1/announcement/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${adminToken}` },
      body: JSON.stringify({ title, content: 'Tonight 22:00–23:00', audience: 'companies', company_ids: [companyId] }),
    });
    expect(stored.status, await stored.clone().text()).toBe(200);
    await agent.getByTestId('announcement-toast').filter({ hasText: title }).waitFor({ timeout: 1_000 });
    expect(Date.now() - sent).toBeLessThan(1_500);

    // Destroy its data: the button waits for the exact name, then the progress runs to done.
    await admin.goto(`${session.app.url}/admin/management/company`);
    await company.waitFor({ timeout: 15_000 });
    await admin.getByTestId(`destroy_data-${companyId}`).click();
    const dialog = admin.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('confirm-accept').isDisabled()).toBe(true);
    await dialog.getByTestId('confirm_company_name').fill('Browser Co');
    await dialog.getByTestId('confirm-accept').click();
    await expect.poll(() => dialog.getByTestId('company-destroy-progress').getAttribute('data-state'), { timeout: 30_000 }).toBe('done');
    await dialog.getByTestId('confirm-cancel').click();

    // Delete the company: it leaves the list and its users' sessions end.
    await admin.getByTestId(`destroy-${companyId}`).click();
    await dialog.getByTestId('confirm_company_name').fill('Browser Co');
    await dialog.getByTestId('confirm-accept').click();
    await expect.poll(() => company.count(), { timeout: 15_000 }).toBe(0);
    await manager.reload();
    await manager.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
    await adminContext.close();
  }, 180_000);

  describe('servers', () => {
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
    }, 90_000);
  });
});
