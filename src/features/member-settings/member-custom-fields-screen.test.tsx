import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { currentError, dismissError } from '../../ui/feedback/error-store';
import { axiosError } from '../../ui/resource/testing/thing-resource';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import MemberCustomFieldsScreen from './member-custom-fields-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => makeUserInfo({ role: 'manager', username: 'manager' }) }));

const stamp = { created_at: '2025-03-01T01:00:00.000Z', updated_at: '2025-03-01T01:00:00.000Z' };
const CITY = { id: 5, name: 'city', field_type: 'text' as const, ...stamp };
const REFUSED = 'Members holding a value that is not a number: 3 (for example “부산”). Fix or clear those values first, then change the type.';

const updates: Record<string, unknown>[] = [];
beforeEach(() => {
  updates.length = 0;
  dismissError();
  vi.mocked(http.post).mockReset();
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown> = {}) => {
    if (path === 'member-custom-field/list') return { data: { data: [CITY], current_page: 1, per_page: 10, total: 1, last_page: 1 } };
    if (path === 'member-custom-field/update') {
      updates.push(body);
      // The server's answer when members hold values the new type does not take.
      throw axiosError(422, { message: 'The given data was invalid.', errors: { field_type: [REFUSED] } });
    }
    if (path === 'custom-table/list') return { data: { data: [] } };
    throw axiosError(404, { error: true, message: 'Not found' });
  }) as never);
});

describe('member custom fields: a type change the members’ values do not fit', () => {
  it('shows the server’s message under the type field and keeps the form open', async () => {
    renderWithFreshCache(<MemberCustomFieldsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('edit-5'));
    await user.selectOptions(await screen.findByTestId('field_type'), 'number');
    await user.click(screen.getByTestId('resource-form-save'));

    expect(await screen.findByTestId('field_type-errors')).toHaveTextContent(REFUSED);
    expect(updates).toEqual([{ id: 5, name: 'city', field_type: 'number' }]);
    expect(screen.getByTestId('resource-form')).toBeInTheDocument();
    expect(currentError()).toBeNull();
  });
});

describe('member custom fields: the type is always a real one', () => {
  it('offers Text, Number and Date with Text chosen, and no "Choose…" to fall back on', async () => {
    renderWithFreshCache(<MemberCustomFieldsScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByTestId('resource-add'));
    const type = await screen.findByTestId('field_type');
    expect(type).toHaveValue('text');
    expect([...(type as HTMLSelectElement).options].map((o) => o.value)).toEqual(['text', 'number', 'date']);
  });
});
