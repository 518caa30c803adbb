import { beforeAll, describe, expect, it } from 'vitest';
import { cbrMp3 } from '../../server/test/files/mp3-frames';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';
import { apiToken, hangupFromFar } from './support/cti';

/**
 * Inbound routing in Chromium against the real server (issue 17, docs/routing.md): a manager adds a
 * lunch-hour condition playing a sound file on /time-conditions and presses Apply; a simulator call to
 * the inbound number at 12:30 plays it and rings nobody, one at 10:00 pops up at agent1; a caller
 * pressing 2 in an IVR made for the test reaches its ring group, and agent1's pop-up names the ring group.
 */
describe.skipIf(!hasBrowser)('inbound routing in Chromium', () => {
  const session = useBrowserApp();
  const { signedIn } = session;
  let managerToken: string;

  async function api<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${session.app.url}/api/v1/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  }

  async function ring(body: Record<string, unknown>): Promise<{ uniqueid: string; routed?: { type: string; target: string | null } }> {
    const response = await fetch(`${session.app.url}/cti/simulator/calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as { uniqueid: string; routed?: { type: string; target: string | null } };
  }

  beforeAll(async () => {
    managerToken = await apiToken(session.app.url, 'manager');
    // What the test builds on, through the API: a sound file, a ring group, an IVR and two inbound numbers.
    const form = new FormData();
    form.set('name', 'Lunch message');
    form.set('file', new File([new Uint8Array(cbrMp3(40))], 'lunch.mp3', { type: 'audio/mpeg' }));
    const uploaded = await fetch(`${session.app.url}/api/v1/sound-file/store`, { method: 'POST', headers: { authorization: `Bearer ${managerToken}` }, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    await api('ring-group/store', { number: '610', display_name: 'Support ring', strategy: 'ringall', ring_time_s: 20, members: ['1001'] });
    await api('ivr/store', {
      number: '710',
      name: 'Main menu',
      options: [
        { digit: '1', destination: { type: 'extension', target: '1001' } },
        { digit: '2', destination: { type: 'ring_group', target: '610' } },
      ],
      timeout_destination: { type: 'extension', target: '1001' },
      invalid_destination: { type: 'hangup', target: null },
    });
    await api('inbound-number/store', { number: '0215889000', name: 'Main line', destination: { type: 'extension', target: '1001' } });
    await api('inbound-number/store', { number: '0215889001', name: 'Menu line', destination: { type: 'ivr', target: '710' } });
  });

  it('a lunch-hour condition added on /time-conditions and applied plays its sound file at 12:30; at 10:00 agent1 gets the call', async () => {
    const { page: agent1 } = await signedIn('agent1');
    await agent1.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });

    const { context: managerContext, page: manager } = await signedIn('manager');
    await manager.goto(`${session.app.url}/time-conditions`);
    await manager.getByTestId('resource-list-time-condition').waitFor({ timeout: 15_000 });
    const opened = managerContext.waitForEvent('page', { timeout: 5_000 }).catch(() => null);
    await manager.getByTestId('resource-add').click();
    const form = (await opened) ?? manager;
    await form.getByTestId('name').fill('Lunch');
    await form.locator('select[data-testid="type"]').selectOption('lunch_hour');
    await form.locator('select[data-testid="start_weekday"]').selectOption('1');
    await form.locator('select[data-testid="end_weekday"]').selectOption('7');
    await form.locator('select[data-testid="start_month"]').selectOption('1');
    await form.locator('select[data-testid="end_month"]').selectOption('12');
    await form.locator('select[data-testid="start_date"]').selectOption('1');
    await form.locator('select[data-testid="end_date"]').selectOption('31');
    await form.locator('select[data-testid="start_hour"]').selectOption('12');
    await form.locator('select[data-testid="start_minute"]').selectOption('0');
    await form.locator('select[data-testid="end_hour"]').selectOption('13');
    await form.locator('select[data-testid="end_minute"]').selectOption('0');
    await form.locator('select[data-testid="sound_file_id"]').selectOption({ label: 'Lunch message' });
    await form.getByTestId('resource-form-save').click();
    await manager.getByTestId('resource-list-time-condition').getByText('Lunch').first().waitFor({ timeout: 15_000 });

    // Staged until Apply: the bar says so, and applying makes it live.
    const bar = manager.getByTestId('routing-apply-bar');
    await expect.poll(() => bar.getAttribute('data-pending'), { timeout: 15_000 }).not.toBe('0');
    await manager.getByTestId('routing-apply').click();
    await expect.poll(() => bar.getAttribute('data-pending'), { timeout: 15_000 }).toBe('0');

    const lunch = await ring({ from: '01055550002', to: '0215889000', at: '2026-11-25T12:30:00+09:00' });
    expect(lunch.routed).toMatchObject({ type: 'sound_file' });

    const morning = await ring({ from: '01055550001', to: '0215889000', at: '2026-11-25T10:00:00+09:00' });
    expect(morning.routed).toEqual({ type: 'extension', target: '1001' });
    await agent1.locator(`[data-testid="inbound-popup"][data-uniqueid="${morning.uniqueid}"]`).waitFor({ timeout: 10_000 });
    expect(await agent1.locator('[data-testid="inbound-popup"]').count()).toBe(1);
    await hangupFromFar(session.app.url, managerToken, morning.uniqueid);
    await expect.poll(() => agent1.getByTestId('cti-status-label').getAttribute('data-status'), { timeout: 10_000 }).toBe('0');
  });

  it('a caller pressing 2 in the IVR reaches its ring group, and the pop-up names the ring group', async () => {
    const { page: agent1 } = await signedIn('agent1');
    await agent1.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });
    await api('routing/apply', {});
    const call = await ring({ from: '01055550003', to: '0215889001', at: '2026-11-25T10:00:00+09:00', digits: '2' });
    expect(call.routed).toEqual({ type: 'ring_group', target: '610' });
    const popup = agent1.locator(`[data-testid="inbound-popup"][data-uniqueid="${call.uniqueid}"]`);
    await popup.waitFor({ timeout: 10_000 });
    await expect.poll(async () => (await popup.getByTestId('inbound-caller').textContent()) ?? '').toContain('610');
    await expect.poll(async () => (await popup.getByTestId('inbound-caller').textContent()) ?? '').toContain('710');
    await hangupFromFar(session.app.url, managerToken, call.uniqueid);
  });

  it('"Test a call" shows the path a call takes and why, and the week at a glance', async () => {
    const { page: manager } = await signedIn('manager');
    await manager.goto(`${session.app.url}/configuration/inbound/simulate?to=0215889001`);
    const form = manager.getByTestId('simulate-form');
    await form.waitFor({ timeout: 15_000 });
    await manager.getByTestId('simulate-from').fill('01055550009');
    await manager.locator('select[data-testid="simulate-hour"]').selectOption('10');
    await manager.getByTestId('simulate-digits').fill('2');
    await manager.getByTestId('simulate-submit').click();
    const end = manager.getByTestId('simulate-destination');
    await end.waitFor({ timeout: 15_000 });
    expect(await end.getAttribute('data-type')).toBe('ring_group');
    expect(await manager.getByTestId('simulate-ring-gr').textContent()).toContain('610');
    expect(await manager.getByTestId('simulate-path').textContent()).toContain('The caller pressed 2.');

    // The whole week: lunch (the condition the first test applied) plays its message at 12:00 on a weekday.
    // Blueprint draws the radio over its hidden input.
    await manager.getByTestId('simulate-mode-week').check({ force: true });
    await manager.getByTestId('simulate-submit').click();
    const lunchCell = manager.getByTestId('simulate-week-cell-3-12');
    await expect.poll(() => lunchCell.getAttribute('data-type'), { timeout: 60_000 }).toBe('sound_file');
    await expect.poll(() => manager.getByTestId('simulate-week-cell-3-10').getAttribute('data-type'), { timeout: 60_000 }).toBe('ring_group');
  }, 120_000);
});
