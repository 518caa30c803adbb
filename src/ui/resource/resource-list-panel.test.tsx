import { cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { clearSession } from '../../api/storage';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { showToast } from '../feedback/toaster';
import { resetColumnSettings } from './column-settings-store';
import { ResourceListPanel } from './resource-list-panel';
import { fakeThingServer, thingView } from './testing/thing-resource';
import { renderWithFreshCache } from './testing/render-resource';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));

const manager = makeUserInfo({ role: 'manager', username: 'manager' });
const agent = makeUserInfo();

let server: ReturnType<typeof fakeThingServer>;
function setup(count = 57, subject = manager) {
  server = fakeThingServer(count);
  vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body as Record<string, unknown>) as never);
  renderWithFreshCache(<ResourceListPanel view={thingView} subject={subject} />);
  return userEvent.setup();
}
const rows = () => screen.getAllByTestId(/^row-/);
const listBody = () => server.lastRequest('thing/list');

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(showToast).mockClear();
  resetColumnSettings();
});

describe('list and pagination', () => {
  it('asks for page 1 with 10 per page by default and shows the range', async () => {
    setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    expect(listBody()).toEqual({ page: 1, per_page: 10 });
    expect(screen.getByTestId('page-range')).toHaveTextContent('1–10 of 57');
  });

  it('changes the page size (10 to 100) and goes back to page 1', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByTestId('page-link-3'));
    await waitFor(() => expect(listBody()).toEqual({ page: 3, per_page: 10 }));
    const sizes = within(screen.getByTestId('page-size')).getAllByRole('option').map((o) => o.textContent);
    expect(sizes).toEqual(['10', '20', '30', '40', '50', '100']);
    await user.selectOptions(screen.getByTestId('page-size'), '20');
    await waitFor(() => expect(rows()).toHaveLength(20));
    expect(listBody()).toEqual({ page: 1, per_page: 20 });
  });

  it('links five pages either side of the current one', async () => {
    const user = setup(200);
    await waitFor(() => expect(rows()).toHaveLength(10));
    const links = () => screen.getAllByTestId(/^page-link-/).map((b) => Number(b.textContent));
    expect(links()).toEqual([1, 2, 3, 4, 5, 6]);
    await user.click(screen.getByTestId('page-link-6'));
    await waitFor(() => expect(links()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]));
    await user.click(screen.getByTestId('page-link-11'));
    await waitFor(() => expect(links()).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]));
    expect(screen.getByTestId('page-link-11')).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'Last page' }));
    await waitFor(() => expect(links()).toEqual([15, 16, 17, 18, 19, 20]));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByTestId('page-range')).toHaveTextContent('191–200 of 200');
  });
});

describe('search, filters and sort', () => {
  it('sends the search term and starts again at page 1', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByTestId('page-link-2'));
    await user.type(screen.getByTestId('resource-search'), 'thing 05{Enter}');
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10, search: 'thing 05' }));
    await waitFor(() => expect(rows()).toHaveLength(8));
  });

  it('sends a filter and drops it again for "all"', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.selectOptions(screen.getByTestId('filter-kind'), 'b');
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10, kind: 'b' }));
    await user.selectOptions(screen.getByTestId('filter-kind'), '');
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10 }));
  });

  it('sorts by a column header: ascending first, then descending', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10, sort_by: 'name', sort_order: 'asc' }));
    await user.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10, sort_by: 'name', sort_order: 'desc' }));
    await waitFor(() => expect(rows()[0]).toHaveTextContent('thing 057'));
  });

  // The header marks the contract's default order before any click (QA), and the first click on that
  // column flips it (QA: it asked for the same order again).
  it.each([
    ['descending', 'desc', 'ascending', 'asc'],
    ['ascending', 'asc', 'descending', 'desc'],
  ] as const)('a list sorted by name $0 by default: marked so, and the first click sorts it $2', async (shown, order, flipped, flippedOrder) => {
    server = fakeThingServer(5);
    vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body as Record<string, unknown>) as never);
    const byName = { ...thingView, contract: { ...thingView.contract, defaultSort: { sort_by: 'name', sort_order: order } } } as typeof thingView;
    renderWithFreshCache(<ResourceListPanel view={byName} subject={manager} />);
    const user = userEvent.setup();
    await waitFor(() => expect(rows()).toHaveLength(5));
    const nameHeader = () => screen.getByTestId('sort-name').closest('th');
    expect(nameHeader()).toHaveAttribute('aria-sort', shown);
    await user.click(screen.getByTestId('sort-name'));
    await waitFor(() => expect(nameHeader()).toHaveAttribute('aria-sort', flipped));
    expect(listBody()).toEqual({ page: 1, per_page: 10, sort_by: 'name', sort_order: flippedOrder });
  });

  it('says when nothing matches', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.type(screen.getByTestId('resource-search'), 'nothing like it{Enter}');
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('Nothing matches the search or filters.');
    // No "0–0 of 0" and no lone page 1 under it (QA); the page size stays.
    expect(screen.queryByTestId('page-range')).not.toBeInTheDocument();
    expect(screen.queryByTestId('page-link-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-size')).toBeInTheDocument();
  });

  it("an empty page under the screen's own starting filter is empty, not 'nothing matches' (QA: the open callbacks)", async () => {
    server = fakeThingServer(0);
    vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body as Record<string, unknown>) as never);
    renderWithFreshCache(<ResourceListPanel view={thingView} subject={manager} initialQuery={{ kind: 'a' }} />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('list-empty')).toHaveTextContent('Nothing here yet.');
    expect(listBody()).toEqual({ page: 1, per_page: 10, kind: 'a' });
    await user.selectOptions(screen.getByTestId('filter-kind'), 'b');
    await waitFor(() => expect(screen.getByTestId('list-empty')).toHaveTextContent('Nothing matches the search or filters.'));
  });
});

describe('column settings', () => {
  it('hides and reorders columns', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const headers = () => within(screen.getByTestId('resource-table')).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers()).toEqual(['Group name', 'Type', 'Actions']);
    await user.click(screen.getByTestId('column-settings-button'));
    await user.click(within(await screen.findByTestId('column-settings')).getByRole('button', { name: 'Move Group name down' }));
    expect(headers()).toEqual(['Type', 'Group name', 'Actions']);
    await user.click(within(screen.getByTestId('column-settings')).getByLabelText('Type'));
    expect(headers()).toEqual(['Group name', 'Actions']);
    // Kept for this tab through a reload (QA): the store is read again from sessionStorage.
    expect(JSON.parse(sessionStorage.getItem('columnSettings') ?? '{}')).toEqual({ thing: { order: ['kind', 'name'], hidden: ['kind'] } });
    vi.resetModules();
    const reloaded = await import('./column-settings-store');
    const { result } = renderHook(() => reloaded.useColumnSettings('thing', thingView.columns));
    expect(result.current.visible.map((c) => c.key)).toEqual(['name']);
    expect(result.current.customised).toBe(true);
    // QA: a user's own choice hid the company's columns for good; the reset brings them back.
    await user.click(screen.getByTestId('column-settings-reset'));
    expect(headers()).toEqual(['Group name', 'Type', 'Actions']);
    expect(screen.getByTestId('column-settings-reset')).toBeDisabled();
  });
});

describe('permissions', () => {
  it('shows add, edit and delete only to who may do them', async () => {
    setup(3, agent);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByTestId('resource-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-1')).not.toBeInTheDocument();
    expect(screen.queryByTestId('delete-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('view-1')).toBeInTheDocument();
  });
});

describe('where the list stood, after a reload', () => {
  it('comes back with its page size, search, filter and page; the search shows in the box (QA)', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.selectOptions(screen.getByTestId('page-size'), '20');
    await user.selectOptions(screen.getByTestId('filter-kind'), 'b');
    await user.type(screen.getByTestId('resource-search'), 'thing{Enter}');
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 20, kind: 'b', search: 'thing' }));
    cleanup();

    // The page loads again: the same list asks for what it showed.
    setup();
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 20, kind: 'b', search: 'thing' }));
    expect(screen.getByTestId('resource-search')).toHaveValue('thing');
    expect(screen.getByTestId('filter-kind')).toHaveValue('b');
  });

  it('a remembered page beyond the last one goes to the last page', async () => {
    const user = setup(57);
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.click(screen.getByTestId('page-link-6'));
    await waitFor(() => expect(listBody()).toEqual({ page: 6, per_page: 10 }));
    cleanup();
    setup(25);
    await waitFor(() => expect(listBody()).toEqual({ page: 3, per_page: 10 }));
    expect(screen.getByTestId('page-range')).toHaveTextContent('21–25 of 25');
  });

  it('another starting query (another member’s list) starts afresh', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.selectOptions(screen.getByTestId('page-size'), '30');
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 30 }));
    cleanup();
    server = fakeThingServer(57);
    vi.mocked(http.post).mockImplementation((path: string, body?: unknown) => server.handle(path, body as Record<string, unknown>) as never);
    renderWithFreshCache(<ResourceListPanel view={thingView} subject={manager} initialQuery={{ kind: 'a' }} />);
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10, kind: 'a' }));
  });

  it('sign-out forgets them all (a search can be a customer’s name)', async () => {
    const user = setup();
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.type(screen.getByTestId('resource-search'), 'thing 05{Enter}');
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10, search: 'thing 05' }));
    cleanup();
    clearSession();
    setup();
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10 }));
    expect(screen.getByTestId('resource-search')).toHaveValue('');
  });
});
