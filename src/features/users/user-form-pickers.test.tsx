import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { setLanguage } from '../../i18n/language-store';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import AddUserPopup from './add-user-popup';
import { fakeUserApi, USERS } from './testing/fake-user-api';
import { UserForm } from './user-form';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../ui/feedback/error-store', () => ({ showError: vi.fn() }));

/** The consultation department settings (/configuration/consultation/department), the company's departments. */
const stamp = { created_at: '2025-03-01T01:00:00.000Z', updated_at: '2025-03-01T01:00:00.000Z' };
const DEPARTMENTS = [
  { id: 1, name: '고객지원팀', ...stamp },
  { id: 2, name: '기술지원팀', ...stamp },
  { id: 3, name: '영업팀', ...stamp },
];
const withDepartments = (departments = DEPARTMENTS) => ({ 'consultation-department': () => ({ data: departments, truncated: false }) });

function start(overrides: Parameters<typeof fakeUserApi>[0] = {}) {
  const api = fakeUserApi(overrides);
  vi.mocked(http.post).mockImplementation(api.post as never);
  return { api, user: userEvent.setup() };
}

function renderAdd(overrides: Parameters<typeof fakeUserApi>[0] = {}) {
  const started = start(overrides);
  const popup: PopupContextValue = { popupId: 'add-user', presentation: 'dialog', params: {}, query: {}, close: vi.fn() };
  renderWithFreshCache(
    <PopupContext value={popup}>
      <AddUserPopup />
    </PopupContext>,
  );
  return { ...started, popup };
}

/** Opens the extension picker and answers its menu once the company's extensions are in. */
async function openExtensions(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByTestId('extension_id-choose'));
  const menu = await screen.findByTestId('extension_id-menu');
  await within(menu).findByTestId('extension-option-1000');
  return menu;
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
});
afterEach(() => setLanguage('en'));

// Typing a whole user form takes a few seconds on a loaded machine (CI: the default 5 s ran out).
describe('the extension picker', { timeout: 20_000 }, () => {
  it('lists the company’s extensions with who holds them, offers the next free one, and saves the one chosen', async () => {
    const { api, popup, user } = renderAdd(withDepartments());
    const menu = await openExtensions(user);
    for (const [extension, name] of [['1000', '김지수'], ['1001', '이민호'], ['1002', '박서준']] as const) {
      const option = within(menu).getByTestId(`extension-option-${extension}`);
      expect(option).toHaveAttribute('data-used', 'true');
      expect(option).toHaveTextContent(`In use by ${name}`);
      // Held by another user: saving it would be refused, so it cannot be chosen.
      expect(option.closest('[aria-disabled="true"], .bp6-disabled')).not.toBeNull();
    }
    const free = within(menu).getByTestId('extension-option-1003');
    expect(free).toHaveAttribute('data-used', 'false');
    expect(free).toHaveTextContent('Free');
    await user.click(free);
    expect(screen.getByTestId('extension_id')).toHaveValue('1003');
    expect(screen.queryByTestId('extension_id-hint')).not.toBeInTheDocument();
    // The menu gives focus back as it closes: typing before then would lose keys to it (CI, loaded).
    await waitFor(() => expect(screen.queryByTestId('extension_id-menu')).not.toBeInTheDocument(), { timeout: 5_000 });

    await user.type(screen.getByTestId('name'), '신입 상담원');
    await user.type(screen.getByTestId('username'), 'newagent');
    await user.type(screen.getByTestId('password'), 'password-1234');
    expect(screen.getByTestId('password')).toHaveValue('password-1234');
    await user.selectOptions(await screen.findByRole('combobox', { name: /Department ID/ }), '2');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(popup.close).toHaveBeenCalled(), { timeout: 5_000 });
    expect(api.lastCall('users/store')?.body).toMatchObject({ extension_id: '1003', department_id: '2' });
    expect(api.calls.map((c) => c.path)).toEqual(expect.arrayContaining(['users/extensions', 'consultation-department']));
  });

  it('keeps the edited user’s own extension choosable, and says who holds a number typed by hand', async () => {
    const { api, user } = start();
    const onSaved = vi.fn();
    renderWithFreshCache(<UserForm user={USERS[1]} onSaved={onSaved} />);
    const menu = await openExtensions(user);
    const own = within(menu).getByTestId('extension-option-1001');
    expect(own).toHaveAttribute('data-used', 'false');
    expect(own).toHaveTextContent("This user's");
    expect(within(menu).getByTestId('extension-option-1000')).toHaveAttribute('data-used', 'true');

    await user.clear(screen.getByTestId('extension_id'));
    await user.type(screen.getByTestId('extension_id'), '1000');
    expect(screen.getByTestId('extension_id-hint')).toHaveTextContent('In use by 김지수');
    // A new number is still typed: it becomes an extension when the user is saved.
    await user.clear(screen.getByTestId('extension_id'));
    await user.type(screen.getByTestId('extension_id'), '1050');
    expect(screen.queryByTestId('extension_id-hint')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('extension_id-choose'));
    await user.click(within(await screen.findByTestId('extension_id-menu')).getByTestId('extension-option-1001'));
    expect(screen.getByTestId('extension_id')).toHaveValue('1001');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5_000 });
    expect(api.lastCall('users/update')?.body).toMatchObject({ id: 3, extension_id: '1001' });
  });

  it('says in Korean who holds an extension', async () => {
    setLanguage('kr');
    const { user } = renderAdd();
    const menu = await openExtensions(user);
    expect(within(menu).getByTestId('extension-option-1001')).toHaveTextContent('이민호 사용 중');
  });

  it('still takes a typed number when the extensions cannot be loaded', async () => {
    const { user } = renderAdd({
      'users/extensions': () => {
        throw Object.assign(new Error('status 500'), { isAxiosError: true, response: { status: 500, data: { error: true, message: 'Server error' } } });
      },
    });
    await user.click(screen.getByTestId('extension_id-choose'));
    expect(await screen.findByTestId('extension_id-menu-error')).toHaveTextContent('The extensions could not be loaded; type the number.');
    await user.type(screen.getByTestId('extension_id'), '1010');
    expect(screen.getByTestId('extension_id')).toHaveValue('1010');
  });
});

describe('the department picker', { timeout: 20_000 }, () => {
  it('offers the company’s departments by name, keeps the id, and still asks for one when none is chosen', async () => {
    const { api, user } = start(withDepartments());
    const onSaved = vi.fn();
    renderWithFreshCache(<UserForm user={USERS[1]} onSaved={onSaved} />);
    const select = await screen.findByRole('combobox', { name: /Department ID/ });
    expect(select).toHaveValue('1');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a department', '고객지원팀', '기술지원팀', '영업팀']);

    await user.selectOptions(select, '');
    await user.click(screen.getByTestId('user-form-save'));
    expect(screen.getByTestId('department_id-errors')).toHaveTextContent('Please enter the department ID.');
    expect(api.lastCall('users/update')).toBeUndefined();

    await user.selectOptions(select, '3');
    await user.click(screen.getByTestId('user-form-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5_000 });
    expect(api.lastCall('users/update')?.body).toMatchObject({ id: 3, department_id: 3 });
  });

  it('keeps a department id that is not in the list, named by its number', async () => {
    setLanguage('kr');
    start(withDepartments([{ id: 4, name: 'Support', ...stamp }]));
    renderWithFreshCache(<UserForm user={USERS[1]} onSaved={vi.fn()} />);
    const select = await screen.findByRole('combobox', { name: /부서 ID/ });
    expect(select).toHaveValue('1');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['부서를 선택해 주세요', 'Support', '부서 ID 1']);
  });

  it('is typed as before while the company has no departments', async () => {
    const { user } = renderAdd(withDepartments([]));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('consultation-department', {}));
    expect(screen.getByTestId('department_id').tagName).toBe('INPUT');
    await user.type(screen.getByTestId('department_id'), '7');
    expect(screen.getByTestId('department_id')).toHaveValue('7');
  });
});
