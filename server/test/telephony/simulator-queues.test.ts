// Queues on the built-in PBX (docs/telephony.md "Queues"): Asterisk's six strategies, member penalties,
// the wrap-up after a queue call and the maximum wait that sends the caller to the overflow. Fake
// timers drive the clock (the PBX's ring timeout is 20 s).

import type { DirectoryGroup, TelephonyDirectory } from '../../src/telephony/driver';
import { createHarness, CUSTOMER, DEMO_DIRECTORY, type Harness } from './simulator-helpers';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const ALL = ['1001', '1002', '1003'];

function withQueue(queue: Partial<DirectoryGroup>): TelephonyDirectory {
  return { ...DEMO_DIRECTORY, queues: [{ number: '500', strategy: 'ringall', members: ALL, ...queue }] };
}

/** Phones registered for the whole test (the PBX's 35 s expiry is not what these tests are about). */
const harnessWith = (queue: Partial<DirectoryGroup>) => createHarness(withQueue(queue), { registrationTtlMs: 3_600_000 });

/** The extensions each inbound_call reached, in order. */
const rung = (h: Harness) => h.events.filter((e) => e.type === 'inbound_call').map((e) => e.extension);
const callOf = (h: Harness, uniqueid: string) => h.driver.simulator!.snapshot().calls.find((c) => c.uniqueid === uniqueid);
const queueOf = (h: Harness) => h.driver.simulator!.snapshot().groups.find((g) => g.number === '500');

/** A caller to queue 500 whom the member it rings answers and, a moment later, hangs up on. */
async function callAnsweredBy(h: Harness): Promise<string> {
  const before = rung(h).length;
  await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
  const member = rung(h)[before];
  expect(rung(h)).toHaveLength(before + 1);
  await h.driver.answer(member!);
  await vi.advanceTimersByTimeAsync(1_000);
  await h.driver.hangup(member!);
  await vi.advanceTimersByTimeAsync(1_000);
  return member!;
}

describe('strategies', () => {
  it('ringall rings every free member of the lowest penalty; a higher penalty only when none of those is free', async () => {
    const h = await harnessWith({ penalties: { '1001': 2 } });
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(rung(h)).toEqual(['1002', '1003']);
    // 1002 and 1003 are ringing for the first caller: the next one gets 1001.
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(rung(h)).toEqual(['1002', '1003', '1001']);
  });

  it('penalties apply to one-at-a-time strategies too', async () => {
    const h = await harnessWith({ strategy: 'linear', penalties: { '1001': 1 } });
    await h.driver.dndOn('1003', 1);
    expect(await callAnsweredBy(h)).toBe('1002');
    await h.driver.dndOn('1002', 1);
    expect(await callAnsweredBy(h)).toBe('1001');
  });

  it('leastrecent offers the call to the member whose last queue call ended longest ago (never called first)', async () => {
    const h = await harnessWith({ strategy: 'leastrecent' });
    const answered = [await callAnsweredBy(h), await callAnsweredBy(h), await callAnsweredBy(h), await callAnsweredBy(h)];
    expect(answered).toEqual(['1001', '1002', '1003', '1001']);
  });

  it('fewestcalls offers the call to the member with the fewest answered calls', async () => {
    const h = await harnessWith({ strategy: 'fewestcalls', members: ['1001', '1002'] });
    expect(await callAnsweredBy(h)).toBe('1001');
    await h.driver.dndOn('1002', 1);
    expect(await callAnsweredBy(h)).toBe('1001');
    await h.driver.dndOff('1002');
    // 1002 has answered none, then one, against 1001's two: it gets both.
    expect([await callAnsweredBy(h), await callAnsweredBy(h)]).toEqual(['1002', '1002']);
  });

  it('rrmemory carries on after the member rung last, and an unanswered ring passes to the next', async () => {
    const h = await harnessWith({ strategy: 'rrmemory' });
    expect([await callAnsweredBy(h), await callAnsweredBy(h)]).toEqual(['1001', '1002']);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1003']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1001']);
  });

  it('linear starts from the first member for each call and goes down the list for a caller nobody answers', async () => {
    const h = await harnessWith({ strategy: 'linear' });
    expect([await callAnsweredBy(h), await callAnsweredBy(h)]).toEqual(['1001', '1001']);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1001']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1002']);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(callOf(h, uniqueid)?.ringing).toEqual(['1003']);
  });

  it('random rings one free member chosen at random', async () => {
    const h = await harnessWith({ strategy: 'random' });
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(rung(h)).toEqual(['1003']);
    vi.spyOn(Math, 'random').mockReturnValue(0.1);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(rung(h)).toEqual(['1003', '1001']);
  });
});

describe('wrap-up', () => {
  it('a member is offered no queue call for the wrap-up time after their last one ended, then gets the waiting caller', async () => {
    const h = await harnessWith({ members: ['1001'], wrapupS: 30 });
    await callAnsweredBy(h);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    expect(callOf(h, uniqueid)?.state).toBe('queued');
    await vi.advanceTimersByTimeAsync(28_999);
    expect(rung(h)).toEqual(['1001']);
    await vi.advanceTimersByTimeAsync(1);
    expect(rung(h)).toEqual(['1001', '1001']);
    expect(callOf(h, uniqueid)?.state).toBe('ringing');
  });

  it('a direct call still reaches a member in wrap-up: only the queue waits', async () => {
    const h = await harnessWith({ members: ['1001'], wrapupS: 30 });
    await callAnsweredBy(h);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(rung(h)).toEqual(['1001', '1001']);
  });
});

describe('maximum wait', () => {
  it('a caller waiting longer than the maximum wait leaves for the overflow; the company hears the queue call was missed', async () => {
    const h = await harnessWith({ members: ['1001'], maxWaitS: 15, noAnswer: { type: 'extension', target: '1003' } });
    await h.driver.dndOn('1001', 1);
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(callOf(h, uniqueid)?.state).toBe('queued');
    expect(rung(h)).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.companyEvents.map((e) => [e.type, e.payload.queue, 'outcome' in e.payload ? e.payload.outcome : null])).toEqual([
      ['call_started', '500', null],
      ['call_ended', '500', 'missed'],
    ]);
    expect(rung(h)).toEqual(['1003']);
    expect(queueOf(h)).toMatchObject({ calls: [], stats: { missed: 1 } });
    await h.driver.answer('1003');
    expect(callOf(h, uniqueid)?.state).toBe('connected.talking');
    // The queue said its word once: the overflow's answer is no second end of the queue call.
    await h.driver.hangup('1003');
    expect(h.companyEvents).toHaveLength(2);
  });

  it('a member still ringing when the time is up stops ringing; without an overflow the call is hung up', async () => {
    const h = await harnessWith({ members: ['1001'], maxWaitS: 10 });
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(h.statesOf('1001')).toEqual(['ringing', 'hangup']);
    expect(callOf(h, uniqueid)).toBeUndefined();
    expect(h.companyEvents.at(-1)).toMatchObject({ type: 'call_ended', payload: { queue: '500', outcome: 'missed' } });
  });

  it('an overflow to another queue enters that queue afresh, with its own maximum wait', async () => {
    const directory: TelephonyDirectory = {
      ...DEMO_DIRECTORY,
      queues: [
        { number: '500', strategy: 'ringall', members: ['1001'], maxWaitS: 5, noAnswer: { type: 'queue', target: '501' } },
        { number: '501', strategy: 'ringall', members: ['1002'], maxWaitS: 5 },
      ],
    };
    const h = await createHarness(directory, { registrationTtlMs: 3_600_000 });
    await h.driver.dndOn('1001', 1);
    await h.driver.dndOn('1002', 1);
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    await vi.advanceTimersByTimeAsync(5_000);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.companyEvents.map((e) => [e.type, e.payload.queue])).toEqual([
      ['call_started', '500'],
      ['call_ended', '500'],
      ['call_started', '501'],
      ['call_ended', '501'],
    ]);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });

  it('a caller answered in time is not sent anywhere', async () => {
    const h = await harnessWith({ members: ['1001'], maxWaitS: 10, noAnswer: { type: 'extension', target: '1003' } });
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    await h.driver.answer('1001');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(callOf(h, uniqueid)?.state).toBe('connected.talking');
    expect(rung(h)).toEqual(['1001']);
  });
});

describe('the directory', () => {
  it('takes the six strategies, penalties, wrap-up and maximum wait; refuses what makes no sense', async () => {
    const h = await createHarness();
    for (const strategy of ['ringall', 'leastrecent', 'fewestcalls', 'rrmemory', 'linear', 'random'] as const) {
      await expect(h.driver.configure(withQueue({ strategy, penalties: { '1001': 3 }, wrapupS: 5, maxWaitS: 60 }))).resolves.toBeUndefined();
    }
    await expect(h.driver.configure(withQueue({ strategy: 'hunt' }))).rejects.toMatchObject({ code: 'invalid_config' });
    await expect(h.driver.configure(withQueue({ penalties: { '1001': -1 } }))).rejects.toMatchObject({ code: 'invalid_config' });
    await expect(h.driver.configure(withQueue({ maxWaitS: 0 }))).rejects.toMatchObject({ code: 'invalid_config' });
  });
});
