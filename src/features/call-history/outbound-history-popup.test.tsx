import { screen, within } from '@testing-library/react';
import type { Call } from '../../api/contracts/call.contract';
import type { Member } from '../../api/contracts/member.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import OutboundHistoryPopup from './outbound-history-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', permissions: [] }) }));

const MEMBER: Member = {
  id: 1, name: '김민준', phone_number: '01055550001', company_name: '한빛상사', groups: ['VIP'], levels: ['Gold'], custom_fields: {}, is_mobile: true,
  created_at: '2025-03-01T01:00:00.000Z', updated_at: '2025-03-01T01:00:00.000Z',
};
const CALL: Call = {
  id: 7, uniqueid: '9.7', direction: 'outbound', caller_number: '1001', callee_number: '01055550001', extension: '1001', extensions: ['1001'], queue: null,
  started_at: '2026-01-05T01:00:00.000Z', ringing_at: null, answered_at: '2026-01-05T01:00:05.000Z', ended_at: '2026-01-05T01:02:05.000Z',
  duration: 125, talk_time: 120, disposition: 'answered', recording_file: 'rec-9.7.wav', one_touch_files: [], caller_id: '0215880000',
  wait_duration: 5, member_id: 1, member_name: '김민준', agent_name: '이민호', consultation: null,
};

function renderPopup(id: string) {
  const calls: { path: string; body: unknown }[] = [];
  vi.mocked(http.post).mockImplementation((async (path: string, body: unknown) => {
    calls.push({ path, body });
    if (path === 'member/view') {
      if ((body as { id: number }).id !== MEMBER.id) throw { isAxiosError: true, message: 'status 404', response: { status: 404, data: { error: true, message: 'Not found' } } };
      return { data: { data: MEMBER } };
    }
    if (path === 'cti/calls/history') return { data: { data: [CALL], current_page: 1, per_page: 10, total: 1, last_page: 1 } };
    if (path === 'cti/calls/extensions') return { data: { data: [] } };
    throw new Error(`unexpected ${path}`);
  }) as never);
  const popup: PopupContextValue = { popupId: 'outbound-history', presentation: 'dialog', params: { id }, query: {}, close: vi.fn() };
  renderWithFreshCache(<PopupContext value={popup}>{<OutboundHistoryPopup />}</PopupContext>);
  return { calls };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('member/outbound/history/{id}', () => {
  it("shows the member, then the outbound calls to the member's number from the call log", async () => {
    const { calls } = renderPopup('1');
    expect(await screen.findByTestId('outbound-history-member-name')).toHaveTextContent('김민준');
    // The member's fields side by side, not a row each, so the list fits the window below them (QA).
    const card = screen.getByTestId('outbound-history-member');
    expect(within(card).queryByRole('table')).toBeNull();
    expect(within(card).getByText('010-5555-0001')).toBeInTheDocument();
    const row = await screen.findByTestId('row-7');
    expect(within(row).getByTestId('call-disposition-7')).toHaveTextContent('Answered');
    expect(row).toHaveTextContent('2:05');
    expect(calls.find((c) => c.path === 'cti/calls/history')?.body).toEqual({ page: 1, per_page: 10, number: '01055550001', direction: 'outbound' });
  });

  it('says so when the member does not exist', async () => {
    const { calls } = renderPopup('999');
    expect(await screen.findByTestId('member-not-found')).toBeInTheDocument();
    expect(calls.some((c) => c.path === 'cti/calls/history')).toBe(false);
  });
});
