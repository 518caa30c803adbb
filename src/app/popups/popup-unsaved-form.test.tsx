import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { fakeMemberApi } from '../../features/members/testing/fake-member-api';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { closeAllDialogs, getDialogsSnapshot, openDialog } from '../../shell/popups/dialog-store';
import { PopupDialogHost } from './popup-dialog-host';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ permissions: ['members'] }) }));

afterEach(() => {
  act(() => closeAllDialogs());
});

/** The add-member pop-up as an agent has it (an in-page dialog), e.g. "New member from this caller". */
async function openAddMember() {
  const api = fakeMemberApi();
  vi.mocked(http.post).mockImplementation(api.post as never);
  renderWithFreshCache(<PopupDialogHost />);
  act(() => {
    openDialog({ popupId: 'add-member', params: {}, query: { phone_number: '01077778888' }, url: '/window/member/add?phone_number=01077778888' });
  });
  const user = userEvent.setup();
  // The pop-up's screen is a lazy chunk: on a loaded machine its first import can take over a second.
  await user.type(await screen.findByLabelText(/^Name/, {}, { timeout: 5000 }), '새 발신자');
  return { api, user };
}

describe('a pop-up holding a resource form with typing in it', () => {
  it('asks before Escape throws the typing away (QA)', async () => {
    const { user } = await openAddMember();
    await user.keyboard('{Escape}');
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('What you typed here is not saved yet and will be lost.');
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(getDialogsSnapshot()).toHaveLength(1);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('새 발신자');
    // Focus is back in the form (where it was), so Escape reaches the pop-up again.
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveFocus());
    await user.keyboard('{Escape}');
    await user.click(await screen.findByTestId('confirm-accept'));
    expect(getDialogsSnapshot()).toHaveLength(0);
  });

  it('closes without asking once it has saved', async () => {
    const { api, user } = await openAddMember();
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(getDialogsSnapshot()).toHaveLength(0));
    expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument();
    expect(api.calls.find((c) => c.path === 'member/store')?.body).toMatchObject({ name: '새 발신자', phone_number: '01077778888' });
  });
});
