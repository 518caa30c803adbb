import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answerNextLogin, setNavigate, signOut } from '../../shell/session/testing/session-actor-stub';
import { renderRoute } from '../guards/testing/render-route';
import { makeLoginResponse } from '../../api/testing/make-user-info';
import type { LoginResponse } from '../../api/contracts/session.contract';

vi.mock('../../shell/session/session-actor', () => import('../../shell/session/testing/session-actor-stub'));

const axiosError = (status: number, data: unknown) => ({
  isAxiosError: true,
  message: `Request failed with status code ${status}`,
  response: { status, data },
});

async function openLogin() {
  const view = renderRoute('/login');
  await screen.findByTestId('login-form');
  return view;
}

afterEach(async () => {
  setNavigate(null);
  await signOut();
});

describe('login screen', () => {
  it('shows a message under each empty field and sends nothing', async () => {
    const user = userEvent.setup();
    const { router } = await openLogin();
    await user.click(screen.getByTestId('login-submit'));
    expect(screen.getByTestId('username-errors')).toHaveTextContent('Please enter your username.');
    expect(screen.getByTestId('password-errors')).toHaveTextContent('Please enter your password.');
    expect(screen.getByLabelText(/Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('clears a field message once the field is edited', async () => {
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByTestId('login-submit'));
    await user.type(screen.getByTestId('login-username'), 'agent1');
    expect(screen.queryByTestId('username-errors')).not.toBeInTheDocument();
    expect(screen.getByTestId('password-errors')).toBeInTheDocument();
  });

  it('shows server validation errors (422) per field', async () => {
    const user = userEvent.setup();
    answerNextLogin({
      error: axiosError(422, { message: 'Some fields need your attention.', errors: { username: ['This account does not exist.'] } }),
    });
    await openLogin();
    await user.type(screen.getByTestId('login-username'), 'nobody');
    await user.type(screen.getByTestId('login-password'), 'whatever');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('username-errors')).toHaveTextContent('This account does not exist.');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
  });

  it.each([
    [401, 'The username or password is not correct.'],
    [429, 'Too many failed sign-in attempts. Please try again later.'],
  ])('shows the server message of a %s above the form', async (status, message) => {
    const user = userEvent.setup();
    answerNextLogin({ error: axiosError(status, { error: true, message }) });
    const { router } = await openLogin();
    await user.type(screen.getByTestId('login-username'), 'agent1');
    await user.type(screen.getByTestId('login-password'), 'wrong');
    await user.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-error')).toHaveTextContent(message);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('submits with Enter, disables the button while signing in, then leaves /login', async () => {
    const user = userEvent.setup();
    let release: (answer: LoginResponse) => void = () => {};
    answerNextLogin(new Promise<LoginResponse>((resolve) => (release = resolve)));
    const { router } = await openLogin();
    await user.type(screen.getByTestId('login-username'), 'agent1');
    await user.type(screen.getByTestId('login-password'), 'agent1234{Enter}');
    await waitFor(() => expect(screen.getByTestId('login-submit')).toBeDisabled());
    release(makeLoginResponse());
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('offers the language and theme switches', async () => {
    await openLogin();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveAttribute('data-testid', 'language-switch');
    expect(screen.getByRole('combobox', { name: 'Theme' })).toHaveAttribute('data-testid', 'theme-switch');
  });
});
