import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { CTI_OK } from '../../shell/telephony/testing/controlled-cti';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone, type TestPhoneOptions } from '../../shell/telephony/testing/phone-harness';
import { setLanguage } from '../../i18n/language-store';
import { lookupMembersByPhone } from '../../api/resources/member-api';
import { chooseMemberForCall, forgetChosenMembers } from '../../shell/telephony/member-selection';
import { draftKey, encodeDraft } from '../../api/form-drafts';
import { closeAllDialogs, getDialogsSnapshot } from '../../shell/popups/dialog-store';
import { CtiBar } from './cti-bar';
import { TelephonyProvider } from '../../shell/telephony/telephony-provider';
import { PhoneNumberLink } from '../../ui/telephony/phone-number-link';
import { REOPEN_DRAFTS_AFTER_MS } from './use-reopen-ended-call-drafts';
import { resetTelephonyUi } from './telephony-ui-store';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.mock('../../api/resources/member-api', () => ({ lookupMembersByPhone: vi.fn() }));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const agent1 = makeUserInfo({
  permissions: ['dashboard', 'cti_click_to_call', 'cti_transfer', 'cti_one_touch_recording', 'cti_call_forwarding'],
});
// Async act: what a click starts (promises of the fake CTI) settles inside act, not after it.
const click = (testId: string) => act(async () => void fireEvent.click(screen.getByTestId(testId)));
const type = (testId: string, value: string) => act(async () => void fireEvent.change(screen.getByTestId(testId), { target: { value } }));

async function open(options: TestPhoneOptions = {}) {
  await signInAs(options.user ?? agent1);
  const phone = startTestPhone({ user: agent1, ...options });
  renderPhoneUi(<CtiBar />);
  await act(async () => phone.connection.serverConnect());
  await flush();
  return phone;
}

const ring = (uniqueid = '171.1', phone_no = '01055550001') => ({
  phone_no,
  ext_no: '1001',
  ring_gr: '',
  uniqueid,
  chanel: `SIP/1001-${uniqueid}`,
  ivr_number: '',
  recordingfile: `${uniqueid}.wav`,
  server: 'pbx',
});

const member = (id: number, name: string) => ({
  id,
  company_name: 'Demo',
  name,
  phone_number: '01055550002',
  is_mobile: true,
  groups: [],
  levels: [],
  custom_fields: {},
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
});

beforeEach(() => {
  vi.useFakeTimers();
  forgetChosenMembers();
  vi.mocked(lookupMembersByPhone).mockResolvedValue({ phone_number: '01055550001', memberCount: 1, data: [member(7, '김민준')] });
});
afterEach(async () => {
  cleanup();
  closeAllDialogs();
  stopTelephony();
  resetTelephonyUi();
  vi.useRealTimers();
  setLanguage('en');
  await signOut();
});

describe('CTI bar', () => {
  it('shows the extension, registered, and the status label of the status code', async () => {
    const phone = await open();
    expect(screen.getByTestId('cti-bar')).toHaveAttribute('data-role', 'leader');
    expect(screen.getByTestId('cti-extension')).toHaveTextContent('1001');
    expect(screen.getByTestId('cti-registration')).toHaveAttribute('data-state', 'registered');
    expect(screen.getByTestId('cti-registration')).toHaveTextContent('Registered');
    expect(screen.getByTestId('cti-status-label')).toHaveAttribute('data-status', '0');
    expect(screen.getByTestId('cti-status-label')).toHaveTextContent('Available');

    await act(async () => phone.connection.serverEmit('extension_status', { extension: '1001', exten_status: 51, status: 11 }));
    await flush();
    expect(screen.getByTestId('cti-status-label')).toHaveAttribute('data-status', '11');
    expect(screen.getByTestId('cti-status-label')).toHaveTextContent('Rest');
    expect(screen.getByTestId('agent-state-rest')).toHaveAttribute('aria-pressed', 'true');
  });

  it('says "CTI is not logged in" when the load is not 51, and retries the load', async () => {
    const phone = await open({ auto: { load: { status: 4, exten_status: 0 } } });
    expect(screen.getByTestId('cti-registration')).toHaveAttribute('data-state', 'notRegistered');
    expect(screen.getByTestId('cti-registration-message')).toHaveTextContent('CTI is not logged in.');
    expect(screen.getByTestId('cti-status-label')).toHaveTextContent('Logged out');
    const loads = phone.cti.log.filter((l) => l === 'load').length;
    await click('cti-registration-retry');
    await flush();
    expect(phone.cti.log.filter((l) => l === 'load').length).toBe(loads + 1);
  });

  it('asks before enabling rest, applies it with dndOn(11), and asks again before ending it', async () => {
    const phone = await open();
    await click('agent-state-rest');
    expect(screen.getByTestId('agent-state-dialog')).toHaveTextContent('Switch to Rest?');
    await click('agent-state-confirm');
    await flush(500);
    expect(phone.cti.log).toContain('dndOn(11)');
    expect(screen.queryByTestId('agent-state-dialog')).toBeNull();
    expect(screen.getByTestId('agent-state-rest')).toHaveAttribute('aria-pressed', 'true');

    await click('agent-state-rest');
    expect(screen.getByTestId('agent-state-dialog')).toHaveTextContent('End Rest and become available again?');
    await click('agent-state-confirm');
    await flush(500);
    expect(phone.cti.log).toContain('dndOff');
    expect(screen.getByTestId('agent-state-rest')).toHaveAttribute('aria-pressed', 'false');
  });

  it('cancelling the confirmation changes nothing', async () => {
    const phone = await open();
    await click('agent-state-lunch');
    expect(screen.getByTestId('agent-state-dialog')).toHaveAttribute('data-state', 'lunch');
    await click('agent-state-cancel');
    await flush(500);
    expect(screen.queryByTestId('agent-state-dialog')).toBeNull();
    expect(phone.cti.log.some((l) => l.startsWith('dndOn'))).toBe(false);
    expect(screen.getByTestId('agent-state-lunch')).toHaveAttribute('aria-pressed', 'false');
  });

  it('keeps the dialog busy while the change is applied', async () => {
    const phone = await open({ manual: ['dndOn'] });
    await click('agent-state-after');
    await click('agent-state-confirm');
    expect(screen.getByTestId('agent-state-confirm')).toBeDisabled();
    expect(screen.getByTestId('agent-state-rest')).toBeDisabled();
    await act(async () => void phone.cti.settle(['dndOn'], CTI_OK));
    await flush(500);
    expect(screen.getByTestId('agent-state-after')).toHaveAttribute('aria-pressed', 'true');
  });

  it('turns do-not-disturb on with option 1', async () => {
    const phone = await open();
    await click('dnd-toggle');
    await flush();
    expect(phone.cti.log).toContain('dndOn(1)');
    expect(screen.getByTestId('dnd-toggle')).toBeChecked();
  });

  it('sets, checks and removes call forwarding', async () => {
    const phone = await open();
    expect(screen.getByTestId('forwarding-button')).toHaveAttribute('data-forwarding', 'off');
    await click('forwarding-button');
    // The dialog starts in its number field, so the agent types at once.
    expect(document.activeElement).toBe(screen.getByTestId('forwarding-number'));
    await type('forwarding-number', '010-5555-0009');
    await click('forwarding-set');
    await flush();
    expect(phone.cti.log).toContain('transfer(01055550009)');
    expect(screen.getByTestId('forwarding-status')).toHaveTextContent('Calls are forwarded to 01055550009.');
    await click('forwarding-remove');
    await flush();
    expect(phone.cti.log).toContain('unTransfer');
    await click('forwarding-check');
    await flush();
    expect(phone.cti.log.filter((l) => l === 'checkTransfer').length).toBe(2);
    expect(screen.getByTestId('forwarding-status')).toHaveAttribute('data-state', 'off');
  });

  it('answers, transfers and hangs up a call from the calls list', async () => {
    const phone = await open();
    await act(async () => phone.connection.serverEmit('inbound_call', ring()));
    await flush();
    const row = screen.getByTestId('cti-call');
    expect(row).toHaveTextContent('010-5555-0001');
    expect(within(row).getByTestId('call-phase')).toHaveTextContent('Ringing');
    expect(within(row).getByTestId('call-transfer')).toBeDisabled();
    await click('call-answer');
    await flush();
    expect(phone.cti.log).toContain('answer');
    expect(within(row).getByTestId('call-phase')).toHaveTextContent('Talking');

    await click('call-transfer');
    await type('transfer-number', '1002');
    await click('transfer-blind');
    await flush(500);
    expect(phone.cti.log).toContain('blindTransfer(1002)');
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Call ended');
    await flush(3_000);
    expect(screen.queryByTestId('cti-call')).toBeNull();
  });

  it("names who is on the line: the number's only member, or the one chosen for a shared number", async () => {
    const phone = await open();
    await act(async () => phone.connection.serverEmit('inbound_call', ring('171.5')));
    await flush();
    expect(screen.getByTestId('cti-call-member')).toHaveTextContent('김민준');
    cleanup();
    stopTelephony();

    vi.mocked(lookupMembersByPhone).mockResolvedValue({ phone_number: '01055550002', memberCount: 2, data: [member(1, '이서연'), member(2, '박지훈')] });
    const shared = await open({ memberCount: 2 });
    await act(async () => shared.connection.serverEmit('inbound_call', ring('171.6', '01055550002')));
    await flush();
    expect(screen.getByTestId('cti-call-member')).toHaveTextContent('2 members');
    // QA: it kept saying "2 members" after the agent chose one in select-member.
    await act(async () => chooseMemberForCall('171.6', 2));
    expect(screen.getByTestId('cti-call-member')).toHaveTextContent('박지훈');
  });

  it('names the member of an outbound call too (QA)', async () => {
    await open();
    await click('dial-pad-button');
    await type('dial-pad-input', '010-5555-0001');
    await click('dial-pad-call');
    await flush();
    expect(screen.getByTestId('cti-call')).toHaveAttribute('data-direction', 'outbound');
    expect(screen.getByTestId('cti-call-member')).toHaveTextContent('김민준');
    expect(lookupMembersByPhone).toHaveBeenCalledWith('01055550001');
  });

  it('a call from the dial pad opens the outbound pop-up for users with that permission, as click-to-call does (QA)', async () => {
    const withPopup = makeUserInfo({ permissions: [...agent1.permissions, 'outbound_call_popup'] });
    const phone = await open({ user: withPopup });
    await click('dial-pad-button');
    await type('dial-pad-input', '010-5555-0001');
    await click('dial-pad-call');
    await flush();
    expect(phone.cti.log).toContain('dial(01055550001)');
    expect(getDialogsSnapshot().filter((d) => d.popupId === 'outbound-popup').map((d) => d.params)).toEqual([{ phoneNumber: '01055550001' }]);
  });

  it('offers click-to-call only while the line is free: not during a call, again once it is on hold or over (QA)', async () => {
    const phone = await open();
    cleanup();
    renderPhoneUi(
      <TelephonyProvider factory={null}>
        <PhoneNumberLink number="01055550009" />
      </TelephonyProvider>,
    );
    await flush();
    const isButton = () => screen.getByTestId('phone-number-link').tagName === 'BUTTON';
    expect(isButton()).toBe(true);
    await act(async () => phone.connection.serverEmit('inbound_call', ring('171.5')));
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '171.5', state: 'answered', extension: '1001', number: '01055550001' }));
    await flush();
    expect(isButton()).toBe(false);
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '171.5', state: 'held', extension: '1001', number: '01055550001' }));
    await flush();
    expect(isButton()).toBe(true);
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '171.5', state: 'hangup', extension: '1001', number: '01055550001' }));
    await flush();
    expect(isButton()).toBe(true);
  });

  it('a call from the dial pad opens no pop-up without that permission', async () => {
    const phone = await open();
    await click('dial-pad-button');
    await type('dial-pad-input', '01055550001');
    await click('dial-pad-call');
    await flush();
    expect(phone.cti.log).toContain('dial(01055550001)');
    expect(getDialogsSnapshot().filter((d) => d.popupId === 'outbound-popup')).toEqual([]);
  });

  it("reopens the pop-up of an ended inbound call whose consultation draft was left unsaved (QA: lost after a reload)", async () => {
    const stored = (uniqueid: string, direction: string, savedAt: number) =>
      localStorage.setItem(draftKey('consultation', uniqueid), encodeDraft({ savedAt, recordId: null, values: { title: '환불' }, about: { phone_no: '01055550003', direction } }));
    stored('171.7', 'inbound', Date.now() - 60_000);
    stored('171.8', 'inbound', Date.now() - 30_000);
    stored('171.9', 'outbound', Date.now());
    try {
      const phone = await open();
      // 171.8 is still on the PBX: the join's replay brings it back as a call, not as a draft.
      await act(async () => phone.connection.serverEmit('inbound_call', ring('171.8', '01055550003')));
      await act(async () => vi.advanceTimersByTimeAsync(REOPEN_DRAFTS_AFTER_MS));
      const reopened = getDialogsSnapshot().filter((d) => d.popupId === 'inbound' && d.query.uniqueid === '171.7');
      expect(reopened).toHaveLength(1);
      expect(reopened[0]!.query).toMatchObject({ phone_no: '01055550003', ext_no: '1001', modal_id: '171.7' });
      expect(getDialogsSnapshot().filter((d) => d.query.uniqueid === '171.9')).toEqual([]);
      // Once per page: later registrations do not open them again.
      closeAllDialogs();
      await act(async () => vi.advanceTimersByTimeAsync(30_000));
      expect(getDialogsSnapshot().filter((d) => d.query.uniqueid === '171.7')).toEqual([]);
    } finally {
      closeAllDialogs();
      localStorage.clear();
    }
  });

  it('hangs up with the channel', async () => {
    const phone = await open();
    await act(async () => phone.connection.serverEmit('inbound_call', ring('171.2')));
    await flush();
    await click('call-hangup');
    await flush();
    expect(phone.cti.log).toContain('hangupWithChannel(SIP/1001-171.2)');
  });

  it('offers listen and whisper to managers only', async () => {
    await open();
    expect(screen.queryByTestId('supervise-button')).toBeNull();
  });

  it('lets a manager listen to an extension', async () => {
    const manager = makeUserInfo({ username: 'manager', role: 'manager', permissions: [], extension: '1000' });
    await signInAs(manager);
    const phone = startTestPhone({ user: manager });
    renderPhoneUi(<CtiBar />);
    await act(async () => phone.connection.serverConnect());
    await flush();
    await click('supervise-button');
    await type('supervise-target', '1002');
    await click('supervise-listen');
    await flush();
    expect(phone.cti.log).toContain('listen(1002)');
  });

  it('speaks Korean', async () => {
    setLanguage('kr');
    await open();
    expect(screen.getByTestId('cti-registration')).toHaveTextContent('등록됨');
    expect(screen.getByTestId('agent-state-rest')).toHaveTextContent('휴식');
    expect(screen.getByTestId('cti-status-label')).toHaveTextContent('대기');
  });
});
