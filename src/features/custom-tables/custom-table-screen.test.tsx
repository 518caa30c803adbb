import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CUSTOM_TABLE_COLUMNS, defaultCustomTableColumns, type CustomTableSettings } from '../../api/contracts/custom-table.contract';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { setLanguage } from '../../i18n/language-store';
import { showToast } from '../../ui/feedback/toaster';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { consultationView } from '../consultations/consultations.resource';
import { memberView } from '../members/members.resource';
import MembersTableScreen from './members-table-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
const session = vi.hoisted(() => ({ role: 'manager' as 'manager' | 'agent' }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: session.role }) }));

let stored: CustomTableSettings;
const bodies: Record<string, unknown>[] = [];
function fakeApi() {
  stored = { table: 'members', columns: defaultCustomTableColumns('members'), is_default: true, updated_at: null };
  bodies.length = 0;
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown> = {}) => {
    if (path === 'custom-table/list') return { data: { data: [stored] } };
    bodies.push({ path, ...body });
    if (path === 'custom-table/update') stored = { table: 'members', columns: body.columns as CustomTableSettings['columns'], is_default: false, updated_at: '2025-03-02T00:00:00.000Z' };
    if (path === 'custom-table/reset') stored = { table: 'members', columns: defaultCustomTableColumns('members'), is_default: true, updated_at: null };
    return { data: { data: stored } };
  }) as never);
}

const order = () => within(screen.getByTestId('column-settings')).getAllByRole('listitem').map((item) => item.getAttribute('data-testid')?.replace('column-', ''));

beforeEach(() => {
  session.role = 'manager';
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
  fakeApi();
});
afterEach(() => setLanguage('en'));

describe('custom table settings: the column order editor', () => {
  it('shows the defaults: every column in the catalogue order, custom fields and updated hidden', async () => {
    renderWithFreshCache(<MembersTableScreen />);
    await screen.findByTestId('custom-table-editor');
    expect(order()).toEqual(CUSTOM_TABLE_COLUMNS.members);
    expect(screen.getByTestId('custom-table-default')).toBeInTheDocument();
    expect(screen.getByTestId('column-toggle-custom_fields')).not.toBeChecked();
    expect(screen.getByTestId('column-toggle-name')).toBeChecked();
    expect(screen.getByTestId('column-up-name')).toBeDisabled();
    expect(screen.getByTestId('custom-table-reset')).toBeDisabled();
  });

  it('moves columns up and down, hides one, and saves the order for the company', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<MembersTableScreen />);
    await screen.findByTestId('custom-table-editor');
    await user.click(screen.getByTestId('column-up-phone_number'));
    await user.click(screen.getByTestId('column-down-name'));
    await user.click(screen.getByTestId('column-toggle-groups'));
    await user.click(screen.getByTestId('column-toggle-custom_fields'));
    expect(order().slice(0, 3)).toEqual(['phone_number', 'company_name', 'name']);
    expect(bodies).toEqual([]);
    await user.click(screen.getByTestId('custom-table-save'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    const saved = bodies[0] as { path: string; table: string; columns: { key: string; visible: boolean }[] };
    expect(saved.path).toBe('custom-table/update');
    expect(saved.table).toBe('members');
    expect(saved.columns.map((c) => c.key)).toEqual(['phone_number', 'company_name', 'name', 'groups', 'levels', 'custom_fields', 'created_at', 'updated_at']);
    expect(saved.columns.filter((c) => !c.visible).map((c) => c.key)).toEqual(['groups', 'updated_at']);
    expect(showToast).toHaveBeenCalledWith('The column settings were saved.');
    // The screen now shows the saved settings, no longer the defaults.
    await waitFor(() => expect(screen.queryByTestId('custom-table-default')).not.toBeInTheDocument());
    expect(order().slice(0, 3)).toEqual(['phone_number', 'company_name', 'name']);
  });

  it('keeps the last visible column', async () => {
    const user = userEvent.setup();
    renderWithFreshCache(<MembersTableScreen />);
    await screen.findByTestId('custom-table-editor');
    // custom_fields and updated_at start hidden.
    for (const key of ['phone_number', 'company_name', 'groups', 'levels', 'created_at']) await user.click(screen.getByTestId(`column-toggle-${key}`));
    expect(screen.getByTestId('column-toggle-name')).toBeDisabled();
  });

  it('goes back to the defaults', async () => {
    stored = { table: 'members', columns: [...defaultCustomTableColumns('members')].reverse(), is_default: false, updated_at: '2025-03-02T00:00:00.000Z' };
    const user = userEvent.setup();
    renderWithFreshCache(<MembersTableScreen />);
    await screen.findByTestId('custom-table-editor');
    expect(order()[0]).toBe('updated_at');
    await user.click(screen.getByTestId('custom-table-reset'));
    await waitFor(() => expect(order()[0]).toBe('name'));
    expect(bodies).toEqual([{ path: 'custom-table/reset', table: 'members' }]);
  });

  it('lets only managers change them', async () => {
    session.role = 'agent';
    renderWithFreshCache(<MembersTableScreen />);
    await screen.findByTestId('custom-table-editor');
    expect(screen.getByTestId('custom-table-save')).toBeDisabled();
    expect(screen.getByTestId('column-toggle-name')).toBeDisabled();
  });

  it('labels columns in Korean', async () => {
    setLanguage('kr');
    renderWithFreshCache(<MembersTableScreen />);
    await screen.findByTestId('custom-table-editor');
    expect(screen.getByTestId('column-name')).toHaveTextContent('이름');
  });
});

describe('the column catalogue is the lists’ columns', () => {
  it.each([
    ['members', memberView.columns],
    ['consultations', consultationView.columns],
  ] as const)('%s', (table, columns) => {
    expect(columns.map((c) => c.key)).toEqual(CUSTOM_TABLE_COLUMNS[table]);
    const hidden = defaultCustomTableColumns(table).filter((c) => !c.visible).map((c) => c.key);
    expect(columns.filter((c) => 'defaultHidden' in c && c.defaultHidden).map((c) => c.key)).toEqual(hidden);
  });
});
