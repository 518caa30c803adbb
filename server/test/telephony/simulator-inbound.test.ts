// Inbound calls: direct to an extension, through a ring-all queue, round-robin, ring groups, waiting in
// a queue, ring timeouts, refusals and untrusted caller ID.

import type { TelephonyDirectory } from '../../src/telephony/driver';
import { createHarness, CUSTOMER, DEMO_DIRECTORY } from './simulator-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const ROUND_ROBIN: TelephonyDirectory = {
  ...DEMO_DIRECTORY,
  queues: [{ number: '600', strategy: 'roundrobin', members: ['1001', '1002', '1003'] }],
  ringGroups: [
    { number: '700', strategy: 'ringall', members: ['1002', '1003'] },
    { number: '701', strategy: 'hunt', members: ['1002', '1003'] },
  ],
};

describe('a call to an extension', () => {
  it('rings, is answered and hung up, with events in order', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(uniqueid).toMatch(/^\d{10}\.\d+$/);

    const [popup] = h.roomOf('1001', 'inbound_call');
    expect(popup?.payload).toEqual({
      phone_no: CUSTOMER,
      ext_no: '1001',
      ring_gr: '',
      uniqueid,
      chanel: expect.stringMatching(/^SIP\/1001-[0-9a-f]{8}$/),
      ivr_number: '',
      recordingfile: expect.stringMatching(new RegExp(`^\\d{8}-\\d{6}-${CUSTOMER}-1001-${uniqueid.replace('.', '\\.')}\\.wav$`)),
      server: 'test-pbx',
    });
    // The pop-up comes before anything else for that extension.
    expect(h.roomOf('1001')[0]?.type).toBe('inbound_call');

    await h.driver.answer('1001');
    await h.driver.simulator!.hangupFromFar(uniqueid);

    expect(h.statesOf('1001')).toEqual(['ringing', 'answered', 'hangup']);
    expect(h.statusesOf('1001')).toEqual([8, 1, 0]);
    for (const event of h.roomOf('1001', 'call_state')) {
      expect(event.payload).toMatchObject({ uniqueid, extension: '1001', number: CUSTOMER });
    }
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });

  it('ends as missed after the ring timeout', async () => {
    const h = await createHarness();
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    vi.advanceTimersByTime(19_999);
    expect(h.statesOf('1001')).toEqual(['ringing']);
    vi.advanceTimersByTime(1);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    expect(h.statusesOf('1001')).toEqual([8, 0]);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });

  it('stops ringing when the caller gives up first', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    await expect(h.driver.answer('1001')).rejects.toMatchObject({ code: 'no_call' });
  });

  it('refuses a call to an extension in do-not-disturb, on a call or logged out', async () => {
    const h = await createHarness();
    await h.driver.dndOn('1001', 1);
    await expect(h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' })).rejects.toMatchObject({ code: 'busy' });

    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1002' });
    await expect(h.driver.simulator!.placeInboundCall({ from: '0212345678', to: '1002' })).rejects.toMatchObject({ code: 'busy' });

    await h.driver.unregister('1003');
    await expect(h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1003' })).rejects.toMatchObject({ code: 'not_logged_in' });
    await expect(h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '4242' })).rejects.toMatchObject({ code: 'unknown_extension' });
  });

  it('still rings an agent in rest when called directly', async () => {
    const h = await createHarness();
    await h.driver.dndOn('1001', 11);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(await h.driver.load('1001')).toEqual({ exten_status: 51, status: 8 });
  });
});

describe('caller ID is untrusted', () => {
  it.each(['', 'abc', '010-5555-0001\r\nAction: Originate', '$(reboot)', '1'.repeat(21), '++821055550001', '*99#'])(
    'refuses %j',
    async (from) => {
      const h = await createHarness();
      await expect(h.driver.simulator!.placeInboundCall({ from, to: '1001' })).rejects.toMatchObject({ code: 'invalid_number' });
      expect(h.events).toEqual([]);
    },
  );

  it('normalises separators and keeps a leading +', async () => {
    const h = await createHarness();
    await h.driver.simulator!.placeInboundCall({ from: ' +82 (10) 5555-0001 ', to: '1001' });
    expect(h.roomOf('1001', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: '+821055550001' });
  });
});

describe('queue 500 (ring-all)', () => {
  it('rings every available member; the first answer wins and the other stops ringing', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    for (const ext of ['1001', '1002']) {
      expect(h.roomOf(ext, 'inbound_call')[0]?.payload).toMatchObject({ phone_no: CUSTOMER, ring_gr: '500', uniqueid });
    }
    await h.driver.answer('1002');
    expect(h.statesOf('1002')).toEqual(['ringing', 'answered']);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    expect(h.statusesOf('1001')).toEqual([8, 0]);
    await expect(h.driver.answer('1001')).rejects.toMatchObject({ code: 'no_call' });
  });

  it.each([1, 11, 21, 31] as const)('does not ring an agent with dndOn option %i', async (option) => {
    const h = await createHarness();
    await h.driver.dndOn('1001', option);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(h.roomOf('1001', 'inbound_call')).toEqual([]);
    expect(h.roomOf('1002', 'inbound_call')).toHaveLength(1);
  });

  it('does not ring a logged-out agent', async () => {
    const h = await createHarness(undefined, {}, ['1002']);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(h.roomOf('1001', 'inbound_call')).toEqual([]);
    expect(h.roomOf('1002', 'inbound_call')).toHaveLength(1);
  });

  it('keeps a caller waiting while nobody is free and rings the first agent to come back', async () => {
    const h = await createHarness();
    await h.driver.dndOn('1001', 21);
    await h.driver.unregister('1002');
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(h.driver.simulator!.snapshot().calls[0]).toMatchObject({ uniqueid, state: 'queued', ringGroup: '500' });
    expect(h.roomOf('1001', 'inbound_call')).toEqual([]);

    vi.advanceTimersByTime(30_000);
    await h.driver.dndOff('1001');
    expect(h.roomOf('1001', 'inbound_call')[0]?.payload).toMatchObject({ uniqueid, ring_gr: '500' });
    await h.driver.answer('1001');
    expect(h.driver.simulator!.snapshot().groups[0]?.stats).toEqual({ answered: 1, abandoned: 0, missed: 0 });
  });

  it('tells the company of a caller who waits while nobody is free and hangs up; no extension hears of it', async () => {
    const h = await createHarness(undefined, {}, ['1001']);
    await h.driver.dndOn('1001', 21);
    h.clear();
    const placedAt = Date.now();
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(h.companyEvents).toEqual([{ type: 'call_started', payload: { uniqueid, from: CUSTOMER, queue: '500', at: new Date(placedAt).toISOString() } }]);
    vi.advanceTimersByTime(30_000); // within the registration TTL, so 1001 stays logged in
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(h.companyEvents[1]).toEqual({
      type: 'call_ended',
      payload: { uniqueid, from: CUSTOMER, queue: '500', outcome: 'abandoned', at: new Date(placedAt + 30_000).toISOString() },
    });
    expect(h.events).toEqual([]);
  });

  it('starts a queue call for the company before anything rings and ends it after the last hangup, once each', async () => {
    const h = await createHarness();
    const order: string[] = [];
    h.driver.subscribe((e) => order.push(e.type === 'call_state' ? e.payload.state : e.type));
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    vi.advanceTimersByTime(20_000); // nobody answers: the queue rings both members again
    await h.driver.answer('1001');
    await h.driver.blindTransfer('1001', '1002');
    await h.driver.answer('1002');
    await h.driver.hangup('1002');
    const calls = order.filter((name) => name !== 'extension_status');
    expect(calls[0]).toBe('call_started');
    expect(calls.at(-1)).toBe('call_ended');
    expect(h.companyEvents.map((e) => e.type)).toEqual(['call_started', 'call_ended']);
    expect(h.companyEvents[1]?.payload).toMatchObject({ uniqueid, from: CUSTOMER, queue: '500', outcome: 'answered' });
  });

  it('an extension calling the queue is the caller; direct and ring-group calls are not queue calls', async () => {
    const h = await createHarness(ROUND_ROBIN);
    const { uniqueid } = await h.driver.dial('1000', '600');
    await h.driver.hangup('1000');
    const direct = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    await h.driver.simulator!.hangupFromFar(direct.uniqueid);
    const ringGroup = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '700' });
    await h.driver.simulator!.hangupFromFar(ringGroup.uniqueid);
    expect(h.companyEvents.map((e) => [e.type, e.payload.uniqueid, e.payload.from, e.payload.queue])).toEqual([
      ['call_started', uniqueid, '1000', '600'],
      ['call_ended', uniqueid, '1000', '600'],
    ]);
  });

  it('counts a caller who gives up while waiting as abandoned; queueReset clears the counters', async () => {
    const h = await createHarness(undefined, {}, []);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    await h.driver.simulator!.hangupFromFar(uniqueid);
    const group = () => h.driver.simulator!.snapshot().groups[0];
    expect(group()).toMatchObject({ calls: [], stats: { answered: 0, abandoned: 1, missed: 0 } });
    await h.driver.queueReset('500');
    expect(group()?.stats).toEqual({ answered: 0, abandoned: 0, missed: 0 });
    await expect(h.driver.queueReset('501')).rejects.toMatchObject({ code: 'unknown_queue' });
  });

  it('rings everyone again after the ring timeout, until someone answers', async () => {
    const h = await createHarness();
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    vi.advanceTimersByTime(20_000);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup', 'ringing']);
    expect(h.statesOf('1002')).toEqual(['ringing', 'hangup', 'ringing']);
    await h.driver.answer('1001');
    expect(h.statesOf('1001').at(-1)).toBe('answered');
  });
});

describe('round-robin', () => {
  it('rings the next member and moves on after the ring timeout', async () => {
    const h = await createHarness(ROUND_ROBIN);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    const rung = () => h.events.filter((e) => e.type === 'inbound_call').map((e) => e.extension);
    expect(rung()).toEqual(['1001']);
    vi.advanceTimersByTime(20_000);
    expect(rung()).toEqual(['1001', '1002']);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    await h.driver.answer('1002');

    // The next call carries on after the member rung last.
    await h.driver.simulator!.placeInboundCall({ from: '0212345678', to: '600' });
    expect(rung()).toEqual(['1001', '1002', '1003']);
  });

  it('skips members who are not available', async () => {
    const h = await createHarness(ROUND_ROBIN);
    await h.driver.dndOn('1001', 31);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    expect(h.events.filter((e) => e.type === 'inbound_call').map((e) => e.extension)).toEqual(['1002']);
  });
});

describe('ring groups', () => {
  it('ring-all rings once, then the call ends as missed', async () => {
    const h = await createHarness(ROUND_ROBIN);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '700' });
    expect(h.roomOf('1002', 'inbound_call')[0]?.payload).toMatchObject({ ring_gr: '700' });
    expect(h.roomOf('1003', 'inbound_call')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
    expect(h.driver.simulator!.snapshot().groups.find((g) => g.number === '700')?.stats.missed).toBe(1);
  });

  it('hunt tries each member once, in turn', async () => {
    const h = await createHarness(ROUND_ROBIN);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '701' });
    await vi.advanceTimersByTimeAsync(20_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(h.events.filter((e) => e.type === 'inbound_call').map((e) => e.extension)).toEqual(['1002', '1003']);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });

  it('a call nobody can ring hangs up (no no-answer destination); an agent dialling it is told busy', async () => {
    const h = await createHarness(ROUND_ROBIN, {}, ['1001']);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '700' });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.events.filter((e) => e.type === 'inbound_call')).toEqual([]);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
    expect(h.callNotices).toContainEqual({
      type: 'call_routed',
      payload: { uniqueid, from: CUSTOMER, to: '700', destination: { type: 'hangup', target: null }, at: expect.any(String) },
    });
    await expect(h.driver.dial('1001', '700')).rejects.toMatchObject({ code: 'busy' });
  });
});

describe('declining', () => {
  it('a ringing extension that hangs up declines; the last decline sends a direct call to missed', async () => {
    const h = await createHarness();
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    await h.driver.hangup('1001');
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    expect(h.statesOf('1002')).toEqual(['ringing']);
    await h.driver.answer('1002');
    expect(h.statesOf('1002')).toEqual(['ringing', 'answered']);
  });
});
