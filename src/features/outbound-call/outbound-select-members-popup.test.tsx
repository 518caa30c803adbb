import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Member } from '../../api/contracts/member.contract';
import { http } from '../../api/http';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import OutboundSelectMembersPopup from './outbound-select-members-popup';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));

const member = (id: number, name: string): Member => ({
  id, name, phone_number: '01055550002', company_name: null, groups: ['일반'], levels: ['Silver'], custom_fields: {},
  is_mobile: true, created_at: '2025-01-01T00:00:00.000Z', updated_at: '2025-01-01T00:00:00.000Z',
});

function renderPopup(found: Member[], query: Record<string, string> = { phone_number: '01055550002', callback_id: '7' }) {
  vi.mocked(http.post).mockImplementation((async (path: string) => {
    if (path.startsWith('member/phone-number/')) return { data: { phone_number: path.split('/').pop(), memberCount: found.length, data: found } };
    throw new Error(`unexpected ${path}`);
  }) as never);
  const popup: PopupContextValue = { popupId: 'outbound-select-member', presentation: 'dialog', params: {}, query, close: vi.fn() };
  renderWithFreshCache(<PopupContext value={popup}>{<OutboundSelectMembersPopup />}</PopupContext>);
  return popup;
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockReset();
});

describe('outbound/select-members (specification §2)', () => {
  it("lists the number's members; choosing one opens its outbound pop-up with the callback, instead of this one", async () => {
    const popup = renderPopup([member(2, '이도현'), member(3, '이서연')]);
    expect(await screen.findByText('Members with the number 010-5555-0002: choose whom you are calling.')).toBeInTheDocument();
    expect(screen.getAllByTestId('select-member-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('이도현'),
      expect.stringContaining('이서연'),
    ]);
    await userEvent.click(screen.getAllByTestId('select-member-choose')[1]!);
    expect(openPopup).toHaveBeenCalledWith('outbound', { id: 3, callback_id: '7' });
    expect(popup.close).toHaveBeenCalled();
  });

  it('calls a number nobody has without a member, or adds one with the number', async () => {
    // Another number: the screen pop's lookups are remembered for a few seconds per number.
    const popup = renderPopup([], { phone_number: '01099990000', callback_id: '7' });
    expect(await screen.findByText('No member has the number 010-9999-0000 yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('select-member-list')).toBeNull();
    await userEvent.click(screen.getByTestId('outbound-select-without-member'));
    expect(openPopup).toHaveBeenCalledWith('outbound-popup', { phoneNumber: '01099990000', callback_id: '7' });
    await userEvent.click(screen.getByTestId('outbound-select-new-member'));
    expect(openPopup).toHaveBeenCalledWith('add-member', { phone_number: '01099990000' });
    expect(popup.close).toHaveBeenCalledTimes(2);
  });

  it('says so when opened without a number', () => {
    renderPopup([], {});
    expect(screen.getByText('There is no number to call.')).toBeInTheDocument();
    expect(http.post).not.toHaveBeenCalled();
  });
});
