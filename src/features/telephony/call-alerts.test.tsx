import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone } from '../../shell/telephony/testing/phone-harness';
import { CtiBar } from './cti-bar';
import { resetNotificationOffer } from './desktop-notification';
import { ringer } from './ring-sound';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

/** Just enough of Notification and AudioContext to see what the alerts do. */
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = 'granted';
    return 'granted' as const;
  });
  static shown: FakeNotification[] = [];
  closed = false;
  onclick: (() => void) | null = null;
  constructor(
    readonly title: string,
    readonly options: NotificationOptions,
  ) {
    FakeNotification.shown.push(this);
  }
  close() {
    this.closed = true;
  }
}
class FakeAudioContext {
  static bursts = 0;
  state: AudioContextState = 'running';
  currentTime = 0;
  destination = {};
  resume = async () => undefined;
  createGain() {
    return { gain: { setValueAtTime: () => undefined, linearRampToValueAtTime: () => undefined }, connect: () => undefined };
  }
  createOscillator() {
    FakeAudioContext.bursts += 1;
    return { frequency: { value: 0 }, connect: () => undefined, start: () => undefined, stop: () => undefined };
  }
}
vi.stubGlobal('Notification', FakeNotification);
vi.stubGlobal('AudioContext', FakeAudioContext);

const RING = { phone_no: '01055550001', ext_no: '1001', ring_gr: '', uniqueid: '3.1', chanel: 'SIP/1001-3', ivr_number: '', recordingfile: '', server: '' };

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  stopTelephony();
  ringer.stop();
  vi.useRealTimers();
  await signOut();
});

describe('call alerts', () => {
  it('asks for the notification permission once, from a click', async () => {
    await signInAs(makeUserInfo());
    const phone = startTestPhone();
    renderPhoneUi(<CtiBar />);
    await act(async () => phone.connection.serverConnect());
    await flush();
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(screen.getByTestId('alerts-enable')));
    await flush();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('alerts-enable')).toBeNull();
    resetNotificationOffer();
  });

  it('rings and notifies while an inbound call rings, and stops when it is answered', async () => {
    FakeNotification.permission = 'granted';
    await signInAs(makeUserInfo());
    const phone = startTestPhone();
    renderPhoneUi(<CtiBar />);
    await act(async () => phone.connection.serverConnect());
    await flush();
    expect(screen.queryByTestId('alerts-enable')).toBeNull();

    await act(async () => phone.connection.serverEmit('inbound_call', RING));
    await flush();
    expect(ringer.ringing).toBe(true);
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeNotification.shown[0]).toMatchObject({ title: 'Incoming call', options: { body: '010-5555-0001 is calling.', tag: '3.1' } });
    const bursts = FakeAudioContext.bursts;
    await flush(6_000);
    expect(FakeAudioContext.bursts).toBeGreaterThan(bursts);

    await act(async () => void fireEvent.click(screen.getByTestId('call-answer')));
    await flush();
    expect(ringer.ringing).toBe(false);
    expect(FakeNotification.shown[0]!.closed).toBe(true);
  });

  it('stops when the caller hangs up first', async () => {
    FakeNotification.permission = 'granted';
    FakeNotification.shown = [];
    await signInAs(makeUserInfo());
    const phone = startTestPhone();
    renderPhoneUi(<CtiBar />);
    await act(async () => phone.connection.serverConnect());
    await act(async () => phone.connection.serverEmit('inbound_call', RING));
    await flush();
    expect(ringer.ringing).toBe(true);
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '3.1', state: 'hangup', extension: '1001', number: '01055550001' }));
    await flush();
    expect(ringer.ringing).toBe(false);
    expect(FakeNotification.shown[0]!.closed).toBe(true);
  });
});
