import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';
import { apiToken, hangupFromFar, placeCall } from './support/cti';

/**
 * The supervisor's live queue board in Chromium against the real server (issue 18, docs/queues.md): with
 * agent1 at lunch and agent2 resting, a simulator call to queue 500 shows on the manager's /queues within
 * a second; agent1 comes back and answers it, and the board counts it answered with agent1 on the call,
 * while agent2's rest, with its reason, keeps counting. Then its two pop-ups (docs/queues.md "Board label
 * and colours", "Queue report"): queue 500's label and colours edited from its card in a window that
 * closes on save, the board showing the label at once; the queue report window with the queue under it.
 */
describe.skipIf(!hasBrowser)('the queue board in Chromium', () => {
  const session = useBrowserApp();
  const { signedIn } = session;

  /** A CTI command as an agent, on their own extension (the CTI bar does the same). */
  async function cti(username: string, action: string, query: Record<string, string> = {}) {
    const token = await apiToken(session.app.url, username);
    const response = await fetch(`${session.app.url}/cti/cti_api/index.php/${action}?${new URLSearchParams(query)}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, `${action}: ${await response.clone().text()}`).toBe(200);
  }

  it('shows a waiting call within a second, then answered by agent1, with agent2 resting and the time counting', async () => {
    const { page: agent1 } = await signedIn('agent1');
    const { page: agent2 } = await signedIn('agent2');
    for (const page of [agent1, agent2]) await page.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });
    await cti('agent1', 'dndOn', { option: '21' });
    await cti('agent2', 'dndOn', { option: '11' });

    const { page: manager } = await signedIn('manager');
    await manager.goto(`${session.app.url}/queues`);
    const card = manager.getByTestId('queue-500');
    await card.waitFor({ timeout: 15_000 });
    await manager.locator('[data-testid="queue-board-connection"]').getByText('Live').waitFor({ timeout: 10_000 });
    const agent2Row = card.getByTestId('queue-500-agent-1002');
    await manager.locator('[data-testid="queue-500-agent-1002"][data-state="rest"]').waitFor({ timeout: 5_000 });

    const managerToken = await apiToken(session.app.url, 'manager');
    const placed = Date.now();
    const uniqueid = await placeCall(session.app.url, managerToken, '01055551818', '500');
    await card.getByTestId(`queue-500-caller-${uniqueid}`).waitFor({ timeout: 1_000 });
    expect(Date.now() - placed).toBeLessThan(1_000);
    await expect.poll(() => card.getByTestId('queue-500-waiting').textContent()).toBe('1');

    // agent1 is back from lunch: the waiting caller rings them, and they answer in the pop-up.
    const answeredBefore = Number(await card.getByTestId('queue-500-answered').textContent());
    await cti('agent1', 'dndOff');
    const popup = agent1.getByTestId('inbound-popup');
    await popup.waitFor({ timeout: 10_000 });
    await popup.getByTestId('call-answer').click();
    await expect.poll(() => card.getByTestId('queue-500-answered').textContent(), { timeout: 5_000 }).toBe(String(answeredBefore + 1));
    await manager.locator('[data-testid="queue-500-agent-1001"][data-state="on_call"]').waitFor({ timeout: 5_000 });
    expect(await card.getByTestId('queue-500-waiting').textContent()).toBe('0');

    // agent2's rest, with its reason, counts on by itself.
    await expect(agent2Row.textContent()).resolves.toContain('Rest');
    const first = await card.getByTestId('queue-500-agent-1002-time').textContent();
    await expect.poll(() => card.getByTestId('queue-500-agent-1002-time').textContent(), { timeout: 4_000 }).not.toBe(first);

    await hangupFromFar(session.app.url, managerToken, uniqueid);
    await cti('agent2', 'dndOff');
  });

  it('edits the board label in a window that closes on save; the report window shows the queue under it', async () => {
    const { context, page } = await signedIn('manager');
    await page.goto(`${session.app.url}/queues`);
    const card = page.getByTestId('queue-500');
    await card.waitFor({ timeout: 15_000 });

    const [labelWindow] = await Promise.all([context.waitForEvent('page'), card.getByTestId('queue-500-edit-label').click()]);
    await labelWindow.getByTestId('queue-label-form').waitFor({ timeout: 15_000 });
    await labelWindow.getByTestId('queue-label-wait_warning_s').fill('30');
    await labelWindow.getByTestId('queue-label-wait_danger_s').fill('20');
    await labelWindow.getByTestId('queue-label-save').click();
    await labelWindow.getByTestId('wait_warning_s-errors').waitFor({ timeout: 5_000 });
    await labelWindow.screenshot({ path: '/tmp/queue-label-popup.png' });
    await labelWindow.getByTestId('queue-label-label').fill('Front desk');
    await labelWindow.getByTestId('queue-label-wait_warning_s').fill('10');
    await labelWindow.getByTestId('queue-label-wait_danger_s').fill('');
    const closed = labelWindow.waitForEvent('close', { timeout: 10_000 });
    await labelWindow.getByTestId('queue-label-save').click();
    await closed;

    // Pushed to the board at once, and confirmed in the main window.
    await expect.poll(() => page.getByTestId('queue-500-name').textContent(), { timeout: 5_000 }).toContain('Front desk');
    await page.getByText('The board label and colours of Front desk are saved.').waitFor({ timeout: 5_000 });

    const [report] = await Promise.all([context.waitForEvent('page'), page.getByTestId('queue-board-open-report').click()]);
    const row = report.getByTestId('queue-report-queue-500');
    await row.waitFor({ timeout: 15_000 });
    expect(await row.locator('td').first().textContent()).toBe('Front desk (500)');
    await report.getByTestId('queue-report-agent-1001').waitFor({ timeout: 5_000 });
    expect(await report.getByTestId('queue-report-download').isVisible()).toBe(true);
    await report.screenshot({ path: '/tmp/queue-report-popup.png', fullPage: true });
    await page.screenshot({ path: '/tmp/queues-with-label.png' });
  }, 120_000);
});
