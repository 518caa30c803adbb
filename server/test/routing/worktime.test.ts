import { eq } from 'drizzle-orm';
import { nextSpanChange, scheduledOpen } from '../../../src/api/routing/company-worktime';
import type { TimeConditionRule } from '../../../src/api/routing/time-condition-rules';
import { companyWorktime } from '../../src/db/schema';
import { cti, tokensFor } from '../cti/cti-helpers';
import type { DemoUser } from '../resources/resource-test-helpers';
import { startCallKit, type CallKit } from '../calls/call-test-kit';

/**
 * Company work time (docs/routing.md "Company work time"): company/worktime/view and update for managers
 * and users with `worktime_switch` (agent1 in the demo data); the switch forces the company open or
 * closed until the hours next change, the PBX and routing/simulate follow it at once, without Apply;
 * an ended force counts as none; each company has its own.
 */

let kit: CallKit;
let tokens: Record<string, string>;

beforeAll(async () => {
  kit = await startCallKit();
  tokens = await tokensFor(kit.t.app, ['manager']);
});
afterAll(async () => {
  await kit?.close();
});

type View = { open: boolean; scheduled_open: boolean; force: string | null; force_until: string | null; forced_by: string | null; hours: { id: number; name: string }[] };
const view = async (as: DemoUser = 'manager') => {
  const response = await kit.call(as, '/company/worktime/view', {});
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: View }>().data;
};
const update = (force: unknown, as: DemoUser = 'manager', language?: string) => kit.call(as, '/company/worktime/update', { force }, language ? { language } : {});
const ring = async (body: Record<string, unknown>) => {
  const response = await cti(kit.t.app, '/simulator/calls', { method: 'POST', token: tokens.manager, body });
  expect(response.statusCode, response.body).toBe(200);
  const { uniqueid, routed } = response.json<{ uniqueid: string; routed: { type: string; target: string | null } }>();
  if (uniqueid) await cti(kit.t.app, `/simulator/calls/${uniqueid}/hangup`, { method: 'POST', token: tokens.manager, body: {} });
  return routed;
};
const simulate = async (at?: string) => {
  const response = await kit.call('manager', '/routing/simulate', { to: '0215889100', from: '01055550001', ...(at ? { at } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ destination: { type: string; target: string | null }; steps: { type: string; reason: string }[] }>();
};

const OFFICE: TimeConditionRule = {
  type: 'working_hour',
  start_weekday: 1,
  end_weekday: 5,
  start_month: null,
  end_month: null,
  start_date: null,
  end_date: null,
  start_hour: 9,
  start_minute: 0,
  end_hour: 18,
  end_minute: 0,
};
const OPEN = { type: 'extension', target: '1001' };
const CLOSED = { type: 'voicemail', target: null };
/** Where a call goes by the hours alone, now. */
const byHours = () => (scheduledOpen([OFFICE], new Date()) ? OPEN : CLOSED);

describe('company work time', () => {
  beforeAll(async () => {
    for (const [path, body] of [
      ['inbound-number', { number: '0215889100', name: 'Work time line', destination: { type: 'extension', target: '1001' } }],
      ['time-condition', { name: 'Office hours', type: 'working_hour', start_weekday: 1, end_weekday: 5, start_month: 1, end_month: 12, start_date: 1, end_date: 31, start_hour: 9, start_minute: 0, end_hour: 18, end_minute: 0, destination: { type: 'voicemail', target: null } }],
    ] as const) {
      const stored = await kit.call('manager', `/${path}/store`, body);
      expect(stored.statusCode, stored.body).toBe(200);
    }
  });

  it('shows the hours from the records before any Apply, the live ones after', async () => {
    const before = await view();
    expect(before).toMatchObject({ force: null, force_until: null, forced_by: null, scheduled_open: scheduledOpen([OFFICE], new Date()) });
    expect(before.open).toBe(before.scheduled_open);
    expect(before.hours).toEqual([expect.objectContaining({ name: 'Office hours', start_weekday: 1, end_weekday: 5, start_hour: 9, end_hour: 18 })]);

    expect((await kit.call('manager', '/routing/apply', {})).statusCode).toBe(200);
    const id = before.hours[0]!.id;
    const renamed = await kit.call('manager', '/time-condition/update', { ...OFFICE, start_month: 1, end_month: 12, start_date: 1, end_date: 31, id, name: 'Office hours (edited)', destination: { type: 'voicemail', target: null } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Staged, not live: the hours are still the applied ones.
    expect((await view()).hours.map((h) => h.name)).toEqual(['Office hours']);
  });

  it('is for managers and users with the worktime switch: agent1 may, agent2 gets 403', async () => {
    expect((await kit.call('agent2', '/company/worktime/view', {})).statusCode).toBe(403);
    expect((await update('open', 'agent2')).statusCode).toBe(403);
    expect((await view('agent1')).hours).toHaveLength(1);
  });

  it('forces closed until the next change of span; the PBX and the simulation follow at once, without Apply', async () => {
    const before = new Date();
    const response = await update('closed', 'agent1');
    expect(response.statusCode, response.body).toBe(200);
    const after = new Date();
    const data = response.json<{ data: View }>().data;
    expect(data).toMatchObject({ open: false, force: 'closed', forced_by: '이민호' });
    // The next moment the hours alone change, seen from when it was set.
    expect([nextSpanChange([OFFICE], before)?.toISOString(), nextSpanChange([OFFICE], after)?.toISOString()]).toContain(data.force_until);
    const until = new Date(data.force_until!);
    expect(scheduledOpen([OFFICE], until)).not.toBe(scheduledOpen([OFFICE], new Date(until.getTime() - 60_000)));
    expect(await view()).toMatchObject({ open: false, force: 'closed', force_until: data.force_until });

    expect(await ring({ from: '01055550011', to: '0215889100' })).toEqual(CLOSED);
    expect((await simulate()).destination).toEqual(CLOSED);
    // A time before the switch was flipped follows the hours: a Saturday, closed anyway.
    expect((await simulate('2026-11-21T10:00:00+09:00')).destination).toEqual(CLOSED);
    // A time after the span ends follows the hours again.
    expect((await simulate(new Date(until.getTime() + 60_000).toISOString())).destination).toEqual(scheduledOpen([OFFICE], new Date(until.getTime() + 60_000)) ? OPEN : CLOSED);
  });

  it('forces open: after hours too, with the reason', async () => {
    const data = (await update('open')).json<{ data: View }>().data;
    expect(data).toMatchObject({ open: true, force: 'open', forced_by: '김지수' });
    expect(await ring({ from: '01055550012', to: '0215889100' })).toEqual(OPEN);
    expect((await simulate()).destination).toEqual(OPEN);
    // Wednesday 2026-12-02 20:00 is after hours: if the switch still holds then, it is open.
    const evening = '2026-12-02T20:00:00+09:00';
    const inSpan = data.force_until === null || new Date(evening) < new Date(data.force_until);
    expect((await simulate(evening)).destination).toEqual(inSpan ? OPEN : CLOSED);
  });

  it('goes back to the hours with null', async () => {
    const data = (await update(null)).json<{ data: View }>().data;
    expect(data).toMatchObject({ force: null, force_until: null, forced_by: null });
    expect(data.open).toBe(data.scheduled_open);
    expect(await ring({ from: '01055550013', to: '0215889100' })).toEqual(byHours());
  });

  it('counts a force whose span has ended as none', async () => {
    await update('closed');
    const company = (await kit.call('manager', '/company/worktime/view', {})).json<{ data: View }>().data;
    expect(company.force).toBe('closed');
    const now = Date.now();
    await kit.t.db
      .update(companyWorktime)
      .set({ forcedAt: new Date(now - 2 * 3_600_000), forceUntil: new Date(now - 3_600_000) })
      .where(eq(companyWorktime.force, 'closed'));
    expect(await view()).toMatchObject({ force: null, force_until: null, open: scheduledOpen([OFFICE], new Date()) });
    expect(await ring({ from: '01055550014', to: '0215889100' })).toEqual(byHours());
  });

  it('keeps each company’s switch apart', async () => {
    await update('closed');
    expect(await view('acme-manager')).toMatchObject({ force: null, hours: [] });
    const acme = (await update('open', 'acme-manager')).json<{ data: View }>().data;
    // Acme has no working hours: the hours never change, so the force holds until switched back.
    expect(acme).toMatchObject({ force: 'open', force_until: null, open: true });
    expect(await view()).toMatchObject({ force: 'closed' });
    expect((await kit.call('acme-agent', '/company/worktime/view', {})).statusCode).toBe(403);
    await update(null);
  });

  it('refuses bad input with 422 under the field, in the caller’s language', async () => {
    for (const force of ['maybe', 1, undefined]) {
      const response = await update(force);
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json<{ errors: Record<string, unknown> }>().errors)).toEqual(['force']);
    }
    const korean = await update('maybe', 'manager', 'kr');
    expect(JSON.stringify(korean.json())).toContain('영업 중(open)');
  });
});
