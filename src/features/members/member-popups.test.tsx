import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { showToast } from '../../ui/feedback/toaster';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import AddMemberPopup from './add-member-popup';
import CompanyMembersPopup from './company-members-popup';
import { fakeMemberApi } from './testing/fake-member-api';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ permissions: ['members'] }) }));

function renderPopup(ui: ReactElement, params: Record<string, string> = {}, query: Record<string, string> = {}) {
  const api = fakeMemberApi();
  vi.mocked(http.post).mockImplementation(api.post as never);
  const popup: PopupContextValue = { popupId: 'x', presentation: 'dialog', params, query, close: vi.fn() };
  renderWithFreshCache(<PopupContext value={popup}>{ui}</PopupContext>);
  return { api, popup };
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});

describe('member/add', () => {
  it('saves the member and closes itself', async () => {
    const { api, popup } = renderPopup(<AddMemberPopup />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), '팝업 회원');
    await user.type(screen.getByLabelText(/^Phone number/), '010 2222 3333');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith('The member was saved.');
    expect(api.calls.find((c) => c.path === 'member/store')?.body).toMatchObject({ name: '팝업 회원', phone_number: '010 2222 3333' });
  });

  it("starts with the caller's number when opened from an inbound call", async () => {
    const { api } = renderPopup(<AddMemberPopup />, {}, { phone_number: '01077778888' });
    const user = userEvent.setup();
    expect(await screen.findByLabelText(/^Phone number/)).toHaveValue('01077778888');
    await user.type(screen.getByLabelText(/^Name/), '새 발신자');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(api.calls.find((c) => c.path === 'member/store')?.body).toMatchObject({ name: '새 발신자', phone_number: '01077778888' }));
  });
});

describe('member/outbound/list/{companyName}', () => {
  it('lists the members of the company from member/company/{name}', async () => {
    const { api } = renderPopup(<CompanyMembersPopup />, { companyName: '한빛상사' });
    expect(await screen.findByTestId('row-1')).toHaveTextContent('김민준');
    expect(screen.queryByTestId('row-4')).not.toBeInTheDocument();
    expect(screen.getByTestId('company-members-heading')).toHaveTextContent('Members of 한빛상사');
    // The import screen opens in the main window, never inside the pop-up.
    expect(screen.queryByTestId('import-link')).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path === 'member/company/%ED%95%9C%EB%B9%9B%EC%83%81%EC%82%AC')).toBe(true);
  });

  it('starts a new member with the company name filled in', async () => {
    renderPopup(<CompanyMembersPopup />, { companyName: '한빛상사' });
    await userEvent.setup().click(await screen.findByTestId('resource-add'));
    expect(await screen.findByTestId('company_name')).toHaveValue('한빛상사');
  });
});
