import type { ReactElement } from 'react';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Member } from '../../api/contracts/member.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { closeAllDialogs, getDialogsSnapshot } from '../../shell/popups/dialog-store';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { forgetChosenMembers } from '../../shell/telephony/member-selection';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone } from '../../shell/telephony/testing/phone-harness';
import { setLanguage } from '../../i18n/language-store';
import { CONSULTATIONS } from '../../ui/consultation/testing/fake-consultation-api';
import { currentError, dismissError } from '../../ui/feedback/error-store';
import InboundPopup, { MISSED_POPUP_CLOSE_MS } from './inbound-popup';
import SelectMemberPopup from './select-member-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);

const member = (id: number, name: string, phone_number: string, extra: Partial<Member> = {}): Member => ({
  id, name, phone_number, company_name: null, groups: [], levels: [], custom_fields: {}, is_mobile: phone_number.startsWith('01'),
  created_at: '2025-01-01', updated_at: '2025-01-01', ...extra,
});
const EARLIER = CONSULTATIONS[0]!;
const MEMBERS: Record<string, Member[]> = {
  '01055550001': [member(1, '김민준', '01055550001', { groups: ['VIP'], levels: ['Gold'], custom_fields: { city: '서울' } })],
  '01055550002': [member(2, '이서연', '01055550002', { levels: ['Silver'] }), member(3, '이도현', '01055550002', { levels: ['Bronze'] })],
  '0221234999': [],
};

const query = (phone_no: string, uniqueid: string) => ({
  phone_no, ext_no: '1001', ring_gr: '600', uniqueid, chanel: `SIP/1001-${uniqueid}`, ivr_number: '', recordingfile: '', server: 'pbx',
  modal_id: uniqueid, title: '전화 수신 시간 10:11:12',
});
function popupOf(popupId: string, q: Record<string, string>, close = vi.fn()): PopupContextValue {
  return { popupId, presentation: 'dialog', params: {}, query: q, close };
}
const inPopup = (value: PopupContextValue, ui: ReactElement) => <PopupContext value={value}>{ui}</PopupContext>;

beforeEach(async () => {
  vi.useFakeTimers();
  vi.mocked(http.post).mockImplementation(async (path: string, body?: unknown) => {
    if (path === 'users/show-agent-name') return { data: { extension: (body as { extension: string }).extension, name: '박상담' } };
    if (path === 'consultation/list') return { data: { data: [EARLIER], current_page: 1, per_page: 10, total: 1, last_page: 1 } };
    if (path === 'cti/calls/member') {
      const { uniqueid, member_id } = body as { uniqueid: string; member_id: number };
      const chosen = Object.values(MEMBERS).flat().find((m) => m.id === member_id)!;
      return { data: { data: { uniqueid, member_id, member_name: chosen.name } } };
    }
    const number = decodeURIComponent(path.replace('member/phone-number/', ''));
    const data = MEMBERS[number] ?? [];
    return { data: { phone_number: number, memberCount: data.length, data } };
  });
  await signInAs(makeUserInfo({ permissions: ['dashboard', 'members', 'cti_transfer'] }));
});
afterEach(async () => {
  cleanup();
  stopTelephony();
  closeAllDialogs();
  forgetChosenMembers();
  setLanguage('en');
  vi.useRealTimers();
  await signOut();
});

describe('inbound pop-up', () => {
  it('shows the caller (mobile), the query fields and the one matching member', async () => {
    renderPhoneUi(inPopup(popupOf('inbound', query('01055550001', '1.1')), <InboundPopup />));
    await flush();
    expect(screen.getByTestId('inbound-caller-number')).toHaveTextContent('010-5555-0001');
    expect(screen.getByTestId('inbound-caller-mobile')).toHaveTextContent('Mobile');
    // The query's Korean title, read in the user's language and the section 9 time format (QA).
    expect(screen.getByTestId('inbound-title')).toHaveTextContent('Call received at 10:11:12 AM');
    expect(screen.getByTestId('inbound-caller')).toHaveTextContent('600');
    expect(screen.getByTestId('inbound-member-name')).toHaveTextContent('김민준');
    expect(screen.getByTestId('inbound-member')).toHaveTextContent('VIP');
    expect(screen.getByTestId('inbound-member')).toHaveTextContent('서울');
    expect(screen.getByTestId('consultation-slot')).toBeInTheDocument();
    expect(http.post).toHaveBeenCalledWith('member/phone-number/01055550001', {});
    // Why they call again: the member's latest consultations (QA).
    expect(screen.getByTestId('consultation-history-row')).toHaveTextContent('배송 지연 문의');
    expect(http.post).toHaveBeenCalledWith('consultation/list', expect.objectContaining({ member_id: 1, sort_by: 'created_at', sort_order: 'desc' }));
  });

  it('with two members asks to choose one in the select-member pop-up, then shows the choice', async () => {
    const close = vi.fn();
    renderPhoneUi(
      <>
        {inPopup(popupOf('inbound', query('01055550002', '1.2')), <InboundPopup />)}
        {inPopup(popupOf('inbound-select-member', { phone_no: '01055550002', uniqueid: '1.2' }, close), <SelectMemberPopup />)}
      </>,
    );
    await flush();
    expect(screen.getByTestId('inbound-members')).toHaveAttribute('data-count', '2');
    expect(screen.getByTestId('inbound-members')).toHaveTextContent('2 members have this number.');
    expect(screen.queryByTestId('inbound-member-name')).toBeNull();

    const rows = within(screen.getByTestId('select-member-list')).getAllByTestId('select-member-row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('이서연'), expect.stringContaining('이도현')]);
    await act(async () => void fireEvent.click(within(rows[1]!).getByTestId('select-member-choose')));
    await flush();
    expect(close).toHaveBeenCalled();
    expect(screen.getByTestId('inbound-member-name')).toHaveTextContent('이도현');
    expect(screen.getByTestId('inbound-select-member')).toHaveTextContent('Choose another member');
    // The choice is kept on the call log too, so the call's history names the member.
    expect(http.post).toHaveBeenCalledWith('cti/calls/member', { uniqueid: '1.2', member_id: 3 });
  });

  it('keeps a changed choice on the call log; a refused save stays open and says why', async () => {
    const close = vi.fn();
    renderPhoneUi(inPopup(popupOf('inbound-select-member', { phone_no: '01055550002', uniqueid: '1.5' }, close), <SelectMemberPopup />));
    await flush();
    const rows = () => within(screen.getByTestId('select-member-list')).getAllByTestId('select-member-row');
    await act(async () => void fireEvent.click(within(rows()[0]!).getByTestId('select-member-choose')));
    await flush();
    expect(http.post).toHaveBeenLastCalledWith('cti/calls/member', { uniqueid: '1.5', member_id: 2 });
    expect(close).toHaveBeenCalledTimes(1);

    const lookups = vi.mocked(http.post).getMockImplementation()!;
    vi.mocked(http.post).mockImplementation(async (path: string, body?: unknown) => {
      if (path === 'cti/calls/member') throw Object.assign(new Error('status 404'), { isAxiosError: true, response: { status: 404, data: { error: true, message: 'No record found.' } } });
      return lookups(path, body);
    });
    await act(async () => void fireEvent.click(within(rows()[1]!).getByTestId('select-member-choose')));
    await flush();
    expect(http.post).toHaveBeenLastCalledWith('cti/calls/member', { uniqueid: '1.5', member_id: 3 });
    // Not closed: the agent reads the error and may choose again.
    expect(close).toHaveBeenCalledTimes(1);
    expect(currentError()?.message).toContain('No record found.');
    dismissError();
  });

  it('opens the select-member pop-up from the inbound pop-up', async () => {
    renderPhoneUi(inPopup(popupOf('inbound', query('01055550002', '1.3')), <InboundPopup />));
    await flush();
    await act(async () => void fireEvent.click(screen.getByTestId('inbound-select-member')));
    const dialog = getDialogsSnapshot().find((d) => d.popupId === 'inbound-select-member');
    expect(dialog?.query).toEqual({ phone_no: '01055550002', uniqueid: '1.3' });
  });

  it('offers a new member when nobody has the number', async () => {
    renderPhoneUi(inPopup(popupOf('inbound', query('0221234999', '1.4')), <InboundPopup />));
    await flush();
    expect(screen.getByTestId('inbound-members')).toHaveTextContent('No member has this number.');
    expect(screen.queryByTestId('inbound-caller-mobile')).toBeNull();
    await act(async () => void fireEvent.click(screen.getByTestId('inbound-new-member')));
    expect(getDialogsSnapshot().find((d) => d.popupId === 'add-member')?.query).toEqual({ phone_number: '0221234999' });
  });

  it('says a colleague’s extension is an internal call, and neither looks up nor offers a member', async () => {
    renderPhoneUi(inPopup(popupOf('inbound', query('1002', '1.10')), <InboundPopup />));
    await flush();
    expect(screen.getByTestId('inbound-caller-internal')).toHaveTextContent('Internal call · 박상담');
    expect(screen.queryByTestId('inbound-members')).toBeNull();
    expect(screen.queryByTestId('inbound-new-member')).toBeNull();
    expect(http.post).not.toHaveBeenCalledWith('member/phone-number/1002', {});
    expect(http.post).toHaveBeenCalledWith('users/show-agent-name', { extension: '1002' });
  });

  it('treats a withheld number as no number: unknown caller, no lookup, nothing to add', async () => {
    renderPhoneUi(inPopup(popupOf('inbound', query('anonymous', '1.9')), <InboundPopup />));
    await flush();
    expect(screen.getByTestId('inbound-caller-number')).toHaveTextContent('Unknown caller');
    expect(screen.queryByTestId('inbound-members')).toBeNull();
    expect(screen.queryByTestId('inbound-new-member')).toBeNull();
    expect(http.post).not.toHaveBeenCalledWith('member/phone-number/anonymous', {});
    expect(screen.getByTestId('consultation-slot')).toBeInTheDocument();
  });

  it("shows the call's state and controls from the phone, and keeps the pop-up after the call ends", async () => {
    const phone = startTestPhone({ user: makeUserInfo({ permissions: ['dashboard', 'members', 'cti_transfer'] }) });
    await act(async () => phone.connection.serverConnect());
    await act(async () =>
      phone.connection.serverEmit('inbound_call', { ...query('01055550001', '1.5'), chanel: 'SIP/1001-5' }),
    );
    renderPhoneUi(inPopup(popupOf('inbound', query('01055550001', '1.5')), <InboundPopup />));
    await flush();
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Ringing');
    await act(async () => void fireEvent.click(screen.getByTestId('call-answer')));
    await flush();
    expect(phone.cti.log).toContain('answer');
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Talking');
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '1.5', state: 'hangup', extension: '1001', number: '01055550001' }));
    await flush(5_000);
    expect(screen.getByTestId('call-panel')).toHaveAttribute('data-phase', 'ended');
    expect(screen.getByTestId('call-ended')).toHaveTextContent('Call ended');
    expect(screen.getByTestId('inbound-member-name')).toHaveTextContent('김민준');
  });

  it('the select-member pop-up answers the call before anyone is chosen (it opens on top of the inbound one)', async () => {
    const phone = startTestPhone({ user: makeUserInfo({ permissions: ['dashboard', 'members', 'cti_transfer'] }) });
    await act(async () => phone.connection.serverConnect());
    await act(async () => phone.connection.serverEmit('inbound_call', { ...query('01055550002', '1.6'), chanel: 'SIP/1001-6' }));
    renderPhoneUi(inPopup(popupOf('inbound-select-member', { phone_no: '01055550002', uniqueid: '1.6' }), <SelectMemberPopup />));
    await flush();
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Ringing');
    expect(within(screen.getByTestId('select-member-list')).getAllByTestId('select-member-row')).toHaveLength(2);
    await act(async () => void fireEvent.click(screen.getByTestId('call-answer')));
    await flush();
    expect(phone.cti.log).toContain('answer');
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Talking');
  });

  it('goes by itself a few seconds after a call that only rang here ends, and stays after one it talked on', async () => {
    const phone = startTestPhone({ user: makeUserInfo({ permissions: ['dashboard', 'members', 'cti_transfer'] }) });
    await act(async () => phone.connection.serverConnect());
    await act(async () => phone.connection.serverEmit('inbound_call', { ...query('01055550001', '1.7'), chanel: 'SIP/1001-7' }));
    await act(async () => phone.connection.serverEmit('inbound_call', { ...query('01055550001', '1.8'), chanel: 'SIP/1001-8' }));
    const missed = { ...popupOf('inbound', query('01055550001', '1.7')), dismiss: vi.fn() };
    const talked = { ...popupOf('inbound', query('01055550001', '1.8')), dismiss: vi.fn() };
    renderPhoneUi(
      <>
        {inPopup(missed, <InboundPopup />)}
        {inPopup(talked, <InboundPopup />)}
      </>,
    );
    await flush();
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '1.8', state: 'answered', extension: '1001', number: '01055550001' }));
    await flush();
    // A colleague took 1.7; this agent talked on 1.8, which then ends too.
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '1.7', state: 'hangup', extension: '1001', number: '01055550001' }));
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '1.8', state: 'hangup', extension: '1001', number: '01055550001' }));
    await flush(MISSED_POPUP_CLOSE_MS - 100);
    expect(missed.dismiss).not.toHaveBeenCalled();
    await flush(200);
    expect(missed.dismiss).toHaveBeenCalledTimes(1);
    expect(talked.dismiss).not.toHaveBeenCalled();
  });

  it('shows no "received at" line for a title without a time (an ended call reopened for its draft)', async () => {
    renderPhoneUi(inPopup(popupOf('inbound', { ...query('01055550001', '1.7'), title: '전화 수신 시간' }), <InboundPopup />));
    await flush();
    expect(screen.getByTestId('inbound-caller-number')).toHaveTextContent('010-5555-0001');
    expect(screen.queryByTestId('inbound-title')).toBeNull();
  });

  it('speaks Korean', async () => {
    setLanguage('kr');
    renderPhoneUi(inPopup(popupOf('inbound', query('0221234999', '1.6')), <InboundPopup />));
    await flush();
    expect(screen.getByTestId('inbound-members')).toHaveTextContent('이 번호의 회원이 없습니다.');
    expect(screen.getByTestId('inbound-new-member')).toHaveTextContent('이 발신자로 회원 등록');
    // Korean order (CONTRACT §9 departs): 오전 before the time.
    expect(screen.getByTestId('inbound-title')).toHaveTextContent('전화 수신 시간 오전 10:11:12');
  });
});
