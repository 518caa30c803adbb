import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone } from '../../shell/telephony/testing/phone-harness';
import { CtiBar } from './cti-bar';
import { ShortcutHelp } from './shortcut-help';
import { findShortcut, isTypingTarget, matchesKeys, shortcutsFor } from './shortcuts';
import { getTelephonyUi, resetTelephonyUi } from './telephony-ui-store';
import type { CallView } from '../../machines/call/call.selectors';
import type { PhoneSummary } from '../../machines/phone/phone.selectors';
import { CTI_COMMANDS, hotkeyTarget } from '../../shell/telephony/cti-commands';
import en from '../../i18n/messages/en.json';
import kr from '../../i18n/messages/kr.json';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const key = (init: KeyboardEventInit, target: EventTarget = document.body) => {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  Object.defineProperty(event, 'target', { value: target });
  return event;
};

const call = (patch: Partial<CallView>): CallView => ({
  callId: '1', uniqueid: '1', direction: 'inbound', number: '0212345678', receivedAt: 1, phase: 'ringing', line: 'ringing',
  popup: 'idle', member: 'idle', memberCount: 1, popupFallback: false, recording: false, transferTarget: null, error: null,
  endReason: null, connected: false, allowed: [], ...patch,
});
const phoneWith = (calls: CallView[], registered = true) => ({ calls, registration: { registered } }) as unknown as PhoneSummary;
const agent = makeUserInfo({ permissions: ['dashboard'] });
const transferAgent = makeUserInfo({ permissions: ['dashboard', 'cti_transfer'] });

describe('CTI command declarations', () => {
  it('declares each command once, with a label and icon, and no two with the same keys', () => {
    const names = CTI_COMMANDS.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    const keys = CTI_COMMANDS.flatMap((c) => (c.hotkey ? [c.hotkey.display.join('+')] : []));
    expect(new Set(keys).size).toBe(keys.length);
    expect(CTI_COMMANDS.filter((c) => c.hotkey).map((c) => c.name)).toEqual(['answer', 'transfer', 'hangup', 'dial-pad', 'help']);
    for (const command of CTI_COMMANDS) {
      for (const id of [command.labelId, command.hotkey?.descriptionId].filter(Boolean)) {
        expect(en, `${command.name}: ${id}`).toHaveProperty([id!]);
        expect(kr, `${command.name}: ${id}`).toHaveProperty([id!]);
      }
    }
  });

  it('matches physical keys with Alt (any keyboard layout) and ? by character', () => {
    expect(matchesKeys({ code: 'KeyA', alt: true }, { code: 'KeyA', key: 'ㅁ', altKey: true, ctrlKey: false, metaKey: false })).toBe(true);
    expect(matchesKeys({ code: 'KeyA', alt: true }, { code: 'KeyA', key: 'a', altKey: false, ctrlKey: false, metaKey: false })).toBe(false);
    expect(matchesKeys({ code: 'KeyA', alt: true }, { code: 'KeyA', key: 'a', altKey: true, ctrlKey: true, metaKey: false })).toBe(false);
    expect(matchesKeys({ key: '?' }, { code: 'Slash', key: '?', altKey: false, ctrlKey: false, metaKey: false })).toBe(true);
  });

  it('is never a shortcut while typing in a field', () => {
    const input = document.createElement('input');
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    Object.defineProperty(editable, 'isContentEditable', { value: true });
    expect(isTypingTarget(input)).toBe(true);
    expect(isTypingTarget(document.createElement('textarea'))).toBe(true);
    expect(isTypingTarget(editable)).toBe(true);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(findShortcut(key({ key: '?' }, input), agent, phoneWith([]))).toBeNull();
    expect(findShortcut(key({ key: '?' }), agent, phoneWith([]))?.command.name).toBe('help');
  });

  it('does nothing when the command has nothing to act on; the dial pad opens also unregistered (it says why)', () => {
    expect(findShortcut(key({ code: 'KeyA', altKey: true }), agent, phoneWith([]))).toBeNull();
    expect(findShortcut(key({ code: 'KeyA', altKey: true }), agent, phoneWith([call({ allowed: ['HANGUP'] })]))).toBeNull();
    expect(findShortcut(key({ code: 'KeyD', altKey: true }), agent, phoneWith([], false))?.command.name).toBe('dial-pad');
  });

  it('transfers only for users with cti_transfer, as the button shows only for them', () => {
    const talking = phoneWith([call({ phase: 'answered', allowed: ['HANGUP', 'TRANSFER_BLIND', 'TRANSFER_ATTENDED'] })]);
    expect(findShortcut(key({ code: 'KeyT', altKey: true }), agent, talking)).toBeNull();
    expect(findShortcut(key({ code: 'KeyT', altKey: true }), transferAgent, talking)?.call?.callId).toBe('1');
    expect(shortcutsFor(agent).map((c) => c.name)).toEqual(['answer', 'hangup', 'dial-pad', 'help']);
    expect(shortcutsFor(transferAgent).map((c) => c.name)).toEqual(['answer', 'transfer', 'hangup', 'dial-pad', 'help']);
  });

  it('hangs up the call being talked on before one still ringing', () => {
    const hangup = CTI_COMMANDS.find((c) => c.name === 'hangup')!;
    const ringing = call({ callId: 'r', allowed: ['ANSWER', 'HANGUP'] });
    const talking = call({ callId: 't', phase: 'answered', allowed: ['HANGUP'] });
    expect(hotkeyTarget(hangup, agent, phoneWith([ringing, talking]))?.call?.callId).toBe('t');
    expect(hotkeyTarget(hangup, agent, phoneWith([ringing]))?.call?.callId).toBe('r');
  });
});

describe('shortcuts on the CTI bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    cleanup();
    stopTelephony();
    resetTelephonyUi();
    vi.useRealTimers();
    await signOut();
  });

  async function open(user = transferAgent) {
    await signInAs(user);
    const phone = startTestPhone({ user });
    renderPhoneUi(
      <>
        <CtiBar />
        <ShortcutHelp />
      </>,
    );
    await act(async () => phone.connection.serverConnect());
    await flush();
    return phone;
  }
  const press = async (init: KeyboardEventInit, target: Element = document.body) => {
    await act(async () => void fireEvent.keyDown(target, init));
    await flush(500);
  };

  it('answers with Alt+A, opens the transfer with Alt+T and hangs up with Alt+H', async () => {
    const phone = await open();
    await act(async () =>
      phone.connection.serverEmit('inbound_call', {
        phone_no: '01055550001', ext_no: '1001', ring_gr: '', uniqueid: '9.1', chanel: 'SIP/1001-9', ivr_number: '', recordingfile: '', server: '',
      }),
    );
    await flush();
    await press({ code: 'KeyA', key: 'a', altKey: true });
    expect(phone.cti.log).toContain('answer');
    await press({ code: 'KeyT', key: 't', altKey: true });
    expect(getTelephonyUi().transferCallId).toBe('9.1');
    expect(screen.getByTestId('transfer-number')).toBeInTheDocument();
    // Typing a "t" or an Alt+H into the transfer field is typing, not a shortcut.
    await press({ code: 'KeyH', key: 'h', altKey: true }, screen.getByTestId('transfer-number'));
    expect(phone.cti.log.some((l) => l.startsWith('hangup'))).toBe(false);
    await press({ code: 'KeyH', key: 'h', altKey: true });
    expect(phone.cti.log).toContain('hangupWithChannel(SIP/1001-9)');
  });

  it('does not open the transfer with Alt+T for a user without cti_transfer, and its help does not list it', async () => {
    const phone = await open(agent);
    await act(async () =>
      phone.connection.serverEmit('inbound_call', {
        phone_no: '01055550001', ext_no: '1001', ring_gr: '', uniqueid: '9.2', chanel: 'SIP/1001-9', ivr_number: '', recordingfile: '', server: '',
      }),
    );
    await flush();
    await press({ code: 'KeyA', key: 'a', altKey: true });
    expect(phone.cti.log).toContain('answer');
    expect(screen.queryByTestId('call-transfer')).toBeNull();
    await press({ code: 'KeyT', key: 't', altKey: true });
    expect(getTelephonyUi().transferCallId).toBeNull();
    expect(screen.queryByTestId('transfer-number')).toBeNull();
    await press({ code: 'Slash', key: '?', shiftKey: true });
    expect(screen.getByTestId('shortcut-row-hangup')).toBeInTheDocument();
    expect(screen.queryByTestId('shortcut-row-transfer')).toBeNull();
  });

  it('opens the dial pad with Alt+D and the help with ?, which lists every shortcut', async () => {
    await open();
    await press({ code: 'KeyD', key: 'd', altKey: true });
    expect(screen.getByTestId('dial-pad-input')).toBeInTheDocument();
    await act(async () => resetTelephonyUi());
    await flush(500);
    await press({ code: 'Slash', key: '?', shiftKey: true });
    const help = screen.getByTestId('shortcut-help');
    for (const s of shortcutsFor(transferAgent)) expect(help).toContainElement(screen.getByTestId(`shortcut-row-${s.name}`));
    expect(screen.getByTestId('shortcut-row-answer')).toHaveTextContent('Answer the ringing call');
    expect(screen.getByTestId('shortcut-keys-answer')).toHaveTextContent('AltA');
  });
});

describe('dial pad', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(async () => {
    cleanup();
    stopTelephony();
    resetTelephonyUi();
    vi.useRealTimers();
    await signOut();
  });

  it('accepts digits (separators dropped), refuses letters and symbols, and dials through the phone', async () => {
    await signInAs(makeUserInfo());
    const phone = startTestPhone();
    renderPhoneUi(<CtiBar />);
    await act(async () => phone.connection.serverConnect());
    await flush();
    const type = async (value: string) => {
      await act(async () => void fireEvent.change(screen.getByTestId('dial-pad-input'), { target: { value } }));
    };
    await act(async () => void fireEvent.click(screen.getByTestId('dial-pad-button')));
    await flush(500);
    expect(screen.getByTestId('dial-pad-call')).toBeDisabled();
    for (const bad of ['010-abcd', '+821055550001', '*#123', '1'.repeat(21)]) {
      await type(bad);
      expect(screen.getByTestId('dial-pad-error')).toHaveTextContent('Enter the number as digits only');
      expect(screen.getByTestId('dial-pad-call')).toBeDisabled();
    }
    await type('');
    for (const d of ['0', '2', '1', '2', '3', '4']) await act(async () => void fireEvent.click(screen.getByTestId(`dial-pad-key-${d}`)));
    expect(screen.getByTestId('dial-pad-input')).toHaveValue('021234');
    await act(async () => void fireEvent.click(screen.getByTestId('dial-pad-backspace')));
    await type('02-123 4567');
    expect(screen.queryByTestId('dial-pad-error')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByTestId('dial-pad-call')));
    await flush(500);
    expect(phone.cti.log).toContain('dial(021234567)');
    expect(screen.getByTestId('cti-call')).toHaveTextContent('02-123-4567');
  });

  it('does not dial while the extension is not registered', async () => {
    await signInAs(makeUserInfo());
    const phone = startTestPhone({ auto: { load: { status: 4, exten_status: 0 } } });
    renderPhoneUi(<CtiBar />);
    await act(async () => phone.connection.serverConnect());
    await flush();
    await act(async () => void fireEvent.click(screen.getByTestId('dial-pad-button')));
    await flush(500);
    await act(async () => void fireEvent.change(screen.getByTestId('dial-pad-input'), { target: { value: '1002' } }));
    expect(screen.getByTestId('dial-pad-call')).toBeDisabled();
    expect(screen.getByText('CTI is not logged in.', { selector: '.bp6-form-helper-text' })).toBeInTheDocument();
  });
});
