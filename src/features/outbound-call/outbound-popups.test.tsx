import type { ReactElement } from 'react';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { Consultation } from '../../api/contracts/consultation.contract';
import type { Member } from '../../api/contracts/member.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { PopupContext } from '../../shell/popups/popup-context';
import { stopTelephony } from '../../shell/telephony/telephony-lifecycle';
import { CTI_OK } from '../../shell/telephony/testing/controlled-cti';
import { LocalBroadcastChannel } from '../../shell/telephony/testing/local-broadcast-channel';
import { flush, renderPhoneUi, startTestPhone } from '../../shell/telephony/testing/phone-harness';
import OutboundDialPopup from './outbound-dial-popup';
import OutboundMemberPopup from './outbound-member-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.stubGlobal('BroadcastChannel', LocalBroadcastChannel);
// The form itself is tested in ui/consultation; here: what the pop-up hands it about the call.
vi.mock('../../ui/consultation/consultation-form', () => ({
  ConsultationForm: (props: { callUniqueid?: string; direction: string; memberId?: number; consultationId?: number; phoneNumber: string }) => (
    <div
      data-testid="consultation-form-props"
      data-call-uniqueid={props.callUniqueid ?? ''}
      data-direction={props.direction}
      data-member-id={props.memberId}
      data-consultation-id={props.consultationId}
      data-phone-number={props.phoneNumber}
    />
  ),
}));

const agent = makeUserInfo({ permissions: ['dashboard', 'members', 'cti_transfer'] });
const MEMBER: Member = {
  id: 4, name: '정예은', phone_number: '0221234567', company_name: '예은상사', groups: ['기업'], levels: ['Silver'], custom_fields: {},
  is_mobile: false, created_at: '2025-01-01', updated_at: '2025-01-01',
};
const inPopup = (popupId: string, params: Record<string, string>, ui: ReactElement) => (
  <PopupContext value={{ popupId, presentation: 'window', params, query: {}, close: vi.fn() }}>{ui}</PopupContext>
);

async function openPhone() {
  await signInAs(agent);
  const phone = startTestPhone({ user: agent, manual: ['dial'] });
  await act(async () => phone.connection.serverConnect());
  return phone;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.mocked(http.post).mockReset();
});
afterEach(async () => {
  cleanup();
  stopTelephony();
  vi.useRealTimers();
  await signOut();
});

describe('outbound-popup/:phoneNumber?', () => {
  it('dials the number from the path and follows that call', async () => {
    const phone = await openPhone();
    renderPhoneUi(inPopup('outbound-popup', { phoneNumber: '01055550001' }, <OutboundDialPopup />));
    await flush();
    expect(screen.getByTestId('outbound-number')).toHaveValue('01055550001');
    await act(async () => void fireEvent.click(screen.getByTestId('outbound-dial')));
    await flush();
    expect(phone.cti.log).toContain('dial(01055550001)');
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Dialling…');
    expect(screen.getByTestId('outbound-dial')).toBeDisabled();
    await act(async () => void phone.cti.settle(['dial'], { ok: { result: 'success', uniqueid: '8.1' } }));
    await act(async () => phone.connection.serverEmit('call_state', { uniqueid: '8.1', state: 'answered', extension: '1001', number: '01055550001' }));
    await flush();
    expect(screen.getByTestId('call-phase')).toHaveTextContent('Talking');
    await act(async () => void fireEvent.click(screen.getByTestId('call-hangup')));
    await flush();
    expect(phone.cti.log).toContain('hangup');
  });

  it("once the call is placed, shows the called number's member and a consultation form linked to the call (QA)", async () => {
    vi.mocked(http.post).mockImplementation(async (path: string) =>
      path.startsWith('member/phone-number/') ? { data: { phone_number: '0221234567', memberCount: 1, data: [MEMBER] } } : { data: {} },
    );
    const phone = await openPhone();
    renderPhoneUi(inPopup('outbound-popup', { phoneNumber: '0221234567' }, <OutboundDialPopup />));
    await flush();
    expect(screen.queryByTestId('consultation-form-props')).toBeNull();
    expect(http.post).not.toHaveBeenCalled();
    await act(async () => void fireEvent.click(screen.getByTestId('outbound-dial')));
    await act(async () => void phone.cti.settle(['dial'], { ok: { result: 'success', uniqueid: '8.2' } }));
    await flush();
    expect(http.post).toHaveBeenCalledWith('member/phone-number/0221234567', {});
    expect(screen.getByTestId('inbound-member-name')).toHaveTextContent('정예은');
    const form = screen.getByTestId('consultation-form-props');
    expect(form).toHaveAttribute('data-direction', 'outbound');
    expect(form).toHaveAttribute('data-member-id', '4');
    expect(form).toHaveAttribute('data-call-uniqueid', '8.2');
  });

  it('starts empty without a number and refuses letters', async () => {
    await openPhone();
    renderPhoneUi(inPopup('outbound-popup', {}, <OutboundDialPopup />));
    await flush();
    expect(screen.getByTestId('outbound-dial')).toBeDisabled();
    await act(async () => void fireEvent.change(screen.getByTestId('outbound-number'), { target: { value: '010-CALL-ME' } }));
    expect(screen.getByTestId('outbound-dial')).toBeDisabled();
    expect(screen.getByTestId('outbound-dial-form')).toHaveTextContent('Enter the number as digits only');
  });
});

describe('outbound/:id', () => {
  it("shows the member, dials the member's number, and has the consultation form's place", async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { data: MEMBER } });
    const phone = await openPhone();
    renderPhoneUi(inPopup('outbound', { id: '4' }, <OutboundMemberPopup />));
    await flush();
    expect(http.post).toHaveBeenCalledWith('member/view', { id: 4 });
    expect(screen.getByTestId('outbound-member-name')).toHaveTextContent('정예은');
    expect(screen.getByTestId('outbound-number')).toHaveValue('0221234567');
    expect(screen.getByTestId('consultation-slot')).toBeInTheDocument();
    await act(async () => void fireEvent.click(screen.getByTestId('outbound-dial')));
    await flush();
    expect(phone.cti.log).toContain('dial(0221234567)');
    await act(async () => void phone.cti.settle(['dial'], CTI_OK));
    await flush();
    expect(screen.getByTestId('call-panel')).toHaveAttribute('data-phase', 'ringing');
  });

  it('links the consultation to the call it places, once the PBX gives the uniqueid', async () => {
    vi.mocked(http.post).mockResolvedValue({ data: { data: MEMBER } });
    const phone = await openPhone();
    renderPhoneUi(inPopup('outbound', { id: '4' }, <OutboundMemberPopup />));
    await flush();
    const form = screen.getByTestId('consultation-form-props');
    expect(form).toHaveAttribute('data-direction', 'outbound');
    expect(form).toHaveAttribute('data-member-id', '4');
    expect(form).toHaveAttribute('data-call-uniqueid', '');
    await act(async () => void fireEvent.click(screen.getByTestId('outbound-dial')));
    await act(async () => void phone.cti.settle(['dial'], { ok: { result: 'success', uniqueid: '9.7' } }));
    await flush();
    expect(screen.getByTestId('consultation-form-props')).toHaveAttribute('data-call-uniqueid', '9.7');
  });

  it('continues a consultation without a member (member 0) by calling its number; the number\'s new member is offered (QA)', async () => {
    const consultation: Consultation = {
      id: 12, member_id: null, member_name: null, agent_id: 2, agent_name: 'Agent One', call_uniqueid: '1.5', phone_number: '01055550077',
      is_mobile: true, direction: 'inbound', title: 'Delivery', content: '', inquiry: null, department: null, big_category: 'Order',
      small_category: null, custom_fields: {}, treatment_result: 'progress', created_at: '2026-01-01', updated_at: '2026-01-01',
    };
    vi.mocked(http.post).mockImplementation(async (path: string) =>
      path === 'consultation/view'
        ? { data: { data: consultation } }
        : path.startsWith('member/phone-number/')
          ? { data: { phone_number: '01055550077', memberCount: 0, data: [] } }
          : { data: {} },
    );
    const phone = await openPhone();
    renderPhoneUi(inPopup('edit-outbound', { id: '0', consultationId: '12' }, <OutboundMemberPopup />));
    await flush();
    expect(http.post).toHaveBeenCalledWith('consultation/view', { id: 12 });
    expect(http.post).not.toHaveBeenCalledWith('member/view', expect.anything());
    expect(screen.getByTestId('inbound-new-member')).toBeInTheDocument();
    expect(screen.getByTestId('outbound-number')).toHaveValue('01055550077');
    const form = screen.getByTestId('consultation-form-props');
    expect(form).toHaveAttribute('data-consultation-id', '12');
    expect(form).toHaveAttribute('data-phone-number', '01055550077');
    expect(form).not.toHaveAttribute('data-member-id');
    await act(async () => void fireEvent.click(screen.getByTestId('outbound-dial')));
    await act(async () => void phone.cti.settle(['dial'], { ok: { result: 'success', uniqueid: '9.8' } }));
    await flush();
    expect(phone.cti.log).toContain('dial(01055550077)');
    expect(screen.getByTestId('consultation-form-props')).toHaveAttribute('data-call-uniqueid', '9.8');
  });
});
