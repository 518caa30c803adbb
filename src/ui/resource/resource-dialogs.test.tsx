import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { currentError, dismissError } from '../feedback/error-store';
import { showToast } from '../feedback/toaster';
import { ResourceListPanel } from './resource-list-panel';
import { axiosError, fakeThingServer, thingView } from './testing/thing-resource';
import { renderWithFreshCache } from './testing/render-resource';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const manager = makeUserInfo({ role: 'manager', username: 'manager' });
let server: ReturnType<typeof fakeThingServer>;

async function setup(count = 3) {
  server = fakeThingServer(count);
  vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body as Record<string, unknown>) as never);
  renderWithFreshCache(<ResourceListPanel view={thingView} subject={manager} />);
  const user = userEvent.setup();
  await screen.findByTestId('row-1');
  return user;
}
const writes = () => server.requests.filter((r) => r.path !== 'thing/list');

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
  dismissError();
});

describe('add and edit form', () => {
  it('checks fields with the contract before sending', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('resource-add'));
    await user.click(await screen.findByTestId('resource-form-save'));
    expect(screen.getByTestId('name-errors')).toHaveTextContent('Please enter the member group name.');
    expect(writes()).toEqual([]);
    // The field with the message takes the focus (and so comes into view in a long form).
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Group name/)));
  });

  it('shows a server 422 under its field and keeps the dialog open', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('resource-add'));
    await user.type(await screen.findByLabelText(/^Group name/), 'taken');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(await screen.findByTestId('name-errors')).toHaveTextContent('A member group with this name already exists.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Group name/)));
    expect(screen.getByTestId('resource-form')).toBeInTheDocument();
    expect(currentError()).toBeNull();
    expect(showToast).not.toHaveBeenCalled();
  });

  it('sends anything other than a 422 to the error dialog', async () => {
    const user = await setup();
    vi.mocked(http.post).mockRejectedValueOnce(axiosError(500, { error: true, message: 'Something went wrong on our side.' }));
    await user.click(screen.getByTestId('resource-add'));
    await user.type(await screen.findByLabelText(/^Group name/), 'new one');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(currentError()?.message).toBe('Something went wrong on our side.'));
  });

  it('adds a record, closes, confirms and refreshes the list', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('resource-add'));
    await user.type(await screen.findByLabelText(/^Group name/), 'brand new');
    await user.selectOptions(screen.getByTestId('kind'), 'b');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('Saved.'));
    expect(server.lastRequest('thing/store')).toEqual({ name: 'brand new', kind: 'b' });
    expect(await screen.findByTestId('row-4')).toHaveTextContent('brand new');
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());
  });
});

describe('closing a form with typing in it (QA: Escape emptied a half-typed member)', () => {
  it('asks first; staying keeps the typing, closing throws it away', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('resource-add'));
    await user.type(await screen.findByLabelText(/^Group name/), 'half typed');
    await user.keyboard('{Escape}');
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('What you typed here is not saved yet and will be lost.');
    // Cancel is where the focus starts: an Enter pressed once too often keeps the typing.
    expect(screen.getByTestId('confirm-cancel')).toHaveFocus();
    await user.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^Group name/)).toHaveValue('half typed');

    // The form's own Cancel asks too; this time the answer is to close.
    await user.click(screen.getByTestId('resource-form-cancel'));
    await user.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());
    await user.click(screen.getByTestId('resource-add'));
    expect(await screen.findByLabelText(/^Group name/)).toHaveValue('');
    expect(writes()).toEqual([]);
  });

  it('closes at once when nothing was typed, or typing was taken back, and after a save', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('resource-add'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());

    await user.click(screen.getByTestId('edit-1'));
    const name = await screen.findByLabelText(/^Group name/);
    await user.type(name, 'x');
    await user.type(name, '{Backspace}');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());

    await user.click(screen.getByTestId('resource-add'));
    await user.type(await screen.findByLabelText(/^Group name/), 'kept');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(screen.queryByTestId('resource-form')).not.toBeInTheDocument());
    expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument();
  });
});

describe('rename confirmation (specification §5)', () => {
  it('asks before renaming; cancel sends nothing, confirm updates', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('edit-1'));
    const name = await screen.findByLabelText(/^Group name/);
    await user.clear(name);
    await user.type(name, 'renamed');
    await user.click(screen.getByTestId('resource-form-save'));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent(
      'Renaming “thing 001” to “renamed” also changes the existing consultation and member records that use it. Continue?',
    );
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(writes()).toEqual([]);
    await user.click(screen.getByTestId('resource-form-save'));
    await user.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(server.lastRequest('thing/update')).toEqual({ id: 1, name: 'renamed', kind: 'a' }));
    expect(await screen.findByTestId('row-1')).toHaveTextContent('renamed');
  });

  it('does not ask when the name stays the same', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('edit-2'));
    await user.selectOptions(await screen.findByTestId('kind'), 'a');
    await user.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(server.lastRequest('thing/update')).toEqual({ id: 2, name: 'thing 002', kind: 'a' }));
    expect(screen.queryByTestId('confirm-message')).not.toBeInTheDocument();
  });
});

describe('delete confirmation', () => {
  it('names the record; cancel keeps it, confirm deletes it', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('delete-2'));
    expect(await screen.findByTestId('confirm-message')).toHaveTextContent('Delete “thing 002”? This cannot be undone.');
    await user.click(screen.getByTestId('confirm-cancel'));
    expect(writes()).toEqual([]);
    await user.click(screen.getByTestId('delete-2'));
    await user.click(await screen.findByTestId('confirm-accept'));
    await waitFor(() => expect(screen.queryByTestId('row-2')).not.toBeInTheDocument());
    expect(writes()).toEqual([{ path: 'thing/delete/2', body: {} }]);
    expect(showToast).toHaveBeenCalledWith('Deleted.');
  });
});

describe('view', () => {
  it('shows every column of the record', async () => {
    const user = await setup();
    await user.click(screen.getByTestId('view-3'));
    const detail = await screen.findByTestId('resource-detail');
    expect(within(detail).getByText('thing 003')).toBeInTheDocument();
    expect(within(detail).getByText('a')).toBeInTheDocument();
  });
});
