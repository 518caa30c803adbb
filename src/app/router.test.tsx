import { screen, waitFor } from '@testing-library/react';
import en from '../i18n/messages/en.json';
import { setNavigate, signInAs, signOut } from '../shell/session/testing/session-actor-stub';
import { renderRoute } from './guards/testing/render-route';
import { makeUserInfo } from '../api/testing/make-user-info';
import { COMPANY_PERMISSIONS } from '../api/permissions/catalogue';
import { ADMIN_ROUTES, APP_ROUTES, joinPath, type RouteDef } from './routes';
import { ENTITIES } from '../api/entities/entity-catalogue';

vi.mock('../shell/session/session-actor', () => import('../shell/session/testing/session-actor-stub'));

const renderAt = (path: string) => renderRoute(path).router;

const manager = makeUserInfo({ username: 'manager', role: 'manager', permissions: [] });
const admin = makeUserInfo({ username: 'admin', role: 'admin', permissions: [], company: null, companyPermissions: [] });
const agentWithoutDashboard = makeUserInfo({ username: 'agent2', permissions: [] });

afterEach(async () => {
  setNavigate(null);
  await signOut();
});

describe('routing rules (specification section 2)', () => {
  it('sends / to /login', async () => {
    const router = renderAt('/');
    expect(await screen.findByTestId('login-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends an unknown path to the not-found page, which needs no token', async () => {
    const router = renderAt('/no/such/page');
    expect(await screen.findByTestId('not-found')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
  });

  it.each(['/members', '/dashboard', '/admin/announcements', '/my-account/change-password', '/window/member/add'])(
    'sends a signed-out visitor of %s to /login',
    async (path) => {
      const router = renderAt(path);
      expect(await screen.findByTestId('login-form')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
    },
  );

  it('renders /public/notify-schedules without a token', async () => {
    const router = renderAt('/public/notify-schedules');
    expect(await screen.findByTestId('not-available-yet')).toHaveTextContent('Schedule notifications');
    expect(router.state.location.pathname).toBe('/public/notify-schedules');
  });

  it('sends a signed-in manager who opens /login to /dashboard', async () => {
    await signInAs(manager);
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByTestId('app-shell')).toBeInTheDocument();
  });

  it('sends a signed-in admin who opens /login to the admin dashboard, which shows the announcements', async () => {
    await signInAs(admin);
    const router = renderAt('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcements'));
    expect(await screen.findByTestId('resource-list-announcement', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows "no permission" for a route whose permission the user lacks', async () => {
    await signInAs(agentWithoutDashboard);
    renderAt('/dashboard');
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(screen.getByTestId('app-shell')).toBeInTheDocument();
  });

  it.each([
    ['an agent', makeUserInfo(), '/configuration/caller-id'],
    ['an admin', admin, '/members'],
    ['a manager', manager, '/admin/management/company'],
  ])('shows "no permission" when %s opens %s (role)', async (_who, user, path) => {
    await signInAs(user);
    renderAt(path);
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
  });

  it('opens a section at its first child', async () => {
    await signInAs(manager);
    const router = renderAt('/my-account');
    // Generous timeouts: the lazy screen loads a chunk, which is slow on a loaded CI machine.
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account/personal-information'), { timeout: 5000 });
    expect(await screen.findByTestId('personal-information-form', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('shows a section only the tabs the user may open, and opens it at the first of them', async () => {
    await signInAs(makeUserInfo({ permissions: ['callbacks'] }));
    const router = renderAt('/consultations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/consultations/callbacks'), { timeout: 5000 });
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual([en['route.consultations.callbacks']]);
  });

  it('sends /admin to the admin dashboard and on to the announcements', async () => {
    await signInAs(admin);
    const router = renderAt('/admin');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/announcements'));
  });

  it('mounts pop-up routes in the bare pop-up layout, without the shell', async () => {
    await signInAs(manager);
    renderAt('/window/view-task/1');
    expect(await screen.findByTestId('not-available-yet')).toHaveTextContent(en['popup.view-task']);
    expect(screen.getByTestId('popup-layout')).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();
  });

  it.each(['/window/consultation/edit-custom-field/1', '/window/consultation/add-custom-field', '/window/user/add', '/window/user/edit-permission/2'])(
    'refuses the manager-only pop-up %s to an agent who opens it by its address',
    async (path) => {
      await signInAs(makeUserInfo({ permissions: ['dashboard', 'consultations', 'members'] }));
      renderAt(path);
      expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
      expect(screen.getByTestId('popup-layout')).toBeInTheDocument();
    },
  );

  it.each([
    ['/window/member/add', ['dashboard', 'consultations']],
    ['/window/member/outbound/list/한빛상사', ['dashboard', 'consultations']],
    ['/window/outbound/1/edit-consultation/1', ['dashboard', 'members']],
    ['/window/outbound/1/view-consultation/1', ['dashboard', 'members']],
  ] as const)('refuses %s to an agent without the permission its API asks for (QA: the form loaded, then failed on save)', async (path, permissions) => {
    await signInAs(makeUserInfo({ permissions: [...permissions] }));
    renderAt(path);
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
  });

  it('opens a manager-only pop-up for the manager', async () => {
    await signInAs(manager);
    renderAt('/window/consultation/add-custom-field');
    expect(await screen.findByTestId('consultation-add-custom-field-popup', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('no-permission')).not.toBeInTheDocument();
  });

  it('sets the page title from the route', async () => {
    await signInAs(manager);
    renderAt('/dashboard/registration-status');
    await waitFor(() => expect(document.title).toBe('Registration status · Call Centre'));
  });

  it('after signing in on /login, goes where redirectAfterLogin says', async () => {
    const router = renderAt('/login');
    await screen.findByTestId('login-form');
    await signInAs(makeUserInfo({ username: 'user' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/announcements'));
  });
});

function leafPaths(defs: readonly RouteDef[], parent = ''): string[] {
  return defs.flatMap((def) => {
    const path = parent ? joinPath(parent, def.path) : def.path;
    return def.children ? leafPaths(def.children, path) : [path];
  });
}

const fullManager = makeUserInfo({ username: 'manager', role: 'manager', permissions: [], companyPermissions: [...COMPANY_PERMISSIONS] });
const BUILT_SCREENS: Record<string, string> = {
  '/my-account/personal-information': 'personal-information-form',
  '/my-account/change-password': 'change-password-form',
  '/admin/my-account/personal-information': 'personal-information-form',
  '/admin/my-account/change-password': 'change-password-form',
  '/inspector': 'inspector-page',
  '/members': 'resource-list-member',
  '/configuration/members/groups': 'resource-list-member-group',
  '/configuration/members/levels': 'resource-list-member-level',
  '/configuration/members/custom-fields': 'resource-list-member-custom-field',
  '/configuration/consultation/inquiry': 'resource-list-consultation-inquiry',
  '/configuration/consultation/department': 'resource-list-consultation-department',
  '/configuration/consultation/big': 'resource-list-consultation-big-category',
  '/configuration/consultation/small': 'resource-list-consultation-small-category',
  '/configuration/consultation/custom-fields': 'resource-list-consultation-custom-field',
  '/configuration/custom-tables/members': 'custom-table-members',
  '/member/import': 'import-upload',
  '/consultations/import': 'import-upload',
  '/configuration/custom-tables/consultations': 'custom-table-consultations',
  '/configuration/custom-tables/inbound-details': 'custom-table-inbound-details',
  '/configuration/custom-tables/outbound-details': 'custom-table-outbound-details',
  '/consultations/consultations': 'resource-list-consultation',
  '/consultations/callbacks': 'resource-list-callback',
  '/users': 'resource-list-users',
  '/call-statistics/inbound-details': 'resource-list-call',
  '/call-statistics/outbound-details': 'resource-list-call',
  '/call-statistics/inbound-statistics': 'statistics-report-inbound',
  '/call-statistics/call-statistics': 'statistics-report-calls',
  '/call-statistics/extension-status-data-analysis': 'extension-status-screen',
  '/dashboard': 'dashboard-overview',
  '/dashboard/registration-status': 'registration-status',
  '/admin/inspector': 'inspector-page',
  '/configuration/inbound/simulate': 'routing-simulate-screen',
  '/admin/ring-group': 'resource-list-admin-ring-group',
  '/admin/management/api-key': 'resource-list-management-api-key',
  '/admin/management/manager': 'resource-list-management-manager',
  '/admin/management/company': 'resource-list-admin-company',
  // The platform's servers (docs/servers.md): each described once, outside the companies' catalogue.
  '/admin/servers/servers': 'resource-list-admin-server',
  '/admin/servers/databases': 'resource-list-admin-database',
  '/admin/servers/nodes': 'resource-list-admin-node',
  // Announcements (docs/announcements.md): the admin's dashboard is them.
  '/dashboard/announcements': 'resource-list-announcement',
  '/admin/dashboard': 'resource-list-announcement',
  '/admin/announcements': 'resource-list-announcement',
  '/slogan': 'slogan-form',
  '/queues': 'queue-board',
  // Auto-call campaigns (issue 19): each variant's list (src/features/auto-call).
  '/auto-call-system': 'resource-list-auto-call',
  '/auto-call-system/public': 'resource-list-auto-call',
  // Entities listed on a route show their derived list (src/app/entities).
  ...Object.fromEntries(ENTITIES.flatMap((entity) => (entity.screens.list ? [[entity.screens.list, `resource-list-${entity.name}`]] : []))),
};

describe('every screen of the table opens for a user allowed to see it', () => {
  it.each([
    ...leafPaths(APP_ROUTES).map((path) => [path, fullManager] as const),
    ...leafPaths(ADMIN_ROUTES).map((path) => [path, admin] as const),
  ])('%s', async (path, user) => {
    await signInAs(user);
    renderAt(path);
    const expected = BUILT_SCREENS[path] ?? 'not-available-yet';
    expect(await screen.findByTestId(expected, {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('no-permission')).not.toBeInTheDocument();
  });
});
