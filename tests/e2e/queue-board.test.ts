import * as XLSX from 'xlsx';
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
 * And an auto-call campaign (issue 19, docs/auto-call.md) with the quick simulated callees: 50 numbers
 * uploaded in its window, started with agent1 and agent2 registered, paused, resumed, and followed live on
 * /auto-call-system and the board's OB queue status to the end, with a result for every number.
 */
describe.skipIf(!hasBrowser)('the queue board in Chromium', () => {
  const session = useBrowserApp({ AUTO_CALL_CALLEES: 'quick' });
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

  /** A JSON call to the API as `username`. */
  async function api<T>(username: string, path: string, body: object): Promise<T> {
    const token = await apiToken(session.app.url, username);
    const response = await fetch(`${session.app.url}/api/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.status, `${path}: ${await response.clone().text()}`).toBe(200);
    return (await response.json()) as T;
  }

  /** A call window around now in Seoul (UTC+9), so the campaign dials whenever the suite runs. */
  async function windowAroundNow(): Promise<{ start: string; end: string }> {
    const seoulMinute = () => (Math.floor(Date.now() / 60_000) + 9 * 60) % (24 * 60);
    // The last minutes of the day cannot be inside a window that ends the same day: wait for midnight.
    while (seoulMinute() >= 23 * 60 + 57) await new Promise((resolve) => setTimeout(resolve, 5_000));
    const hhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    const now = seoulMinute();
    return { start: hhmm(Math.max(0, now - 60)), end: hhmm(Math.min(23 * 60 + 59, now + 120)) };
  }

  it('runs an auto-call campaign of 50 uploaded numbers with agent1 and agent2: pause, resume, a result for every number', async () => {
    const { page: agent1 } = await signedIn('agent1');
    const { page: agent2 } = await signedIn('agent2');
    for (const page of [agent1, agent2]) await page.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });

    await api('manager', 'caller-id/store', { number: '0215889000', name: 'Campaign line', user_ids: [] });
    const { data: campaign } = await api<{ data: { id: number } }>('manager', 'auto-call/store', {
      name: 'Fifty numbers',
      variant: 'studymax',
      caller_id: '0215889000',
      multiple: 2,
      extensions: ['1001', '1002'],
      pacing: 'progressive',
      call_window: await windowAroundNow(),
      max_attempts: 1,
    });
    const id = campaign.id;

    const { context, page } = await signedIn('manager');
    await page.goto(`${session.app.url}/auto-call-system`);
    const row = page.getByTestId(`row-${id}`);
    await row.waitFor({ timeout: 15_000 });

    // 50 bare numbers, one a row, through the upload window's import flow.
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(Array.from({ length: 50 }, (_, i) => [`0107000${String(i).padStart(4, '0')}`])), 'Numbers');
    const [upload] = await Promise.all([context.waitForEvent('page'), page.getByTestId(`upload-${id}`).click()]);
    await upload.getByTestId('import-file').setInputFiles({
      name: 'numbers.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer,
    });
    await upload.getByTestId('import-upload-submit').click();
    await expect.poll(() => upload.getByTestId('import-summary').textContent(), { timeout: 30_000 }).toContain('50 rows');
    await upload.getByTestId('import-start').click();
    await upload.locator('[data-testid="import-progress"][data-status="done"]').waitFor({ timeout: 30_000 });
    expect(await upload.getByTestId('import-result').textContent()).toBe('50 rows imported, 0 rows refused.');
    await upload.close();
    await expect.poll(() => row.getByTestId('auto-call-counts').textContent(), { timeout: 10_000 }).toContain('50 numbers, 50 not called yet');

    // Start: the run is pushed to the page, whose buttons follow what the run allows now.
    await page.getByTestId(`run-start-${id}`).click();
    await expect.poll(() => row.getByTestId('auto-call-state').textContent(), { timeout: 5_000 }).toBe('On going');
    await page.locator(`[data-testid="run-pause-${id}"]:not([aria-disabled="true"])`).waitFor({ timeout: 5_000 });
    expect(await page.getByTestId(`run-start-${id}`).getAttribute('aria-disabled')).toBe('true');
    await expect.poll(async () => (await api<{ data: { counts: { dialled: number } } }>('manager', 'auto-call/status', { id })).data.counts.dialled, { timeout: 15_000 }).toBeGreaterThan(0);

    // Pause: nothing more is dialled, and the page says so.
    await page.getByTestId(`run-pause-${id}`).click();
    await expect.poll(() => row.getByTestId('auto-call-state').textContent(), { timeout: 5_000 }).toBe('Paused');
    await page.locator(`[data-testid="run-resume-${id}"]:not([aria-disabled="true"])`).waitFor({ timeout: 5_000 });
    // Calls already ringing may still end; then the count stands still.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    const paused = (await api<{ data: { counts: { dialled: number; remaining: number } } }>('manager', 'auto-call/status', { id })).data.counts;
    expect(paused.remaining).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await api<{ data: { counts: { dialled: number } } }>('manager', 'auto-call/status', { id })).data.counts.dialled).toBe(paused.dialled);

    // The board's OB queue status shows the paused campaign.
    const { page: board } = await signedIn('manager');
    await board.goto(`${session.app.url}/queues`);
    await expect.poll(() => board.getByTestId('ob-queue-status').textContent(), { timeout: 15_000 }).toContain('Fifty numbers');

    // The statechart inspector shows the server's run as a replica that follows it.
    await board.goto(`${session.app.url}/inspector`);
    await board.getByTestId('inspector-page').waitFor({ timeout: 15_000 });

    // Resume, and follow it live to the end.
    await page.getByTestId(`run-resume-${id}`).click();
    await expect.poll(() => row.getByTestId('auto-call-state').textContent(), { timeout: 5_000 }).toBe('On going');
    const replica = board.getByText(`auto-call run #${id} (server)`).first();
    await replica.waitFor({ timeout: 10_000 });
    await replica.click();
    await expect.poll(() => board.getByTestId('inspector-page').textContent(), { timeout: 10_000 }).toContain('TICK');
    await expect.poll(() => row.getByTestId('auto-call-state').textContent(), { timeout: 150_000, interval: 1_000 }).toBe('Complete');
    await page.screenshot({ path: '/tmp/auto-call-complete.png' });

    // A result for every number, and the results add up.
    const { data: summary } = await api<{ data: Array<{ campaign_id: number; total: number; pending: number }> }>('manager', 'auto-call/summary', { ids: [id] });
    const counts = summary.find((entry) => entry.campaign_id === id)!;
    expect(counts.total).toBe(50);
    expect(counts.pending).toBe(0);
    const { data: numbers } = await api<{ data: Array<{ result: string | null; attempts: number }> }>('manager', 'auto-call/numbers', { campaign_id: id, page: 1, per_page: 100 });
    expect(numbers).toHaveLength(50);
    for (const number of numbers) expect(number.result).not.toBeNull();
    expect(numbers.filter((number) => number.result === 'success').length).toBeGreaterThan(0);
    await expect.poll(() => row.getByTestId('auto-call-counts').textContent(), { timeout: 10_000 }).toContain('50 numbers, 0 not called yet');
    expect(await row.getByTestId('auto-call-result-success').textContent()).toMatch(/^Success \d+$/);
  }, 240_000);
});
