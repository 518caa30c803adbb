import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router-dom';
import type { Announcement } from '../../api/contracts/announcement.contract';
import type { UserInfo } from '../../api/contracts/session.contract';
import { http } from '../../api/http';
import type * as StorageModule from '../../api/storage';
import type { RealtimeConnection } from '../../api/realtime/socket';
import { makeUserInfo } from '../../api/testing/make-user-info';
import { openPopup } from '../../shell/popups/open-popup';
import { PopupContext, type PopupContextValue } from '../../shell/popups/popup-context';
import { showToast } from '../../ui/feedback/toaster';
import { resetColumnSettings } from '../../ui/resource/column-settings-store';
import { renderWithFreshCache } from '../../ui/resource/testing/render-resource';
import { AnnouncementAlerts } from './announcement-alerts';
import { AddAnnouncementPopup, ViewAnnouncementPopup } from './announcement-popups';
import AnnouncementsScreen from './announcements-screen';
import { AnnouncementBell, CompanySlogan } from './header-parts';
import SloganScreen from './slogan-screen';

vi.mock('../../api/http', () => ({ http: { post: vi.fn() } }));
vi.mock('../../shell/popups/open-popup', () => ({ openPopup: vi.fn() }));
vi.mock('../../ui/feedback/toaster', () => ({ showToast: vi.fn(async () => {}) }));
const users: Record<string, UserInfo> = {
  agent: makeUserInfo(),
  manager: makeUserInfo({ role: 'manager', username: 'manager', permissions: [] }),
  admin: makeUserInfo({ role: 'admin', username: 'admin', permissions: [], company: null, companyPermissions: [] }),
};
let current: UserInfo = users.agent!;
vi.mock('../../shell/session/session-selectors', () => ({ useUserInfo: () => current }));
vi.mock('../../api/storage', async (original) => ({ ...(await original<typeof StorageModule>()), getUserInfo: () => current }));

const STAMP = '2026-11-20T01:00:00.000Z';
const record = (overrides: Partial<Announcement>): Announcement => ({
  id: 1,
  title: 'Title',
  content: 'Body',
  audience: 'company',
  company_ids: [],
  published_at: STAMP,
  pinned: false,
  platform: false,
  read: true,
  created_at: STAMP,
  updated_at: STAMP,
  ...overrides,
});
// As the server answers: pinned first.
const LIST = [
  record({ id: 3, title: 'Pinned rules', pinned: true }),
  record({ id: 2, title: 'Maintenance Sunday', audience: 'all', platform: true, read: false }),
  record({ id: 1, title: 'Team lunch', content: 'Line one\nLine two <b>not bold</b>' }),
];

type Call = { path: string; body: Record<string, unknown> };
function serve(extra: (call: Call) => unknown = () => undefined) {
  const calls: Call[] = [];
  let slogan: string | null = 'Every call matters';
  vi.mocked(http.post).mockImplementation((async (path: string, body: Record<string, unknown> = {}) => {
    const call = { path, body };
    calls.push(call);
    const answer = extra(call);
    if (answer !== undefined) return { data: answer };
    if (path === 'announcement/list') return { data: { data: LIST, current_page: 1, per_page: 10, total: LIST.length, last_page: 1 } };
    if (path === 'announcement/view') return { data: { data: LIST.find((a) => a.id === body.id) } };
    if (path.startsWith('announcement/read/')) return { data: { data: { ...LIST.find((a) => `announcement/read/${a.id}` === path)!, read: true } } };
    if (path === 'announcement/unread') return { data: { unread: LIST.filter((a) => !a.read).length } };
    if (path === 'announcement/companies') return { data: { data: [{ id: 2, name: 'Acme Support' }, { id: 1, name: 'Demo Call Centre' }] } };
    if (path === 'announcement/store') return { data: { data: record({ id: 9, title: String(body.title) }) } };
    if (path === 'slogan') return { data: { data: { slogan } } };
    if (path === 'slogan/update') {
      slogan = String(body.slogan).trim() || null;
      return { data: { data: { slogan } } };
    }
    throw new Error(`unexpected ${path}`);
  }) as never);
  return calls;
}

function inPopup(ui: ReactElement, params: Record<string, string> = {}) {
  const close = vi.fn();
  const popup: PopupContextValue = { popupId: 'p', presentation: 'dialog', params, query: {}, close };
  renderWithFreshCache(<PopupContext.Provider value={popup}>{ui}</PopupContext.Provider>);
  return close;
}

/** A socket the test drives: `fire` delivers a server event. */
function fakeConnection() {
  const listeners = new Map<string, ((payload: unknown) => void)[]>();
  const connection = {
    connected: true,
    on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    emit: vi.fn(),
    removeAllListeners: () => listeners.clear(),
    disconnect: vi.fn(),
  };
  const fire = (event: string, payload: unknown) => act(() => (listeners.get(event) ?? []).forEach((listener) => listener(payload)));
  return { connection: connection as unknown as RealtimeConnection, fire, listeners };
}

class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
  static shown: { title: string; options?: NotificationOptions }[] = [];
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, ...(options ? { options } : {}) });
  }
  close() {}
}

beforeEach(() => {
  vi.mocked(http.post).mockReset();
  vi.mocked(openPopup).mockClear();
  vi.mocked(showToast).mockClear();
  resetColumnSettings();
  current = users.agent!;
  FakeNotification.permission = 'granted';
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the list', () => {
  it('shows them in the server’s order (pinned first), pinned and unread marked; View opens view-announcement', async () => {
    serve();
    renderWithFreshCache(<AnnouncementsScreen />);
    await screen.findByTestId('row-3');
    const rows = within(screen.getByTestId('resource-table')).getAllByTestId(/^row-/);
    expect(rows.map((row) => row.getAttribute('data-testid'))).toEqual(['row-3', 'row-2', 'row-1']);
    expect(screen.getByTestId('announcement-pinned-3')).toBeInTheDocument();
    expect(screen.queryByTestId('announcement-pinned-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('announcement-unread-2')).toHaveTextContent('Unread');
    expect(screen.queryByTestId('announcement-unread-1')).not.toBeInTheDocument();
    expect(screen.getByTestId('row-2')).toHaveTextContent('Platform: All companies');
    // An agent reads only: no add, edit or delete.
    expect(screen.queryByTestId('resource-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('edit-1')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('view-2'));
    expect(openPopup).toHaveBeenCalledWith('view-announcement', { id: 2 });
  });

  it('a manager adds and edits the company’s; the platform’s edit and delete are refused with the reason', async () => {
    current = users.manager!;
    serve();
    renderWithFreshCache(<AnnouncementsScreen />);
    await screen.findByTestId('row-1');
    await userEvent.click(screen.getByTestId('resource-add'));
    expect(openPopup).toHaveBeenCalledWith('add-announcement');
    await userEvent.click(screen.getByTestId('edit-1'));
    expect(openPopup).toHaveBeenCalledWith('edit-announcement', { id: 1 });
    const edit = screen.getByTestId('edit-2');
    expect(edit).toHaveAttribute('aria-disabled', 'true');
    expect(edit).toHaveAttribute('title', 'Platform announcements are written by the platform administrator.');
    expect(screen.getByTestId('delete-2')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('the pop-ups', () => {
  it('the admin addresses chosen companies: the companies appear for that choice and are sent as ids', async () => {
    current = users.admin!;
    const calls = serve();
    const close = inPopup(<AddAnnouncementPopup />);
    await userEvent.type(await screen.findByTestId('title'), 'Acme billing');
    await userEvent.type(screen.getByTestId('content'), 'New prices');
    expect(screen.queryByText('Acme Support')).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText(/^For/), 'companies');
    await userEvent.click(await screen.findByLabelText('Acme Support'));
    await userEvent.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(calls.find((c) => c.path === 'announcement/store')?.body).toMatchObject({ title: 'Acme billing', content: 'New prices', audience: 'companies', company_ids: [2], pinned: false });
    expect(showToast).toHaveBeenCalledWith('Announcement saved.');
  });

  it('a manager’s form has no audience: it is the company’s', async () => {
    current = users.manager!;
    const calls = serve();
    inPopup(<AddAnnouncementPopup />);
    await userEvent.type(await screen.findByTestId('title'), 'Lunch');
    await userEvent.type(screen.getByTestId('content'), 'At noon');
    expect(screen.queryByLabelText(/^For/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('resource-form-save'));
    await waitFor(() => expect(calls.some((c) => c.path === 'announcement/store')).toBe(true));
    expect(calls.find((c) => c.path === 'announcement/store')?.body).toMatchObject({ audience: 'company', company_ids: [] });
  });

  it('the view shows the text as written (line breaks kept, HTML not rendered) and marks an unread one read', async () => {
    const calls = serve();
    inPopup(<ViewAnnouncementPopup />, { id: '1' });
    const content = await screen.findByTestId('announcement-content');
    expect(content.textContent).toBe('Line one\nLine two <b>not bold</b>');
    expect(content.querySelector('b')).toBeNull();
    expect(content).toHaveStyle({ whiteSpace: 'pre-wrap' });
    // Already read: not marked again.
    expect(calls.some((c) => c.path.startsWith('announcement/read/'))).toBe(false);
  });

  it('opening an unread one marks it read', async () => {
    const calls = serve();
    inPopup(<ViewAnnouncementPopup />, { id: '2' });
    await screen.findByTestId('announcement-view-popup');
    await waitFor(() => expect(calls.some((c) => c.path === 'announcement/read/2')).toBe(true));
  });
});

describe('a new announcement arriving', () => {
  it('toasts it with a View button, shows a desktop notification and reloads the lists', async () => {
    const calls = serve();
    const { connection, fire } = fakeConnection();
    renderWithFreshCache(
      <MemoryRouter>
        <AnnouncementAlerts connect={() => connection} />
        <AnnouncementBell />
      </MemoryRouter>,
    );
    expect(await screen.findByTestId('announcement-bell-count')).toHaveTextContent('1');
    const before = calls.filter((c) => c.path === 'announcement/unread').length;
    fire('announcement', { id: 7, title: 'Fire drill at 3' });
    await waitFor(() => expect(showToast).toHaveBeenCalled());
    const [message] = vi.mocked(showToast).mock.calls[0]!;
    render(message as ReactElement);
    expect(screen.getByTestId('announcement-toast')).toHaveTextContent('New announcement: Fire drill at 3');
    await userEvent.click(within(screen.getByTestId('announcement-toast')).getByRole('button', { name: 'View' }));
    expect(openPopup).toHaveBeenCalledWith('view-announcement', { id: 7 });
    expect(FakeNotification.shown).toEqual([{ title: 'New announcement', options: { body: 'Fire drill at 3', tag: 'announcement-7' } }]);
    await waitFor(() => expect(calls.filter((c) => c.path === 'announcement/unread').length).toBeGreaterThan(before));
  });

  it('no desktop notification without permission; a malformed event is ignored', async () => {
    FakeNotification.permission = 'default';
    serve();
    const { connection, fire } = fakeConnection();
    renderWithFreshCache(<AnnouncementAlerts connect={() => connection} />);
    fire('announcement', { id: 'x' });
    expect(showToast).not.toHaveBeenCalled();
    fire('announcement', { id: 8, title: 'Quiet' });
    await waitFor(() => expect(showToast).toHaveBeenCalled());
    expect(FakeNotification.shown).toEqual([]);
  });

  it('the admin, who writes them, opens no connection', () => {
    current = users.admin!;
    serve();
    const connect = vi.fn(() => fakeConnection().connection);
    renderWithFreshCache(<AnnouncementAlerts connect={connect} />);
    expect(connect).not.toHaveBeenCalled();
  });

  it('asks for the desktop permission only when the button is pressed', async () => {
    FakeNotification.permission = 'default';
    serve();
    renderWithFreshCache(<AnnouncementsScreen />);
    await screen.findByTestId('row-1');
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('announcement-notifications-enable'));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('announcement-notifications-enable')).not.toBeInTheDocument());
  });
});

describe('the slogan', () => {
  it('is in the header, and follows the company’s slogan event', async () => {
    serve();
    const { connection, fire } = fakeConnection();
    renderWithFreshCache(
      <>
        <AnnouncementAlerts connect={() => connection} />
        <CompanySlogan />
      </>,
    );
    expect(await screen.findByTestId('company-slogan')).toHaveTextContent('Every call matters');
    fire('slogan', { slogan: 'Smile on the phone' });
    await waitFor(() => expect(screen.getByTestId('company-slogan')).toHaveTextContent('Smile on the phone'));
    fire('slogan', { slogan: null });
    await waitFor(() => expect(screen.queryByTestId('company-slogan')).not.toBeInTheDocument());
  });

  it('a manager edits it on /slogan: over 100 characters is refused with a message; a save shows in the header at once', async () => {
    current = users.manager!;
    const calls = serve();
    renderWithFreshCache(
      <>
        <CompanySlogan />
        <SloganScreen />
      </>,
    );
    const input = await screen.findByTestId('slogan');
    await waitFor(() => expect(input).toHaveValue('Every call matters'));
    await userEvent.clear(input);
    await userEvent.type(input, 'x'.repeat(101));
    expect(screen.getByTestId('slogan-errors')).toHaveTextContent('The slogan can be at most 100 characters.');
    expect(screen.getByTestId('slogan-save')).toBeDisabled();
    await userEvent.clear(input);
    await userEvent.type(input, 'We pick up');
    await userEvent.click(screen.getByTestId('slogan-save'));
    await waitFor(() => expect(screen.getByTestId('company-slogan')).toHaveTextContent('We pick up'));
    expect(calls.find((c) => c.path === 'slogan/update')?.body).toEqual({ slogan: 'We pick up' });
    expect(showToast).toHaveBeenCalledWith('Slogan saved.');
  });
});
