// Registration, the status codes of every state, agent states (dndOn/dndOff) and call forwarding.

import { SimulatedClock } from 'xstate';
import { TelephonyError } from '../../src/telephony/errors';
import { createHarness, CUSTOMER } from './simulator-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('registration', () => {
  it('logs an extension in on register and out after 35 s without one', async () => {
    const h = await createHarness(undefined, {}, []);
    expect(await h.driver.load('1001')).toEqual({ exten_status: 0, status: 4 });
    expect(await h.driver.register('1001')).toEqual({ exten_status: 51, status: 0 });

    // The client re-registers every 10 s: it stays logged in well past 35 s.
    for (let i = 0; i < 6; i += 1) {
      vi.advanceTimersByTime(10_000);
      await h.driver.register('1001');
    }
    expect((await h.driver.load('1001')).exten_status).toBe(51);

    vi.advanceTimersByTime(34_999);
    expect((await h.driver.load('1001')).exten_status).toBe(51);
    vi.advanceTimersByTime(1);
    expect(await h.driver.load('1001')).toEqual({ exten_status: 0, status: 4 });
    expect(h.statusesOf('1001')).toEqual([0, 4]);
    expect(h.roomOf('1001', 'extension_status').at(-1)?.payload).toEqual({ extension: '1001', exten_status: 0, status: 4 });
  });

  it('counts registrations and keeps the time of the last one, for the snapshot', async () => {
    const h = await createHarness(undefined, {}, []);
    const view = () => h.driver.simulator!.snapshot().extensions.find((e) => e.number === '1001')!;
    expect(view()).toMatchObject({ registrations: 0, lastRegisteredAt: null });
    await h.driver.register('1001');
    const first = view().lastRegisteredAt!;
    vi.advanceTimersByTime(10_000);
    await h.driver.register('1001');
    expect(view().registrations).toBe(2);
    expect(view().lastRegisteredAt! - first).toBe(10_000);
  });

  it('honours a configured registration TTL', async () => {
    const h = await createHarness(undefined, { registrationTtlMs: 5_000 }, ['1001']);
    vi.advanceTimersByTime(5_000);
    expect((await h.driver.load('1001')).exten_status).toBe(0);
  });

  it('logs out on unregister and publishes only changes', async () => {
    const h = await createHarness(undefined, {}, ['1001']);
    await h.driver.register('1001');
    await h.driver.register('1001');
    expect(h.statusesOf('1001')).toEqual([]);
    await h.driver.unregister('1001');
    expect(h.statusesOf('1001')).toEqual([4]);
  });

  it('refuses unknown extensions and commands that need a login', async () => {
    const h = await createHarness(undefined, {}, []);
    await expect(h.driver.register('9999')).rejects.toMatchObject({ code: 'unknown_extension', httpStatus: 404 });
    await expect(h.driver.dndOn('1001', 11)).rejects.toMatchObject({ code: 'not_logged_in' });
    await expect(h.driver.dial('1001', '01012345678')).rejects.toBeInstanceOf(TelephonyError);
  });
});

describe('status codes through load', () => {
  it('reports every state with the specification\'s codes', async () => {
    const h = await createHarness();
    const load = async () => (await h.driver.load('1001')).status;
    expect(await load()).toBe(0);

    const options = [[1, 2], [11, 11], [21, 21], [31, 31]] as const;
    for (const [option, status] of options) {
      await h.driver.dndOn('1001', option);
      expect(await load()).toBe(status);
    }
    await h.driver.dndOff('1001');
    expect(await load()).toBe(0);

    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(await load()).toBe(8);
    await h.driver.answer('1001');
    expect(await load()).toBe(1);
    // Agent states set during a call show as 12 / 22 / 32 (on a call while in rest / lunch / after-call).
    for (const [option, status] of [[11, 12], [21, 22], [31, 32]] as const) {
      await h.driver.dndOn('1001', option);
      expect(await load()).toBe(status);
    }
    await h.driver.hangup('1001');
    expect(await load()).toBe(31);
    await h.driver.unregister('1001');
    expect(await h.driver.load('1001')).toEqual({ exten_status: 0, status: 4 });
  });

  it('rejects dndOn options other than 1, 11, 21, 31', async () => {
    const h = await createHarness();
    await expect(h.driver.dndOn('1001', 7 as never)).rejects.toMatchObject({ code: 'invalid_option', httpStatus: 422 });
  });

  it('publishes extension_status on every agent-state change', async () => {
    const h = await createHarness();
    await h.driver.dndOn('1001', 21);
    await h.driver.dndOn('1001', 1);
    await h.driver.dndOff('1001');
    expect(h.statusesOf('1001')).toEqual([21, 2, 0]);
  });
});

describe('call forwarding', () => {
  it('sets, checks and removes forwarding', async () => {
    const h = await createHarness();
    expect(await h.driver.checkTransfer('1001')).toEqual({ transfer: false, number: '' });
    await h.driver.transfer('1001', '010-1234-5678');
    expect(await h.driver.checkTransfer('1001')).toEqual({ transfer: true, number: '01012345678' });
    await h.driver.unTransfer('1001');
    expect(await h.driver.checkTransfer('1001')).toEqual({ transfer: false, number: '' });
  });

  it('refuses forwarding to itself or to something that is not a number', async () => {
    const h = await createHarness();
    await expect(h.driver.transfer('1001', '1001')).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(h.driver.transfer('1001', '1002;rm -rf')).rejects.toMatchObject({ code: 'invalid_number' });
  });

  it('sends a forwarded extension\'s calls to the forward number', async () => {
    const h = await createHarness();
    await h.driver.transfer('1001', '1002');
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(h.roomOf('1001')).toEqual([]);
    const [popup] = h.roomOf('1002', 'inbound_call');
    expect(popup?.payload).toMatchObject({ phone_no: CUSTOMER, ext_no: '1002' });
  });

  it('forwards to an outside number even while logged out', async () => {
    const h = await createHarness(undefined, {}, []);
    await h.driver.transfer('1001', '01099998888');
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(h.events).toEqual([]);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });
});

describe('injectable clock', () => {
  it('runs the PBX timers on an XState SimulatedClock, stepped no further than the smallest delay', async () => {
    vi.useRealTimers();
    const clock = new SimulatedClock();
    const h = await createHarness(undefined, { clock, ringTimeoutMs: 20_000, registrationTtlMs: 35_000 }, ['1001']);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    for (let t = 0; t < 20_000; t += 5_000) clock.increment(5_000);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    for (let t = 0; t < 15_000; t += 5_000) clock.increment(5_000);
    expect(await h.driver.load('1001')).toEqual({ exten_status: 0, status: 4 });
    await h.driver.close();
  });
});
