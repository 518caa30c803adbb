import type { CallState, TelephonyEvent } from '../../src/telephony/driver';
import { CallTrack, type CallEventOfPbx } from '../../src/services/call-log/call-track';
import { parseOneTouchFile } from '../../src/services/call-log/one-touch-file';

/** The rules that turn a call's telephony events into its log row (pure; no database). */
const ID = '1700000000.7';
type PbxEvent = Exclude<TelephonyEvent, { type: 'extension_status' }>;
const inbound = (ext: string, phone_no: string, ring_gr = ''): PbxEvent => ({
  type: 'inbound_call',
  extension: ext,
  payload: { phone_no, ext_no: ext, ring_gr, uniqueid: ID, chanel: `SIP/${ext}-1`, ivr_number: '', recordingfile: `rec-${ID}.wav`, server: 'builtin' },
});
const state = (ext: string, s: CallState, number: string): PbxEvent => ({ type: 'call_state', extension: ext, payload: { uniqueid: ID, state: s, extension: ext, number } });
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 1, 0, second));

const queued = (from: string, second: number): CallEventOfPbx => ({ type: 'call_started', payload: { uniqueid: ID, from, queue: '500', at: at(second).toISOString() } });
const left = (from: string, second: number): CallEventOfPbx => ({
  type: 'call_ended',
  payload: { uniqueid: ID, from, queue: '500', outcome: 'abandoned', at: at(second).toISOString() },
});

function run(events: CallEventOfPbx[]): CallTrack {
  const track = new CallTrack(ID);
  events.forEach((event, i) => track.apply(event, at(i * 10)));
  return track;
}

describe('CallTrack', () => {
  it('an inbound queue call answered by the second member: timestamps, handler, durations', () => {
    const track = run([
      inbound('1001', '+82 10-5555-0001', '500'),
      state('1001', 'ringing', '+82 10-5555-0001'),
      inbound('1002', '+82 10-5555-0001', '500'),
      state('1002', 'ringing', '+82 10-5555-0001'),
      state('1002', 'answered', '+82 10-5555-0001'),
      state('1001', 'hangup', '+82 10-5555-0001'),
      state('1002', 'hangup', '+82 10-5555-0001'),
    ]);
    expect(track.ended).toBe(true);
    expect(track.snapshot()).toMatchObject({
      direction: 'inbound',
      callerNumber: '01055550001',
      calleeNumber: '500',
      queue: '500',
      extension: '1002',
      extensions: ['1001', '1002'],
      startedAt: at(0),
      ringingAt: at(0),
      answeredAt: at(40),
      endedAt: at(60),
      durationSeconds: 60,
      talkSeconds: 20,
      answered: true,
      recordingFile: `rec-${ID}.wav`,
    });
  });

  it('a queue ringing its members again is one call that goes on, not two', () => {
    const track = run([inbound('1001', '0101', '500'), state('1001', 'ringing', '0101'), state('1001', 'hangup', '0101')]);
    expect(track.ended).toBe(true);
    track.apply(inbound('1001', '0101', '500'), at(100));
    expect(track.ended).toBe(false);
    expect(track.snapshot()).toMatchObject({ endedAt: null, durationSeconds: null, talkSeconds: null });
  });

  it('an unanswered call has no recording and no talk time', () => {
    const track = run([inbound('1001', '0101'), state('1001', 'ringing', '0101'), state('1001', 'hangup', '0101')]);
    expect(track.snapshot()).toMatchObject({ answered: false, recordingFile: null, talkSeconds: 0, extension: null, calleeNumber: '1001' });
  });

  it('an extension dialling out is outbound; the recording is named after the call', () => {
    const track = run([state('1001', 'ringing', '0212345678'), state('1001', 'answered', '0212345678'), state('1001', 'hangup', '0212345678')]);
    expect(track.snapshot()).toMatchObject({
      direction: 'outbound',
      callerNumber: '1001',
      calleeNumber: '0212345678',
      extension: '1001',
      recordingFile: expect.stringMatching(new RegExp(`^\\d{8}-\\d{6}-1001-0212345678-${ID.replace('.', '\\.')}\\.wav$`)),
    });
  });

  it('an extension calling another is internal, whichever event came first', () => {
    const track = run([inbound('1002', '1001'), state('1002', 'ringing', '1001'), state('1001', 'ringing', '1002'), state('1002', 'answered', '1001')]);
    expect(track.snapshot()).toMatchObject({ direction: 'internal', callerNumber: '1001', calleeNumber: '1002', extension: '1001' });
  });

  it('an outbound call blind-transferred to an extension stays outbound; the transferring agent leaves', () => {
    const track = run([
      state('1001', 'ringing', '0212345678'),
      state('1001', 'answered', '0212345678'),
      state('1001', 'transferred', '1002'),
      inbound('1002', '0212345678'),
      state('1002', 'ringing', '0212345678'),
    ]);
    expect(track.ended).toBe(false);
    expect(track.snapshot()).toMatchObject({ direction: 'outbound', extensions: ['1001', '1002'] });
  });
});

describe('CallTrack with the company-level queue-call events', () => {
  it('a caller who waited in the queue and rang nobody: inbound to the queue, over only when the PBX says so', () => {
    const track = run([queued('+82 10-5555-0001', 0)]);
    expect(track.ended).toBe(false);
    expect(track.snapshot()).toMatchObject({ direction: 'inbound', callerNumber: '01055550001', calleeNumber: '500', queue: '500', endedAt: null, outcome: null });
    track.apply(left('+82 10-5555-0001', 90), at(90));
    expect(track.ended).toBe(true);
    expect(track.snapshot()).toMatchObject({ extensions: [], ringingAt: null, endedAt: at(90), durationSeconds: 90, talkSeconds: 0, outcome: 'abandoned' });
    // When the caller came and left are the call's events, the queue in the extension's place.
    expect(track.events).toEqual([
      { type: 'call_started', state: null, extension: '500', number: '+82 10-5555-0001', at: at(0) },
      { type: 'call_ended', state: 'abandoned', extension: '500', number: '+82 10-5555-0001', at: at(90) },
    ]);
  });

  it('between ring rounds a held caller is still on the call', () => {
    const track = run([queued('0101', 0), inbound('1001', '0101', '500'), state('1001', 'ringing', '0101'), state('1001', 'hangup', '0101')]);
    expect(track.ended).toBe(false);
  });

  it('an extension calling a queue where nobody is free is internal', () => {
    const track = run([queued('1001', 0), state('1001', 'ringing', '500'), state('1001', 'hangup', '500'), left('1001', 30)]);
    expect(track.snapshot()).toMatchObject({ direction: 'internal', callerNumber: '1001', calleeNumber: '500', extension: '1001' });
  });
});

describe('one-touch file names', () => {
  it('name the extension and the call', () => {
    expect(parseOneTouchFile(`otr-20260105-100000-1001-${ID}.wav`)).toEqual({ extension: '1001', uniqueid: ID });
    expect(parseOneTouchFile('otr-../../etc/passwd.wav')).toBeNull();
    expect(parseOneTouchFile(`20260105-100000-0101-1001-${ID}.wav`)).toBeNull();
  });
});

describe('CallTrack: blocked callers and caller ids', () => {
  const blocked = (from: string, to: string): CallEventOfPbx => ({ type: 'call_blocked', payload: { uniqueid: ID, from, to, at: at(0).toISOString() } });
  const placed = (ext: string, number: string, caller_id: string): CallEventOfPbx => ({
    type: 'call_placed',
    payload: { uniqueid: ID, extension: ext, number, caller_id, at: at(0).toISOString() },
  });

  it('a caller the blacklist refused: one event, over as it began, inbound from the normalised number to what they dialled', () => {
    const track = run([blocked('+821099990000', '500')]);
    expect(track.ended).toBe(true);
    expect(track.snapshot()).toMatchObject({
      direction: 'inbound',
      callerNumber: '01099990000',
      calleeNumber: '500',
      queue: null,
      extension: null,
      extensions: [],
      startedAt: at(0),
      ringingAt: null,
      endedAt: at(0),
      durationSeconds: 0,
      talkSeconds: 0,
      answered: false,
      recordingFile: null,
      blocked: true,
      callerId: null,
    });
    expect(track.events).toEqual([{ type: 'call_blocked', state: null, extension: '500', number: '+821099990000', at: at(0) }]);
  });

  it('call_placed names only the caller id: the call’s own events decide who placed it (the recorder holds an early one)', () => {
    const track = new CallTrack(ID);
    track.apply(state('1001', 'ringing', '01055550009'), at(1));
    track.apply(placed('1001', '01055550009', '0215880000'), at(1));
    track.apply(state('1001', 'answered', '01055550009'), at(3));
    track.apply(state('1001', 'hangup', '01055550009'), at(9));
    expect(track.ended).toBe(true);
    expect(track.snapshot()).toMatchObject({ direction: 'outbound', extension: '1001', callerId: '0215880000', talkSeconds: 6 });
    expect(track.events.map((e) => e.state)).toEqual(['ringing', 'answered', 'hangup']);
  });

  it('call_placed after the extension’s own events (an AMI Originate answers late) only adds the caller id', () => {
    const track = new CallTrack(ID);
    track.apply(state('1001', 'ringing', '01055550009'), at(0));
    track.apply(state('1001', 'hangup', '01055550009'), at(2));
    track.apply(placed('1001', '01055550009', ''), at(3));
    expect(track.ended).toBe(true);
    expect(track.snapshot()).toMatchObject({ direction: 'outbound', callerId: null, endedAt: at(2) });
  });

  it('an extension calling another with a caller id is still internal', () => {
    const track = run([inbound('1002', '1001'), placed('1001', '1002', '0215880000'), state('1001', 'ringing', '1002'), state('1002', 'ringing', '1001')]);
    expect(track.snapshot()).toMatchObject({ direction: 'internal', callerNumber: '1001', calleeNumber: '1002', callerId: '0215880000' });
  });
});
