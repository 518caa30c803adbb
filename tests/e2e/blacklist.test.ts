import { beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser } from './support/browser';
import { useBrowserApp } from './support/browser-app';
import { apiToken, hangupFromFar, placeCall } from './support/cti';

const BLOCKED = '01099990000';
const REFUSED = 'This number is blacklisted; it cannot be called.';

/**
 * Issue 16 in Chromium against the real server: a manager blacklists a number at /blacklist (Add); a
 * simulated call from it never pops up for agent1, signed in and registered, and is in the call log as
 * blocked; agent1's dial to it is refused with the reason in the CTI bar. Caller ids: the dial pad names
 * the caller id agent1's calls carry.
 */
describe.skipIf(!hasBrowser)('blacklist and caller id in Chromium', () => {
  const session = useBrowserApp();
  const { signedIn } = session;
  let managerToken: string;

  beforeAll(async () => {
    managerToken = await apiToken(session.app.url, 'manager');
  });

  it('a number blacklisted through /blacklist never pops up for agent1, is logged as blocked, and cannot be dialled', async () => {
    const { page: agent1 } = await signedIn('agent1');
    await agent1.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });

    // The manager adds the number on the blacklist screen (the add form is a window for a manager).
    const { context: managerContext, page: manager } = await signedIn('manager');
    await manager.goto(`${session.app.url}/blacklist`);
    const list = manager.getByTestId('resource-list-blacklist');
    await list.waitFor({ timeout: 15_000 });
    const opened = managerContext.waitForEvent('page', { timeout: 5_000 }).catch(() => null);
    await manager.getByTestId('resource-add').click();
    const form = (await opened) ?? manager;
    await form.getByTestId('phone_number').fill('010-9999-0000');
    await form.getByTestId('resource-form-save').click();
    await list.getByText('010-9999-0000').waitFor({ timeout: 15_000 });

    // A call from it: refused by the PBX, nothing reaches agent1.
    const answer = await fetch(`${session.app.url}/cti/simulator/calls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ from: BLOCKED, to: '1001' }),
    });
    expect(answer.status).toBe(200);
    const blocked = (await answer.json()) as { uniqueid: string; blocked?: boolean };
    expect(blocked.blocked).toBe(true);
    // A call from someone else right after does pop up, so agent1's phone was listening all along.
    const control = await placeCall(session.app.url, managerToken, '01055550001', '1001');
    await agent1.locator(`[data-testid="inbound-popup"][data-uniqueid="${control}"]`).waitFor({ timeout: 10_000 });
    expect(await agent1.locator(`[data-testid="inbound-popup"][data-uniqueid="${blocked.uniqueid}"]`).count()).toBe(0);
    expect(await agent1.locator(`[data-testid="cti-call"][data-call-id="${blocked.uniqueid}"]`).count()).toBe(0);
    await hangupFromFar(session.app.url, managerToken, control);
    await expect.poll(() => agent1.getByTestId('cti-status-label').getAttribute('data-status'), { timeout: 10_000 }).toBe('0');

    // The call log says so.
    await manager.goto(`${session.app.url}/call-statistics/inbound-details`);
    const row = manager.locator('[data-testid^="row-"]', { hasText: '010-9999-0000' });
    await row.first().waitFor({ timeout: 15_000 });
    await expect.poll(() => row.first().textContent()).toContain('Blocked');

    // Dialling it from the dial pad: the CTI bar's call says why it was refused.
    await agent1.getByTestId('dial-pad-button').click();
    await agent1.getByTestId('dial-pad-input').fill(BLOCKED);
    await agent1.getByTestId('dial-pad-call').click();
    const error = agent1.getByTestId('call-error');
    await error.waitFor({ timeout: 10_000 });
    expect(await error.textContent()).toContain(REFUSED);
  });

  it("the dial pad names the caller id agent1's calls carry", async () => {
    const agent1Id = ((await (await fetch(`${session.app.url}/api/v1/users/check-user`, { method: 'POST', headers: { authorization: `Bearer ${await apiToken(session.app.url, 'agent1')}` } })).json()) as { user: { id: number } }).user.id;
    const stored = await fetch(`${session.app.url}/api/v1/caller-id/store`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${managerToken}` },
      body: JSON.stringify({ number: '02-1588-0000', name: 'Main line', user_ids: [agent1Id] }),
    });
    expect(stored.status).toBe(200);
    const { page: agent1 } = await signedIn('agent1');
    await agent1.locator('[data-testid="cti-registration"][data-registered="true"]').waitFor({ timeout: 20_000 });
    await agent1.getByTestId('dial-pad-button').click();
    const named = agent1.getByTestId('dial-pad-caller-id-text');
    await named.waitFor({ timeout: 10_000 });
    expect(await named.textContent()).toContain('02-1588-0000 Main line');
  });
});
