import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';

/**
 * Call forwarding (issue 16) in Chromium against the real server: a manager sets forwarding for 1001 on
 * /transfers and agent1's CTI bar, signed in and registered, shows it on at once; agent1 removes it in
 * the bar's dialog and the manager's list follows; the history names both changes and where they came
 * from.
 */
describe.skipIf(!hasBrowser)('call forwarding in Chromium', () => {
  const session = useBrowserApp();
  const { signedIn } = session;


  it('set on /transfers shows in the CTI bar, removed in the bar shows on /transfers, and the history says where', async () => {
    const { page: agent1 } = await signedIn('agent1');
    await agent1.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });
    const barButton = agent1.getByTestId('forwarding-button');
    await expect.poll(() => barButton.getAttribute('data-forwarding'), { timeout: 10_000 }).toBe('off');

    // The manager sets it on the transfers screen (the form is a window or a dialog, as the pop-up opens).
    const { context: managerContext, page: manager } = await signedIn('manager');
    await manager.goto(`${session.app.url}/transfers`);
    const list = manager.getByTestId('resource-list-transfer');
    await list.waitFor({ timeout: 15_000 });
    const opened = managerContext.waitForEvent('page', { timeout: 5_000 }).catch(() => null);
    await manager.getByTestId('resource-add').click();
    const form = (await opened) ?? manager;
    await form.getByTestId('extension').fill('1001');
    await form.getByTestId('number').fill('010-7777-8888');
    await form.getByTestId('resource-form-save').click();
    await list.getByText('010-7777-8888').waitFor({ timeout: 15_000 });

    // agent1's bar follows without a click.
    await expect.poll(() => barButton.getAttribute('data-forwarding'), { timeout: 10_000 }).toBe('on');

    // agent1 removes it in the bar; the manager's list says it no longer forwards.
    await barButton.click();
    await agent1.getByTestId('forwarding-remove').click();
    await expect.poll(() => agent1.getByTestId('forwarding-status').getAttribute('data-state'), { timeout: 10_000 }).toBe('off');
    const row = list.locator('[data-testid^="row-"]', { hasText: '010-7777-8888' });
    await expect.poll(async () => (await row.first().textContent()) ?? '', { timeout: 25_000 }).not.toContain('Yes');

    // The history: set on the transfers screen, changed in the CTI bar.
    const history = managerContext.waitForEvent('page', { timeout: 5_000 }).catch(() => null);
    await manager.getByTestId('transfer-history-button').click();
    const historyPage = (await history) ?? manager;
    const rows = historyPage.getByTestId('transfer-history');
    await rows.waitFor({ timeout: 15_000 });
    await expect.poll(async () => (await rows.textContent()) ?? '', { timeout: 15_000 }).toContain('Transfers screen');
    await expect.poll(async () => (await rows.textContent()) ?? '', { timeout: 15_000 }).toContain('CTI bar');
  });
});
