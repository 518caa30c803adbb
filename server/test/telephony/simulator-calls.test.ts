// Outbound dialling, listen and whisper, one-touch recording, channels, and the PBX root surviving a
// repeated uniqueid.

import { createHarness, CUSTOMER } from './simulator-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('outbound dial', () => {
  it('to an outside number: ringing, answered after the far side picks up, hangup', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.dial('1001', '010-9999-0000');
    expect(await h.driver.load('1001')).toEqual({ exten_status: 51, status: 1 });
    expect(h.roomOf('1001', 'call_state')[0]?.payload).toEqual({ uniqueid, state: 'ringing', extension: '1001', number: '01099990000' });
    vi.advanceTimersByTime(3_000);
    expect(h.statesOf('1001')).toEqual(['ringing', 'answered']);
    await h.driver.hangup('1001');
    expect(h.statesOf('1001')).toEqual(['ringing', 'answered', 'hangup']);
    expect(h.statusesOf('1001')).toEqual([1, 0]);
  });

  it('the far side can hang up an outbound call', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.clickToCall('1001', '0299990000');
    vi.advanceTimersByTime(3_000);
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(h.statesOf('1001').at(-1)).toBe('hangup');
  });

  it('to another extension rings it with the dialler as caller', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.dial('1001', '1002');
    expect(h.roomOf('1002', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: '1001', ext_no: '1002', uniqueid });
    await h.driver.answer('1002');
    expect(h.statesOf('1001')).toEqual(['ringing', 'answered']);
    expect(h.roomOf('1001', 'call_state').at(-1)?.payload).toMatchObject({ number: '1002' });
    await h.driver.hangup('1002');
    expect(h.statesOf('1001').at(-1)).toBe('hangup');
  });

  it('to the queue never rings the dialler itself', async () => {
    const h = await createHarness();
    await h.driver.dial('1001', '500');
    expect(h.roomOf('1001', 'inbound_call')).toEqual([]);
    expect(h.roomOf('1002', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: '1001', ring_gr: '500' });
  });

  it('only digits, never itself, not while on a call, only when logged in', async () => {
    const h = await createHarness(undefined, {}, ['1001', '1002']);
    await expect(h.driver.dial('1001', '+821099990000')).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(h.driver.dial('1001', '0299990000\r\nAction: Hangup')).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(h.driver.dial('1001', '1001')).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(h.driver.dial('1003', '0299990000')).rejects.toMatchObject({ code: 'not_logged_in' });
    await expect(h.driver.dial('1001', '1003')).rejects.toMatchObject({ code: 'not_logged_in' });
    await h.driver.dial('1001', '0299990000');
    await expect(h.driver.dial('1001', '0299990001')).rejects.toMatchObject({ code: 'busy' });
    await expect(h.driver.dial('1002', '1001')).rejects.toMatchObject({ code: 'busy' });
  });
});

describe('listen and whisper', () => {
  it('need a live call on the target', async () => {
    const h = await createHarness();
    await expect(h.driver.listen('1000', '1001')).rejects.toMatchObject({ code: 'no_call' });
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    await expect(h.driver.whisper('1000', '1001')).rejects.toMatchObject({ code: 'no_call' });
    await expect(h.driver.listen('1000', '4444')).rejects.toMatchObject({ code: 'unknown_extension' });
  });

  it('a manager listens, then whispers, and hangs up without ending the call', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    await h.driver.answer('1001');
    await h.driver.listen('1000', '1001');
    expect(h.driver.simulator!.snapshot().calls[0]?.spies).toEqual([{ ext: '1000', mode: 'listen' }]);
    expect(h.roomOf('1000', 'call_state')[0]?.payload).toEqual({ uniqueid, state: 'answered', extension: '1000', number: '1001' });
    expect(await h.driver.load('1000')).toEqual({ exten_status: 51, status: 1 });
    await expect(h.driver.whisper('1000', '1001')).rejects.toMatchObject({ code: 'busy' });

    await h.driver.hangup('1000');
    expect(await h.driver.load('1000')).toEqual({ exten_status: 51, status: 0 });
    await h.driver.whisper('1000', '1001');
    expect(h.driver.simulator!.snapshot().calls[0]?.spies).toEqual([{ ext: '1000', mode: 'whisper' }]);

    // The call ending releases the supervisor too.
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(h.statesOf('1000')).toEqual(['answered', 'hangup', 'answered', 'hangup']);
  });
});

describe('recording, sound and channels', () => {
  it('toggles one-touch recording on an answered call', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    await expect(h.driver.oneTouchRecording('1001')).rejects.toMatchObject({ code: 'no_call' });
    await h.driver.answer('1001');
    const on = await h.driver.oneTouchRecording('1001');
    expect(on).toEqual({ recording: true, file: expect.stringMatching(new RegExp(`^otr-\\d{8}-\\d{6}-1001-${uniqueid.replace('.', '\\.')}\\.wav$`)) });
    expect(await h.driver.oneTouchRecording('1001')).toEqual({ recording: false, file: on.file });
  });

  it('plays a sound only into a call', async () => {
    const h = await createHarness();
    await expect(h.driver.playSound('1001')).rejects.toMatchObject({ code: 'no_call' });
    await h.driver.dial('1001', '0299990000');
    const { channel } = await h.driver.getChannel('1001');
    await expect(h.driver.playSound('1001', channel ?? '')).resolves.toBeUndefined();
    await expect(h.driver.playSound('1001', 'SIP/1002-0000ffff')).rejects.toMatchObject({ code: 'no_call' });
  });

  it('reports no channel when idle', async () => {
    const h = await createHarness();
    expect(await h.driver.getChannel('1001')).toEqual({ channel: null });
  });
});

describe('robustness', () => {
  it('a repeated uniqueid does not crash the PBX root', async () => {
    const h = await createHarness();
    const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    h.driver.pbx.send({
      type: 'pbx.placeCall',
      call: { uniqueid, caller: { kind: 'external', number: '0299990000', channel: 'SIP/trunk-000000ff' }, destination: '1002', recordingfile: 'x.wav' },
    });
    expect(h.driver.pbx.getSnapshot().status).toBe('active');
    expect(h.driver.simulator!.snapshot().calls).toHaveLength(1);
    expect(h.roomOf('1002')).toEqual([]);
    // Everything still works afterwards.
    await h.driver.answer('1001');
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1002' });
    expect(h.roomOf('1002', 'inbound_call')).toHaveLength(1);
  });

  it('unique ids never repeat', async () => {
    const h = await createHarness();
    const ids = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const { uniqueid } = await h.driver.dial('1001', '0299990000');
      ids.add(uniqueid);
      await h.driver.hangup('1001');
    }
    expect(ids.size).toBe(20);
  });

  it('a throwing listener does not stop the others or the PBX', async () => {
    const h = await createHarness();
    h.driver.subscribe(() => {
      throw new Error('listener bug');
    });
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    expect(h.roomOf('1001', 'inbound_call')).toHaveLength(1);
    expect(h.driver.pbx.getSnapshot().status).toBe('active');
  });

  it('refuses a directory that contradicts itself', async () => {
    const h = await createHarness();
    await expect(h.driver.configure({ extensions: [{ number: '1001', name: 'a' }, { number: '1001', name: 'b' }] })).rejects.toMatchObject({ code: 'invalid_config' });
    await expect(h.driver.configure({ extensions: [{ number: 'x1', name: 'a' }] })).rejects.toMatchObject({ code: 'invalid_config' });
    await expect(
      h.driver.configure({ extensions: [{ number: '1001', name: 'a' }], queues: [{ number: '500', strategy: 'ringall', members: ['1009'] }] }),
    ).rejects.toMatchObject({ code: 'invalid_config' });
  });

  it('saveExtensions keeps queues, drops removed members and keeps surviving extensions\' state', async () => {
    const h = await createHarness();
    await h.driver.dndOn('1001', 11);
    await h.driver.saveExtensions([{ number: '1001', name: 'Renamed' }, { number: '1003', name: 'User' }]);
    const snapshot = h.driver.simulator!.snapshot();
    expect(snapshot.extensions.map((e) => [e.number, e.name, e.status])).toEqual([['1001', 'Renamed', 11], ['1003', 'User', 0]]);
    expect(snapshot.groups[0]?.members).toEqual(['1001']);
    await expect(h.driver.load('1002')).rejects.toMatchObject({ code: 'unknown_extension' });
  });

  it('close stops every timer', async () => {
    const h = await createHarness();
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '500' });
    await h.driver.close();
    expect(vi.getTimerCount()).toBe(0);
  });
});
