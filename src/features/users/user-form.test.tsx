import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { setLanguage } from '../../i18n/language-store';
import { showError } from '../../ui/feedback/error-store';
import { showToast } from '../../ui/feedback/toaster';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import AddUserPopup from './add-user-popup';
import { axiosError, fakeUserApi, USERS } from './testing/fake-user-api';
import { UserForm } from './user-form';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../ui/feedback/error-store', () => ({ showError: vi.fn() }));

function renderAddPopup(overrides: Parameters<typeof fakeUserApi>[0] = {}) {
  const api = fakeUserApi(overrides);
  vi.mocked(http.post).mockImplementation(api.post as never);
  const popup: PopupContextValue = { popupId: 'add-user', presentation: 'dialog', params: {}, query: {}, close: vi.fn() };
  renderWithFreshCache(
    <PopupContext value={popup}>
      <AddUserPopup />
    </PopupContext>,
  );
  return { api, popup, user: userEvent.setup() };
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>, username = 'newagent') {
  await user.type(screen.getByTestId('name'), '신입 상담원');
  await user.type(screen.getByTestId('username'), username);
  await user.type(screen.getByTestId('password'), 'password-1234');
  await user.type(screen.getByTestId('department_id'), '3');
  await user.type(screen.getByTestId('extension_id'), '1010');
}

/** What the form sent to be saved (it also reads the company's extensions and departments to offer them). */
const saves = (api: ReturnType<typeof fakeUserApi>) => api.calls.filter((call) => call.path.startsWith('users/') && call.path !== 'users/extensions');

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'me.png', { type: 'image/png' });

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showError).mockReset();
  vi.mocked(showToast).mockClear();
});

describe('user/add: the §5 messages per field', () => {
  it('names every required field under it (en) and sends nothing', async () => {
    const { api, user } = renderAddPopup();
    await user.click(screen.getByTestId('user-form-save'));
    expect(screen.getByTestId('name-errors')).toHaveTextContent('Please enter the name.');
    expect(screen.getByTestId('username-errors')).toHaveTextContent('Please enter the username.');
    expect(screen.getByTestId('password-errors')).toHaveTextContent('Please enter the password.');
    expect(screen.getByTestId('department_id-errors')).toHaveTextContent('Please enter the department ID.');
    expect(screen.getByTestId('extension_id-errors')).toHaveTextContent('Please enter the extension ID.');
    expect(screen.queryByTestId('mobile-errors')).not.toBeInTheDocument();
    expect(saves(api)).toEqual([]);
    // The first field with a message takes the focus (QA: it stayed on Save).
    await waitFor(() => expect(screen.getByTestId('name')).toHaveFocus());
  });

  it('says a department ID that is not a number is one, instead of asking to enter it (QA)', async () => {
    const { api, user } = renderAddPopup();
    await fillRequired(user);
    await user.clear(screen.getByTestId('department_id'));
    await user.type(screen.getByTestId('department_id'), 'abc');
    await user.click(screen.getByTestId('user-form-save'));
    expect(screen.getByTestId('department_id-errors')).toHaveTextContent('The department ID is a number, such as 1.');
    await waitFor(() => expect(screen.getByTestId('department_id')).toHaveFocus());
    expect(saves(api)).toEqual([]);
  });

  it('names them in Korean when the language is kr', async () => {
    setLanguage('kr');
    const { user } = renderAddPopup();
    await user.click(screen.getByTestId('user-form-save'));
    expect(screen.getByTestId('name-errors')).toHaveTextContent('이름을 입력해 주세요.');
    expect(screen.getByTestId('username-errors')).toHaveTextContent('아이디를 입력해 주세요.');
    expect(screen.getByTestId('password-errors')).toHaveTextContent('비밀번호를 입력해 주세요.');
    expect(screen.getByTestId('department_id-errors')).toHaveTextContent('부서 ID를 입력해 주세요.');
    expect(screen.getByTestId('extension_id-errors')).toHaveTextContent('내선번호를 입력해 주세요.');
  });

  it('marks the required fields and clears a message once its field is edited', async () => {
    const { user } = renderAddPopup();
    expect(screen.getByLabelText(/^Name/).closest('.bp6-form-group')).toHaveTextContent('(required)');
    expect(screen.getByLabelText(/^Mobile/).closest('.bp6-form-group')).not.toHaveTextContent('(required)');
    await user.click(screen.getByTestId('user-form-save'));
    await user.type(screen.getByTestId('name'), 'x');
    expect(screen.queryByTestId('name-errors')).not.toBeInTheDocument();
    expect(screen.getByTestId('username-errors')).toBeInTheDocument();
  });

  it('checks formats before sending: username, password length, extension digits', async () => {
    const { api, user } = renderAddPopup();
    await fillRequired(user, 'has space');
    await user.clear(screen.getByTestId('password'));
    await user.type(screen.getByTestId('password'), 'short');
    await user.clear(screen.getByTestId('extension_id'));
    await user.type(screen.getByTestId('extension_id'), '1a');
    await user.click(screen.getByTestId('user-form-save'));
    expect(screen.getByTestId('username-errors')).toHaveTextContent('Use 2 to 50 letters');
    expect(screen.getByTestId('password-errors')).toHaveTextContent('The password must be at least 8 characters.');
    expect(screen.getByTestId('extension_id-errors')).toHaveTextContent('An extension number is 2 to 10 digits.');
    expect(saves(api)).toEqual([]);
  });
});

describe('user/add: saving', () => {
  it('sends users/store as multipart with the photo in `file`, then closes itself', async () => {
    const { api, popup, user } = renderAddPopup();
    await fillRequired(user);
    await user.type(screen.getByTestId('schedule_time_in'), '09:00');
    await user.selectOptions(screen.getByTestId('role'), 'manager');
    await user.upload(screen.getByLabelText('Photo'), png());
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled());
    expect(showToast).toHaveBeenCalledWith('The user was saved.');
    const sent = api.lastCall('users/store')!;
    expect(sent.multipart).toBe(true);
    expect(sent.body).toMatchObject({ name: '신입 상담원', username: 'newagent', password: 'password-1234', department_id: '3', extension_id: '1010', schedule_time_in: '09:00', role: 'manager' });
    expect(sent.body.file).toBeInstanceOf(File);
    expect((sent.body.file as File).name).toBe('me.png');
  });

  it('shows the server’s refusal of a deleted username under the username field', async () => {
    const { popup, user } = renderAddPopup({
      'users/store': () => {
        throw axiosError(422, { message: 'Some fields need your attention.', errors: { username: ['This username belonged to a deleted user and can never be used again.'] } });
      },
    });
    await fillRequired(user, 'gone');
    await user.click(screen.getByTestId('user-form-save'));
    expect(await screen.findByTestId('username-errors')).toHaveTextContent('This username belonged to a deleted user and can never be used again.');
    expect(showError).not.toHaveBeenCalled();
    expect(popup.close).not.toHaveBeenCalled();
  });

  it('refuses a photo that is not PNG, JPEG or WebP before sending, and sends errors it cannot place to the dialog', async () => {
    const { api, user } = renderAddPopup({
      'users/store': () => {
        throw axiosError(422, { message: 'x', errors: { company_id: ['odd'] } });
      },
    });
    await fillRequired(user);
    // The chooser offers images only; a file dropped in anyway is still checked.
    await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Photo'), new File(['<svg/>'], 'a.svg', { type: 'image/svg+xml' }));
    expect(screen.getByTestId('file-errors')).toHaveTextContent('The photo must be a PNG, JPEG or WebP image.');
    await user.click(screen.getByTestId('user-form-save'));
    expect(saves(api)).toEqual([]);
    await user.click(screen.getByTestId('file-clear'));
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(showError).toHaveBeenCalled());
  });
});

describe('editing a user', () => {
  it('shows the username read-only, no password, and sends users/update then the new photo', async () => {
    const api = fakeUserApi();
    vi.mocked(http.post).mockImplementation(api.post as never);
    const onSaved = vi.fn();
    renderWithFreshCache(<UserForm user={USERS[1]} onSaved={onSaved} />);
    const user = userEvent.setup();
    expect(screen.getByTestId('username')).toBeDisabled();
    expect(screen.getByTestId('username')).toHaveValue('agent1');
    expect(screen.queryByTestId('password')).not.toBeInTheDocument();
    await user.clear(screen.getByTestId('extension_id'));
    await user.type(screen.getByTestId('extension_id'), '1011');
    await user.upload(screen.getByLabelText('Photo'), png());
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.lastCall('users/update')).toMatchObject({ multipart: false, body: { id: 3, name: '이민호', department_id: 1, extension_id: '1011', role: 'agent', mobile: null } });
    expect(api.lastCall('users/update-avatar')?.body).toMatchObject({ id: '3' });
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ avatar: '/api/v1/users/avatar/new-key-0000000000' });
  });
});
