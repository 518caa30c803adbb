// The built-in PBX and the company's blacklist (a caller it refuses rings nobody and is reported as
// `call_blocked`), and the caller id an extension's call carries (`call_placed`, the call's snapshot).

import type { CallScreen } from '../../src/telephony/driver';
import { createHarness, CUSTOMER } from './simulator-helpers';

const BLOCKED = '01099990000';
/** A screen refusing BLOCKED, written down in whatever form the caller ID arrives. */
const screen: CallScreen = { refusesCaller: async (number) => number.replace(/^\+82/, '0') === BLOCKED };

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('inbound screening', () => {
  it('a refused caller rings nobody, whoever is free, and is reported once as call_blocked', async () => {
    const h = await createHarness(undefined, { screen, now: () => Date.parse('2026-11-27T01:02:03Z') });
    const direct = await h.driver.simulator!.placeInboundCall({ from: BLOCKED, to: '1001' });
    const queued = await h.driver.simulator!.placeInboundCall({ from: '+821099990000', to: '500' });
    expect(direct).toEqual({ uniqueid: expect.any(String), blocked: true });
    expect(queued.blocked).toBe(true);
    expect(h.events.filter((e) => e.type !== 'extension_status')).toEqual([]);
    expect(h.companyEvents).toEqual([]);
    expect(h.callNotices).toEqual([
      { type: 'call_blocked', payload: { uniqueid: direct.uniqueid, from: BLOCKED, to: '1001', at: '2026-11-27T01:02:03.000Z' } },
      { type: 'call_blocked', payload: { uniqueid: queued.uniqueid, from: '+821099990000', to: '500', at: '2026-11-27T01:02:03.000Z' } },
    ]);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
    expect(await h.driver.load('1001')).toEqual({ exten_status: 51, status: 0 });
  });

  it('a refused caller is refused even when nobody could take the call (no busy error)', async () => {
    const h = await createHarness(undefined, { screen }, []);
    await expect(h.driver.simulator!.placeInboundCall({ from: BLOCKED, to: '1001' })).resolves.toMatchObject({ blocked: true });
  });

  it('other callers ring as before; an unknown destination is still a 404-kind error first', async () => {
    const h = await createHarness(undefined, { screen });
    const { uniqueid, blocked } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(blocked).toBeUndefined();
    expect(h.roomOf('1001', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: CUSTOMER, uniqueid });
    expect(h.callNotices).toEqual([]);
    await expect(h.driver.simulator!.placeInboundCall({ from: BLOCKED, to: '4444' })).rejects.toMatchObject({ code: 'unknown_extension' });
  });

  it('without a screen nobody is refused', async () => {
    const h = await createHarness();
    expect((await h.driver.simulator!.placeInboundCall({ from: BLOCKED, to: '1001' })).blocked).toBeUndefined();
    expect(h.roomOf('1001', 'inbound_call')).toHaveLength(1);
  });
});

describe('caller id of an outbound call', () => {
  it('the call carries the caller id it was dialled with: call_placed before its ringing, and the snapshot', async () => {
    const h = await createHarness(undefined, { now: () => Date.parse('2026-11-27T01:02:03Z') });
    const { uniqueid } = await h.driver.dial('1001', '010-5555-0009', { callerId: '0215880000' });
    expect(h.callNotices).toEqual([
      { type: 'call_placed', payload: { uniqueid, extension: '1001', number: '01055550009', caller_id: '0215880000', at: '2026-11-27T01:02:03.000Z' } },
    ]);
    expect(h.driver.simulator!.snapshot().calls).toEqual([expect.objectContaining({ uniqueid, callerId: '0215880000', caller: expect.objectContaining({ number: '1001' }) })]);
    await h.driver.hangup('1001');
  });

  it("without one: the extension's default (caller_id '' and null in the snapshot); click-to-call alike", async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.clickToCall('1001', '0299990000');
    expect(h.callNotices).toEqual([{ type: 'call_placed', payload: expect.objectContaining({ uniqueid, caller_id: '' }) }]);
    expect(h.driver.simulator!.snapshot().calls[0]?.callerId).toBeNull();
    await h.driver.hangup('1001');
    const clicked = await h.driver.clickToCall('1001', '0299990000', { callerId: '07012345678' });
    expect(h.driver.simulator!.snapshot().calls[0]).toMatchObject({ uniqueid: clicked.uniqueid, callerId: '07012345678' });
  });

  it('a caller id that is not a number is refused before anything is placed', async () => {
    const h = await createHarness();
    await expect(h.driver.dial('1001', '0299990000', { callerId: '02$(reboot)' })).rejects.toMatchObject({ code: 'invalid_number' });
    expect(h.callNotices).toEqual([]);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });
});
