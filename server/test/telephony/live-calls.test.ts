import type { CallState, DriverEvent, InboundCallPayload } from '../../src/telephony/driver';
import { LiveCalls } from '../../src/telephony/live-calls';

/** What a phone joining its room mid-call is sent again (telephony/live-calls.ts). */

const inbound = (uniqueid: string, ext = '1001'): DriverEvent => ({
  type: 'inbound_call',
  extension: ext,
  payload: { phone_no: '01055550001', ext_no: ext, ring_gr: '', uniqueid, chanel: `SIP/${ext}-1`, ivr_number: '', recordingfile: '', server: '' } satisfies InboundCallPayload,
});
const state = (uniqueid: string, value: CallState, ext = '1001', number = '01055550001'): DriverEvent => ({
  type: 'call_state',
  extension: ext,
  payload: { uniqueid, state: value, extension: ext, number },
});
const summary = (live: LiveCalls, ext = '1001') => live.of(ext).map((e) => `${e.type} ${e.payload.uniqueid} ${'state' in e.payload ? e.payload.state : ''}`.trim());

describe('LiveCalls', () => {
  it('keeps an inbound call as its pop-up fields and its latest state, per extension, until it ends here', () => {
    const live = new LiveCalls();
    live.observe(inbound('a'));
    live.observe(state('a', 'ringing'));
    expect(summary(live)).toEqual(['inbound_call a', 'call_state a ringing']);
    live.observe(state('a', 'answered'));
    live.observe(state('a', 'held'));
    expect(summary(live)).toEqual(['inbound_call a', 'call_state a held']);
    expect(summary(live, '1002')).toEqual([]);
    live.observe(state('a', 'hangup'));
    expect(summary(live)).toEqual([]);
  });

  it('a call placed from this extension has no pop-up fields; a transfer away ends it here, not at its target', () => {
    const live = new LiveCalls();
    live.observe(state('out', 'answered', '1001', '0212345678'));
    live.observe(inbound('in', '1002'));
    live.observe(state('in', 'answered', '1002'));
    expect(summary(live)).toEqual(['call_state out answered']);
    live.observe(state('out', 'transferred', '1001', '1002'));
    expect(summary(live)).toEqual([]);
    expect(summary(live, '1002')).toEqual(['inbound_call in', 'call_state in answered']);
  });

  it('forgets a call whose hang-up was lost after 4 hours without events, and keeps at most 8 per extension', () => {
    let now = 0;
    const live = new LiveCalls(() => now);
    live.observe(state('lost', 'answered'));
    now = 4 * 60 * 60_000 - 1;
    live.observe(state('fresh', 'answered'));
    expect(summary(live)).toEqual(['call_state lost answered', 'call_state fresh answered']);
    now += 2;
    expect(summary(live)).toEqual(['call_state fresh answered']);

    for (let i = 0; i < 10; i += 1) live.observe(state(`c${i}`, 'answered'));
    // Every event of a call says how long ago its first event at this extension came.
    now += 5_000;
    live.observe(state('c9', 'held'));
    expect(live.of('1001').find((e) => e.payload.uniqueid === 'c9')?.ageMs).toBe(5_000);
    expect(live.of('1001').map((e) => e.payload.uniqueid)).toEqual(['c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9']);
    now += 1_000;
    expect(live.of('1001').find((e) => e.payload.uniqueid === 'c9')?.ageMs).toBe(6_000);
  });
});
