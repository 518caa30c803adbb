import { describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';
import { apiToken, hangupFromFar, placeCall } from './support/cti';

/**
 * The dashboard (issue 18 item 5, docs/queues.md "Dashboard") in Chromium against the real server: the
 * manager's live queue summary follows a simulator call to queue 500, and the statistics widgets load
 * (the server takes their requests: no widget shows an error); agent1 sees their calls and callbacks,
 * and no manager widget. A manager's announcement and slogan reach agent1's open page within a second
 * (docs/announcements.md).
 */
describe.skipIf(!hasBrowser)('the dashboard in Chromium', () => {
  const session = useBrowserApp();
  const { signedIn } = session;

  it("the manager's queues follow a waiting call; service level and calls per hour load", async () => {
    const { page } = await signedIn('manager');
    await page.goto(`${session.app.url}/dashboard`);
    await page.getByTestId('dashboard-queue-500').waitFor({ timeout: 15_000 });
    await page.getByTestId('dashboard-sl-all-level').waitFor({ timeout: 15_000 });
    await page.getByTestId('dashboard-calls-per-hour-totals').waitFor({ timeout: 15_000 });

    const token = await apiToken(session.app.url, 'manager');
    const before = Number(await page.getByTestId('dashboard-queue-500-waiting').textContent());
    const uniqueid = await placeCall(session.app.url, token, '01055551919', '500');
    await expect.poll(() => page.getByTestId('dashboard-queue-500-waiting').textContent(), { timeout: 5_000 }).toBe(String(before + 1));
    await page.screenshot({ path: '/tmp/dashboard-manager.png', fullPage: true });
    expect(await page.locator('[data-testid$="-error"]').count()).toBe(0);
    await page.getByTestId('dashboard-queue-500-waiting').click();
    await page.getByTestId('queue-500').waitFor({ timeout: 10_000 });
    await hangupFromFar(session.app.url, token, uniqueid);
  });

  it("agent1 sees their calls today and open callbacks, and no manager widget", async () => {
    const { page } = await signedIn('agent1');
    await page.goto(`${session.app.url}/dashboard`);
    await page.getByTestId('dashboard-my-calls-inbound-answered').waitFor({ timeout: 15_000 });
    await page.getByTestId('dashboard-my-callbacks-count').waitFor({ timeout: 15_000 });
    await page.screenshot({ path: '/tmp/dashboard-agent.png', fullPage: true });
    expect(await page.locator('[data-testid$="-error"]').count()).toBe(0);
    expect(await page.getByTestId('dashboard-queues').count()).toBe(0);
    expect(await page.getByTestId('dashboard-service-level').count()).toBe(0);
    await page.getByTestId('dashboard-my-callbacks-count').click();
    await page.getByTestId('resource-list-callback').waitFor({ timeout: 10_000 });
    expect(new URL(page.url()).search).toBe('?status=active&assignment=mine');
  });

  it("an announcement to agent1's company appears on their open page within a second; so does the slogan", async () => {
    const { page } = await signedIn('agent1');
    await page.goto(`${session.app.url}/dashboard/announcements`);
    await page.getByTestId('resource-list-announcement').waitFor({ timeout: 15_000 });
    const token = await apiToken(session.app.url, 'manager');
    const send = (path: string, body: unknown) =>
      fetch(`${session.app.url}/api/v1/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    // The page's socket is open once the header's bell has its count.
    await page.getByTestId('announcement-bell').waitFor({ timeout: 10_000 });
    const title = `Fire drill ${Date.now()}`;
    const stored = await send('announcement/store', { title, content: 'Line one\nLine two' });
    expect(stored.status).toBe(200);
    const { data } = (await stored.json()) as { data: { id: number } };
    await page.getByTestId(`announcement-unread-${data.id}`).waitFor({ timeout: 1_000 });
    expect(await page.getByTestId(`row-${data.id}`).textContent()).toContain(title);
    const slogan = `Every call matters ${Date.now() % 100_000}`;
    expect((await send('slogan/update', { slogan })).status).toBe(200);
    await expect.poll(() => page.getByTestId('company-slogan').textContent(), { timeout: 1_000 }).toBe(slogan);
    await page.screenshot({ path: '/tmp/announcements-agent.png', fullPage: true });
  });
});
