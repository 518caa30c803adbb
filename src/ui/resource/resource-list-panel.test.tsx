import { cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../api/http';
import { clearSession } from '../../api/storage';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { showToast } from '../feedback/toaster';
import { resetColumnSettings } from './column-settings-store';
import { ResourceListPanel } from './resource-list-panel';
import { axiosError, fakeThingServer, thingView } from './testing/thing-resource';
import { renderWithFreshCache } from './testing/render-resource';
import { rememberListQuery } from '../../api/list-query-memory';

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

describe('a query the server refuses (QA: a long search answered 422 and the list kept its old rows)', () => {
  const SEARCH_TOO_LONG = { message: 'Some fields need your attention.', errors: { search: ['A search can be at most 100 characters long.'] } };
  /** The fake server, refusing what the real one refuses: a search over 100 characters, and kind 'b' here (any filter can be refused). */
  function setupRefusing(options: { refuseKind?: boolean; failWith500?: string } = {}) {
    server = fakeThingServer(57);
    vi.mocked(http.post).mockImplementation(async (path: string, body?: unknown) => {
      const query = (body ?? {}) as Record<string, unknown>;
      if (path === 'thing/list' && typeof query.search === 'string' && query.search.length > 100) throw axiosError(422, SEARCH_TOO_LONG);
      if (path === 'thing/list' && options.refuseKind && query.kind === 'b') throw axiosError(422, { message: 'Some fields need your attention.', errors: { kind: ['Choose one of the kinds offered.'] } });
      if (path === 'thing/list' && options.failWith500 && query.search === options.failWith500) throw axiosError(500, { error: true, message: 'Something went wrong on the server.' });
      return server.handle(path, query) as never;
    });
    renderWithFreshCache(<ResourceListPanel view={thingView} subject={manager} />);
    return userEvent.setup();
  }

  it("caps the search box at the server's 100 characters", async () => {
    const user = setupRefusing();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const box = screen.getByTestId('resource-search');
    expect(box).toHaveAttribute('maxlength', '100');
    await user.click(box);
    await user.paste('a'.repeat(120));
    expect(box).toHaveValue('a'.repeat(100));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listBody()).toEqual({ page: 1, per_page: 10, search: 'a'.repeat(100) }));
    expect(await screen.findByTestId('list-empty')).toBeInTheDocument();
  });

  it('says why beside the search box and shows no stale rows; a search it takes brings the rows back', async () => {
    const user = setupRefusing();
    await waitFor(() => expect(rows()).toHaveLength(10));
    const box = screen.getByTestId('resource-search');
    // What the cap cannot stop (autofill, a script) is still refused by the server.
    fireEvent.change(box, { target: { value: 'x'.repeat(150) } });
    await user.click(screen.getByTestId('resource-search-submit'));
    const rejected = await screen.findByTestId('list-rejected');
    expect(rejected).toHaveTextContent('The list cannot be shown for this search or filter');
    expect(rejected).toHaveTextContent('A search can be at most 100 characters long.');
    expect(screen.queryAllByTestId(/^row-/)).toHaveLength(0);
    expect(screen.queryByTestId('page-range')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')).toHaveTextContent('A search can be at most 100 characters long.');

    await user.clear(box);
    await user.type(box, 'thing 05{Enter}');
    await waitFor(() => expect(rows()).toHaveLength(8));
    expect(screen.queryByTestId('list-rejected')).not.toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'false');
    expect(box).not.toHaveAttribute('aria-describedby');
  });

  it('a remembered search the server refuses says so from the start', async () => {
    rememberListQuery(`${window.location.pathname}|thing`, {}, { page: 1, per_page: 10, search: 'y'.repeat(101) });
    setupRefusing();
    expect(await screen.findByTestId('list-rejected')).toHaveTextContent('A search can be at most 100 characters long.');
    expect(screen.getByTestId('resource-search')).toHaveAttribute('aria-invalid', 'true');
  });

  it('a refused filter says why too, without marking the search box', async () => {
    const user = setupRefusing({ refuseKind: true });
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.selectOptions(screen.getByTestId('filter-kind'), 'b');
    expect(await screen.findByTestId('list-rejected')).toHaveTextContent('Choose one of the kinds offered.');
    expect(screen.queryAllByTestId(/^row-/)).toHaveLength(0);
    expect(screen.getByTestId('resource-search')).toHaveAttribute('aria-invalid', 'false');
    await user.selectOptions(screen.getByTestId('filter-kind'), 'a');
    await waitFor(() => expect(rows()).toHaveLength(10));
  });

  it("any other failure of a new query shows the error with a retry, not the previous query's rows", async () => {
    const user = setupRefusing({ failWith500: 'boom' });
    await waitFor(() => expect(rows()).toHaveLength(10));
    await user.type(screen.getByTestId('resource-search'), 'boom{Enter}');
    expect(await screen.findByTestId('list-error')).toHaveTextContent('Something went wrong on the server.');
    expect(screen.queryAllByTestId(/^row-/)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
