// Hold, blind transfer, attended transfer (consult leg) and hangup from either side.

import { createHarness, CUSTOMER } from './simulator-helpers';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

/** 1001 answers a customer's call. */
async function answeredCall() {
  const h = await createHarness();
  const { uniqueid } = await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
  await h.driver.answer('1001');
  h.clear();
  return { h, uniqueid };
}

describe('hold', () => {
  it('holds and resumes an answered call', async () => {
    const { h, uniqueid } = await answeredCall();
    await h.driver.hold('1001');
    expect(h.driver.simulator!.snapshot().calls[0]?.state).toBe('connected.held');
    await expect(h.driver.hold('1001')).rejects.toMatchObject({ code: 'no_call' });
    await h.driver.unhold('1001');
    expect(h.statesOf('1001')).toEqual(['held', 'answered']);
    expect(h.roomOf('1001', 'call_state')[0]?.payload).toMatchObject({ uniqueid, number: CUSTOMER });
    expect(await h.driver.load('1001')).toEqual({ exten_status: 51, status: 1 });
  });

  it('needs an answered call', async () => {
    const h = await createHarness();
    await expect(h.driver.hold('1001')).rejects.toMatchObject({ code: 'no_call', httpStatus: 409 });
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1001' });
    await expect(h.driver.hold('1001')).rejects.toMatchObject({ code: 'no_call' });
  });
});

describe('blind transfer', () => {
  it('1001 → 1002: 1002 rings with the same caller and uniqueid', async () => {
    const { h, uniqueid } = await answeredCall();
    await h.driver.blindTransfer('1001', '1002');
    expect(h.statesOf('1001')).toEqual(['transferred']);
    expect(h.statusesOf('1001')).toEqual([0]);
    expect(h.roomOf('1002', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: CUSTOMER, ext_no: '1002', uniqueid, ring_gr: '' });

    await h.driver.answer('1002');
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(h.statesOf('1002')).toEqual(['ringing', 'answered', 'hangup']);
    expect(h.statesOf('1001')).toEqual(['transferred']);
  });

  it('to a queue rings its available members', async () => {
    const h = await createHarness();
    await h.driver.simulator!.placeInboundCall({ from: CUSTOMER, to: '1003' });
    await h.driver.answer('1003');
    await h.driver.blindTransfer('1003', '500');
    expect(h.roomOf('1001', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: CUSTOMER, ring_gr: '500' });
    expect(h.roomOf('1002', 'inbound_call')).toHaveLength(1);
  });

  it('to an outside number takes the call off this PBX', async () => {
    const { h } = await answeredCall();
    await h.driver.blindTransfer('1001', '0311112222');
    expect(h.statesOf('1001')).toEqual(['transferred']);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });

  it('refuses a busy target, a bad number and a call that is not answered', async () => {
    const { h } = await answeredCall();
    await h.driver.dndOn('1002', 1);
    await expect(h.driver.blindTransfer('1001', '1002')).rejects.toMatchObject({ code: 'busy' });
    await expect(h.driver.blindTransfer('1001', '10#2')).rejects.toMatchObject({ code: 'invalid_number' });
    await expect(h.driver.blindTransfer('1003', '1002')).rejects.toMatchObject({ code: 'no_call' });
    expect(h.driver.simulator!.snapshot().calls[0]?.state).toBe('connected.talking');
  });
});

describe('attended transfer', () => {
  it('consults 1002, then completes: 1002 talks to the caller, 1001 is free', async () => {
    const { h, uniqueid } = await answeredCall();
    await h.driver.attendedTransfer('1001', '1002');
    const consult = h.driver.simulator!.snapshot().calls[0]?.consult;
    expect(consult).toMatchObject({ by: '1001', target: '1002', answered: false });
    expect(consult?.uniqueid).not.toBe(uniqueid);
    // The consult leg is a call from 1001, with its own uniqueid; the caller is held meanwhile.
    expect(h.roomOf('1002', 'inbound_call')[0]?.payload).toMatchObject({ phone_no: '1001', uniqueid: consult?.uniqueid });
    expect(h.statesOf('1001')).toEqual(['held', 'ringing']);

    await h.driver.answer('1002');
    expect(h.driver.simulator!.snapshot().calls[0]?.state).toBe('connected.consulting.talking');
    await h.driver.attendedTransfer('1001', '1002');

    const call = h.driver.simulator!.snapshot().calls[0];
    expect(call).toMatchObject({ state: 'connected.talking', consult: null, callee: { number: '1002' } });
    expect(h.roomOf('1001', 'call_state').map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ uniqueid, state: 'transferred', number: '1002' }),
    );
    expect(h.roomOf('1002', 'call_state').at(-1)?.payload).toMatchObject({ uniqueid, state: 'answered', number: CUSTOMER });
    // 1002 learns the customer's call itself (its pop-up: member, consultation), not only a number.
    expect(h.roomOf('1002', 'inbound_call').at(-1)?.payload).toMatchObject({ uniqueid, phone_no: CUSTOMER, ext_no: '1002' });
    expect(await h.driver.load('1001')).toEqual({ exten_status: 51, status: 0 });
    expect(await h.driver.load('1002')).toEqual({ exten_status: 51, status: 1 });

    await h.driver.hangup('1002');
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
  });

  it('hanging up during the consult completes the transfer', async () => {
    const { h } = await answeredCall();
    await h.driver.attendedTransfer('1001', '1002');
    await h.driver.answer('1002');
    await h.driver.hangup('1001');
    expect(h.driver.simulator!.snapshot().calls[0]).toMatchObject({ state: 'connected.talking', callee: { number: '1002' } });
  });

  it('completing before the target answers turns into a blind transfer', async () => {
    const { h, uniqueid } = await answeredCall();
    await h.driver.attendedTransfer('1001', '1002');
    await h.driver.attendedTransfer('1001', '1002');
    const popups = h.roomOf('1002', 'inbound_call').map((e) => e.payload);
    expect(popups.at(-1)).toMatchObject({ uniqueid, phone_no: CUSTOMER });
    expect(h.driver.simulator!.snapshot().calls[0]).toMatchObject({ state: 'ringing', ringing: ['1002'] });
    await h.driver.answer('1002');
    expect(h.driver.simulator!.snapshot().calls[0]).toMatchObject({ state: 'connected.talking', callee: { number: '1002' } });
  });

  it('the target declining (or not answering) brings 1001 back to the caller', async () => {
    const { h } = await answeredCall();
    await h.driver.attendedTransfer('1001', '1002');
    await h.driver.hangup('1002');
    expect(h.driver.simulator!.snapshot().calls[0]).toMatchObject({ state: 'connected.talking', consult: null });
    expect(h.statesOf('1001').at(-1)).toBe('answered');

    await h.driver.attendedTransfer('1001', '1003');
    vi.advanceTimersByTime(20_000);
    expect(h.driver.simulator!.snapshot().calls[0]).toMatchObject({ state: 'connected.talking', consult: null });
    expect(await h.driver.load('1003')).toEqual({ exten_status: 51, status: 0 });
  });

  it('consults only a free extension of the company', async () => {
    const { h } = await answeredCall();
    await expect(h.driver.attendedTransfer('1001', '01099990000')).rejects.toMatchObject({ code: 'invalid_number' });
    await h.driver.unregister('1002');
    await expect(h.driver.attendedTransfer('1001', '1002')).rejects.toMatchObject({ code: 'not_logged_in' });
  });

  it('the caller hanging up during the consult ends every leg', async () => {
    const { h, uniqueid } = await answeredCall();
    await h.driver.attendedTransfer('1001', '1002');
    await h.driver.answer('1002');
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
    expect(await h.driver.load('1001')).toEqual({ exten_status: 51, status: 0 });
    expect(await h.driver.load('1002')).toEqual({ exten_status: 51, status: 0 });
  });
});

describe('hangup', () => {
  it('from the far side ends the call for the agent', async () => {
    const { h, uniqueid } = await answeredCall();
    await h.driver.simulator!.hangupFromFar(uniqueid);
    expect(h.statesOf('1001')).toEqual(['hangup']);
    await expect(h.driver.simulator!.hangupFromFar(uniqueid)).rejects.toMatchObject({ code: 'no_call' });
  });

  it('from the agent ends the call', async () => {
    const { h } = await answeredCall();
    await h.driver.hangup('1001');
    expect(h.statesOf('1001')).toEqual(['hangup']);
    expect(h.driver.simulator!.snapshot().calls).toEqual([]);
    await expect(h.driver.hangup('1001')).rejects.toMatchObject({ code: 'no_call' });
  });

  it('with a channel hangs up the party on that channel', async () => {
    const { h } = await answeredCall();
    const { channel } = await h.driver.getChannel('1001');
    expect(channel).toMatch(/^SIP\/1001-/);
    await expect(h.driver.hangup('1001', 'SIP/9999-00000001')).rejects.toMatchObject({ code: 'no_call' });
    const caller = h.driver.simulator!.snapshot().calls[0]?.caller.channel ?? '';
    await h.driver.hangup('1001', caller);
    expect(h.statesOf('1001')).toEqual(['hangup']);
  });
});
