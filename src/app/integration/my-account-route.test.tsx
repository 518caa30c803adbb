import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sessionActor, setNavigate, signInAs, signOut } from '../../shell/session/testing/session-actor-stub';
import { renderRoute } from '../guards/testing/render-route';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { changePassword, updateMyAccount } from '../../api/session-api';
import { showToast } from '../../ui/feedback/toaster';
import { setLanguage } from '../../i18n/language-store';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));
vi.mock('../../api/session-api', () => ({ updateMyAccount: vi.fn(), changePassword: vi.fn() }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const agent = makeUserInfo({ username: 'agent1' });
const axiosError = (status: number, data: unknown) => ({
  isAxiosError: true,
  message: `Request failed with status code ${status}`,
  response: { status, data },
});

beforeEach(async () => {
  vi.mocked(updateMyAccount).mockReset();
  vi.mocked(changePassword).mockReset();
  vi.mocked(showToast).mockClear();
  await signInAs(agent);
});

afterEach(async () => {
  setNavigate(null);
  await signOut();
  setLanguage('en');
});

describe('my account: personal information', () => {
  it('saves, updates the session user and confirms with a toast', async () => {
    const user = userEvent.setup();
    const saved = makeUserInfo({ username: 'agent1', language: 'en' });
    saved.user = { ...saved.user, name: 'Agent One', email: 'one@example.com' };
    vi.mocked(updateMyAccount).mockResolvedValue(saved);
    renderRoute('/my-account/personal-information');

    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Agent One');
    await user.type(screen.getByLabelText(/^Email/), 'one@example.com');
    await user.click(screen.getByTestId('personal-information-save'));

    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Your personal information was saved.'));
    expect(updateMyAccount).toHaveBeenCalledWith({
      name: 'Agent One',
      email: 'one@example.com',
      mobile: null,
      landline: null,
      language: 'en',
    });
    expect(sessionActor.getSnapshot().context.userInfo?.user.name).toBe('Agent One');
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}').user.name).toBe('Agent One');
  });

  it('offers the language in use, so saving keeps the one chosen with the header switch (QA)', async () => {
    const user = userEvent.setup();
    // Stored preference English; switched to Korean in the header since.
    setLanguage('kr');
    vi.mocked(updateMyAccount).mockImplementation(async (body) => makeUserInfo({ username: 'agent1', language: body.language }));
    renderRoute('/my-account/personal-information');
    await user.type(await screen.findByLabelText(/^휴대/), '010-1234-5678');
    await user.click(screen.getByTestId('personal-information-save'));
    await waitFor(() => expect(updateMyAccount).toHaveBeenCalledWith(expect.objectContaining({ language: 'kr', mobile: '010-1234-5678' })));
    expect(localStorage.getItem('language')).toBe('kr');
  });

  it('checks fields before sending', async () => {
    const user = userEvent.setup();
    renderRoute('/my-account/personal-information');
    await user.clear(await screen.findByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await user.type(screen.getByLabelText(/^Mobile/), 'abc');
    await user.click(screen.getByTestId('personal-information-save'));
    expect(screen.getByTestId('name-errors')).toHaveTextContent('Please enter a name.');
    expect(screen.getByTestId('email-errors')).toHaveTextContent('Please enter a valid email address.');
    expect(screen.getByTestId('mobile-errors')).toHaveTextContent('Enter a phone number as digits; spaces, hyphens, dots, parentheses and a leading + are allowed.');
    expect(updateMyAccount).not.toHaveBeenCalled();
  });
});

describe('my account: change password', () => {
  it('shows server validation errors per field', async () => {
    const user = userEvent.setup();
    vi.mocked(changePassword).mockRejectedValue(
      axiosError(422, { message: 'x', errors: { current_password: ['The current password is not correct.'] } }),
    );
    renderRoute('/my-account/change-password');
    await user.type(await screen.findByLabelText(/^Current password/), 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-password-1');
    await user.click(screen.getByTestId('change-password-save'));
    expect(await screen.findByTestId('current_password-errors')).toHaveTextContent('The current password is not correct.');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('checks the confirmation before sending, then changes the password', async () => {
    const user = userEvent.setup();
    vi.mocked(changePassword).mockResolvedValue();
    renderRoute('/my-account/change-password');
    await user.type(await screen.findByLabelText(/^Current password/), 'agent1234');
    await user.type(screen.getByLabelText(/^New password/), 'new-password-1');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'different-1');
    await user.click(screen.getByTestId('change-password-save'));
    expect(screen.getByTestId('new_password_confirmation-errors')).toHaveTextContent('The passwords do not match.');
    expect(changePassword).not.toHaveBeenCalled();

    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^Confirm new password/), 'new-password-1');
    await user.click(screen.getByTestId('change-password-save'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Your password was changed.'));
    expect(changePassword).toHaveBeenCalledWith({
      current_password: 'agent1234',
      new_password: 'new-password-1',
      new_password_confirmation: 'new-password-1',
    });
  });
});
