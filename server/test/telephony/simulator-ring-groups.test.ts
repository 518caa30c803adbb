// Ring groups on the built-in PBX (CONTRACT §10, docs/telephony.md "Ring groups"): the four strategies as
// FreePBX defines them, the ring time, outside-number members rung through the trunk (answered or
// refused through the simulator controls) and the no-answer destination. Fake timers drive the clock.

import type { CallScreen, DirectoryGroup, TelephonyDirectory } from '../../src/telephony/driver';
import { createHarness, CUSTOMER, DEMO_DIRECTORY, type Harness } from './simulator-helpers';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const MOBILE = '01099998888';

function withRingGroups(...ringGroups: DirectoryGroup[]): TelephonyDirectory {
  return { ...DEMO_DIRECTORY, ringGroups };
}

/** The extensions an inbound_call reached, in order. */
const rung = (h: Harness) => h.events.filter((e) => e.type === 'inbound_call').map((e) => e.extension);
const callOf = (h: Harness, uniqueid: string) => h.driver.simulator!.snapshot().calls.find((c) => c.uniqueid === uniqueid);
const routedNotices = (h: Harness) => h.callNotices.filter((e) => e.type === 'call_routed').map((e) => e.payload);

describe('strategies', () => {
  it('ringall rings every available member at once for the ring time, then leaves', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'ringall', members: ['1001', '1002', '1003'], ringTimeS: 15 }));
    await h.driver.dndOn('1003', 1);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    expect(rung(h)).toEqual(['1001', '1002']);
    expect(h.roomOf('1001', 'inbound_call')[0]?.payload).toMatchObject({ ring_gr: '600' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1001', '1002']);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    expect(rung(h)).toEqual(['1001', '1002']);
    expect(callOf(h, uniqueid)).toBeUndefined();
  });

  it('hunt rings one member at a time in list order, each for the ring time, passing over the unavailable', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'hunt', members: ['1003', '1002', '1001'], ringTimeS: 10 }));
    await h.driver.dndOn('1002', 11);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    expect(rung(h)).toEqual(['1003']);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(rung(h)).toEqual(['1003']);
    await vi.advanceTimersByTimeAsync(1);
    expect(rung(h)).toEqual(['1003', '1001']);
    await h.driver.answer('1001');
    expect(callOf(h, uniqueid)?.state).toBe('connected.talking');
    expect(h.roomOf('1001', 'inbound_call')[0]?.payload).toMatchObject({ ring_gr: '600' });
  });

  it('memoryhunt rings the first, then the first two, then the first three', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'memoryhunt', members: ['1001', '1002', '1003'], ringTimeS: 5 }));
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1001']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1001', '1002']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1001', '1002', '1003']);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(callOf(h, uniqueid)).toBeUndefined();
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup', 'ringing', 'hangup', 'ringing', 'hangup']);
  });

  it('firstavailable rings only the first member that can ring, once', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'firstavailable', members: ['1001', '1002', '1003'] }), {}, ['1002', '1003']);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    expect(rung(h)).toEqual(['1002']);
    // No ring time: the PBX's ring timeout (20 s).
    await vi.advanceTimersByTimeAsync(19_999);
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1002']);
    await vi.advanceTimersByTimeAsync(1);
    expect(rung(h)).toEqual(['1002']);
    expect(callOf(h, uniqueid)).toBeUndefined();
  });
});

describe('outside-number members', () => {
  it('rings the outside number through the trunk; when it answers, the extensions stop ringing', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'ringall', members: ['1001', MOBILE] }));
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    expect(callOf(h, uniqueid)).toMatchObject({ ringing: ['1001'], ringingOutside: [MOBILE] });
    await h.driver.simulator!.answerOutside(uniqueid, MOBILE);
    expect(callOf(h, uniqueid)).toMatchObject({ state: 'connected.talking', callee: { kind: 'external', number: MOBILE }, ringing: [], ringingOutside: [] });
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(callOf(h, uniqueid)?.state).toBe('connected.talking');
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(callOf(h, uniqueid)).toBeUndefined();
    expect(h.driver.simulator!.snapshot().groups.find((g) => g.number === '600')?.stats.answered).toBe(1);
  });

  it('a refusing outside number passes the hunt on to the next member at once', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'hunt', members: [MOBILE, '1002'], ringTimeS: 30 }));
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    expect(callOf(h, uniqueid)).toMatchObject({ ringing: [], ringingOutside: [MOBILE] });
    await expect(h.driver.simulator!.answerOutside(uniqueid, '01000000000')).rejects.toMatchObject({ code: 'no_call' });
    await h.driver.simulator!.refuseOutside(uniqueid, MOBILE);
    expect(callOf(h, uniqueid)).toMatchObject({ ringing: ['1002'], ringingOutside: [] });
    // The outside leg is no longer ringing: it cannot answer now.
    await expect(h.driver.simulator!.answerOutside(uniqueid, MOBILE)).rejects.toMatchObject({ code: 'no_call' });
  });

  it('an outside number nobody answers rings for the ring time, like an extension', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'ringall', members: [MOBILE], ringTimeS: 8 }));
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    await vi.advanceTimersByTimeAsync(7_999);
    expect(callOf(h, uniqueid)?.ringingOutside).toEqual([MOBILE]);
    await vi.advanceTimersByTimeAsync(1);
    expect(callOf(h, uniqueid)).toBeUndefined();
    expect(routedNotices(h)).toEqual([{ uniqueid, from: CUSTOMER, to: '600', destination: { type: 'hangup', target: null }, at: expect.any(String) }]);
  });
});

describe('no-answer destination', () => {
  it('rings the extension it names, after the group gave up', async () => {
    const h = await createHarness(
      withRingGroups({ number: '600', strategy: 'ringall', members: ['1001', '1002'], ringTimeS: 10, noAnswer: { type: 'extension', target: '1003' } }),
    );
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rung(h)).toEqual(['1001', '1002', '1003']);
    expect(h.roomOf('1003', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: CUSTOMER, uniqueid });
    await h.driver.answer('1003');
    expect(callOf(h, uniqueid)?.state).toBe('connected.talking');
    expect(h.driver.simulator!.snapshot().groups.find((g) => g.number === '600')?.stats.missed).toBe(1);
  });

  it('takes the call there at once when nobody can ring, e.g. a queue that holds the caller', async () => {
    const h = await createHarness(
      withRingGroups({ number: '600', strategy: 'hunt', members: ['1003'], noAnswer: { type: 'queue', target: '500' } }),
      {},
      ['1001'],
    );
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    await vi.advanceTimersByTimeAsync(0);
    expect(rung(h)).toEqual(['1001']);
    expect(h.companyEvents.map((e) => [e.type, e.payload.queue])).toEqual([['call_started', '500']]);
    expect(callOf(h, uniqueid)?.ringGroup).toBe('500');
  });

  it('a sound file rings nobody: the company hears the call was routed there, with the ring group as what was dialled', async () => {
    const h = await createHarness(
      withRingGroups({ number: '600', strategy: 'ringall', members: ['1001'], ringTimeS: 5, noAnswer: { type: 'sound_file', target: '3' } }),
    );
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(callOf(h, uniqueid)).toBeUndefined();
    expect(routedNotices(h)).toEqual([{ uniqueid, from: CUSTOMER, to: '600', destination: { type: 'sound_file', target: '3' }, at: expect.any(String) }]);
  });

  it('follows the routing through the screen (an IVR there), and a callback group leaves its request once', async () => {
    const followed: unknown[] = [];
    const callbacks: unknown[] = [];
    const screen: CallScreen = {
      refusesCaller: async () => false,
      followDestination: async (call) => {
        followed.push(call.destination);
        // The IVR's timeout destination: the callback group 810, as routeDestination would say.
        return { destination: { type: 'callback_group', target: '810' }, ringGroup: '', ivrNumber: '700' };
      },
      leaveCallback: async (call) => {
        callbacks.push({ from: call.from, group: call.group });
      },
    };
    const h = await createHarness(
      withRingGroups({ number: '600', strategy: 'ringall', members: ['1001'], ringTimeS: 5, noAnswer: { type: 'ivr', target: '700' } }),
      { screen },
    );
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(followed).toEqual([{ type: 'ivr', target: '700' }]);
    expect(callbacks).toEqual([{ from: CUSTOMER, group: '810' }]);
    expect(routedNotices(h)).toEqual([expect.objectContaining({ uniqueid, to: '600', destination: { type: 'callback_group', target: '810' } })]);
    expect(callOf(h, uniqueid)).toBeUndefined();
  });

  it('a group whose no-answer destination is itself, with nobody to ring, stops and hangs up', async () => {
    const h = await createHarness(
      withRingGroups({ number: '600', strategy: 'ringall', members: ['1003'], noAnswer: { type: 'ring_group', target: '600' } }),
      {},
      ['1001'],
    );
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    // Each turn round the loop waits for the routing (a promise): give it every turn it could want.
    for (let turn = 0; turn < 50; turn += 1) await vi.advanceTimersByTimeAsync(0);
    expect(callOf(h, uniqueid)).toBeUndefined();
    expect(routedNotices(h)).toEqual([expect.objectContaining({ uniqueid, destination: { type: 'hangup', target: null } })]);
  });

  it('a caller who hangs up while the group rings leaves nothing to follow', async () => {
    const h = await createHarness(
      withRingGroups({ number: '600', strategy: 'ringall', members: ['1001'], ringTimeS: 5, noAnswer: { type: 'extension', target: '1003' } }),
    );
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '600' });
    await h.driver.simulator!.hangupFromFar(uniqueid);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(rung(h)).toEqual(['1001']);
    expect(routedNotices(h)).toEqual([]);
  });
});

describe('the directory', () => {
  const ext = DEMO_DIRECTORY.extensions;
  it('takes outside numbers, the four strategies and a ring time; refuses the rest', async () => {
    const h = await createHarness();
    await expect(h.driver.configure({ extensions: ext, ringGroups: [{ number: '600', strategy: 'memoryhunt', members: ['1001', MOBILE], ringTimeS: 300 }] })).resolves.toBeUndefined();
    const refused = [
      { number: '600', strategy: 'roundrobin', members: ['1001'] },
      { number: '600', strategy: 'hunt', members: ['1001', '500'] },
      { number: '600', strategy: 'hunt', members: ['10-01'] },
      { number: '600', strategy: 'hunt', members: ['1001'], ringTimeS: 0 },
      { number: '600', strategy: 'hunt', members: ['1001'], ringTimeS: 301 },
    ] as DirectoryGroup[];
    for (const group of refused) {
      await expect(h.driver.configure({ extensions: ext, queues: [{ number: '500', strategy: 'ringall', members: [] }], ringGroups: [group] })).rejects.toMatchObject({
        code: 'invalid_config',
      });
    }
  });

  it('keeps outside members when the extension list changes, and drops a removed extension', async () => {
    const h = await createHarness(withRingGroups({ number: '600', strategy: 'ringall', members: ['1001', '1002', MOBILE] }));
    await h.driver.saveExtensions(DEMO_DIRECTORY.extensions.filter((e) => e.number !== '1002'));
    expect(h.driver.simulator!.snapshot().groups.find((g) => g.number === '600')?.members).toEqual(['1001', MOBILE]);
  });
});
