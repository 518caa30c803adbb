import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { UserInfo } from '../../api/contracts/session.contract';
import { makeUserInfo } from '../../api/testing/make-user-info';
import type { CallStateName } from '../../api/realtime/socket-events';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { CTI_COMMANDS, type CtiCommandName } from '../../shell/telephony/cti-commands';
import { runCtiCommand } from '../../shell/telephony/phone-commands';
import type * as PhoneCommands from '../../shell/telephony/phone-commands';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone, type TestPhone } from '../../shell/telephony/testing/phone-harness';
import { CtiBar } from './cti-bar';
import { resetTelephonyUi } from './telephony-ui-store';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
// Every button and every hotkey runs its command through runCtiCommand: recording the calls (and
// running nothing) lets one phone state be asked about every command in turn.
vi.mock('../../shell/telephony/phone-commands', async (original) => ({
  ...(await original<typeof PhoneCommands>()),
  runCtiCommand: vi.fn(),
}));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

/** The CTI bar's own button of each phone command (call commands are `call-<name>` in the call row). */
const BAR_BUTTON: Partial<Record<CtiCommandName, string>> = {
  'dial-pad': 'dial-pad-button',
  forwarding: 'forwarding-button',
  supervise: 'supervise-button',
  help: 'shortcut-help-button',
};

const ring = { phone_no: '01055550001', ext_no: '1001', ring_gr: '', uniqueid: '5.1', chanel: 'SIP/1001-5', ivr_number: '', recordingfile: '', server: '' };
const callState = (state: CallStateName) => ({ uniqueid: '5.1', state, extension: '1001', number: '01055550001' });

const PHONE_STATES: Record<string, { options?: Parameters<typeof startTestPhone>[0]; then?: (phone: TestPhone) => void }> = {
  'no call': {},
  'not registered': { options: { auto: { load: { status: 4, exten_status: 0 } } } },
  'an inbound call ringing': { then: (phone) => phone.connection.serverEmit('inbound_call', ring) },
  'a call talked on': {
    then: (phone) => {
      phone.connection.serverEmit('inbound_call', ring);
      phone.connection.serverEmit('call_state', callState('answered'));
    },
  },
  'a call on hold': {
    then: (phone) => {
      phone.connection.serverEmit('inbound_call', ring);
      phone.connection.serverEmit('call_state', callState('answered'));
      phone.connection.serverEmit('call_state', callState('held'));
    },
  },
};

const USERS: Record<string, UserInfo> = {
  'an agent without CTI permissions': makeUserInfo({ permissions: ['dashboard'] }),
  'an agent with every CTI permission': makeUserInfo({
    permissions: ['dashboard', 'cti_transfer', 'cti_one_touch_recording', 'cti_call_forwarding', 'cti_listen', 'cti_whisper'],
  }),
};

const WITH_HOTKEYS = CTI_COMMANDS.filter((command) => command.hotkey);

beforeEach(() => vi.useFakeTimers());
afterEach(async () => {
  cleanup();
  stopTelephony();
  resetTelephonyUi();
  vi.mocked(runCtiCommand).mockClear();
  vi.useRealTimers();
  await signOut();
});

/** The button the command's hotkey stands for: enabled, disabled, or not there at all. */
function buttonOf(name: CtiCommandName): HTMLElement | null {
  const bar = screen.getByTestId('cti-bar');
  const testId = BAR_BUTTON[name] ?? `call-${name}`;
  return within(bar).queryByTestId(testId);
}

describe.each(Object.entries(USERS))('button and hotkey agree, for %s', (_user, user) => {
  // A phone, a CTI bar and every hotkey per case: seconds on a busy two-core machine.
  it.each(Object.keys(PHONE_STATES))('with %s', { timeout: 30_000 }, async (stateName) => {
    const state = PHONE_STATES[stateName]!;
    await signInAs(user);
    const phone = startTestPhone({ user, ...state.options });
    renderPhoneUi(<CtiBar />);
    await act(async () => phone.connection.serverConnect());
    await flush();
    if (state.then) await act(async () => state.then!(phone));
    await flush();

    for (const command of WITH_HOTKEYS) {
      const run = vi.mocked(runCtiCommand);
      run.mockClear();
      const button = buttonOf(command.name);
      const enabled = !!button && !button.hasAttribute('disabled');

      const { code, key, alt } = command.hotkey!;
      const unhandled = fireEvent.keyDown(document.body, { code, key, altKey: !!alt });
      expect(!unhandled, `${command.name}: the hotkey acts exactly when its button is enabled`).toBe(enabled);
      expect(run.mock.calls.length, command.name).toBe(enabled ? 1 : 0);
      if (!enabled || !button) continue;

      // And both run the same declared command on the same call.
      const byKey = run.mock.calls[0]!;
      await act(async () => void fireEvent.click(button));
      const byButton = run.mock.calls[1]!;
      expect(byButton[0], command.name).toBe(byKey[0]);
      expect(byButton[0].name).toBe(command.name);
      expect(byButton[1]?.callId, command.name).toBe(byKey[1]?.callId);
    }
  });
});
