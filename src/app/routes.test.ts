import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ADMIN_ROUTES, APP_ROUTES, defaultChildPath, joinPath, NOT_AVAILABLE_YET, ROUTES, type RouteDef } from './routes';
import { menuFor } from './layouts/menu-model';
import { makeUserInfo } from '../api/testing/make-user-info';
import { COMPANY_PERMISSIONS } from '../api/permissions/catalogue';

function allPaths(defs: readonly RouteDef[], parent = ''): string[] {
  return defs.flatMap((def) => {
    const path = parent ? joinPath(parent, def.path) : def.path;
    return [...(def.index ? [] : [path]), ...allPaths(def.children ?? [], path)];
  });
}

/** Specification section 2, written out path by path. */
const SPEC_PATHS = [
  '/login', '/404', '/public/notify-schedules',
  '/dashboard', '/dashboard/registration-status', '/dashboard/announcements',
  '/configuration', '/configuration/caller-id',
  '/configuration/members/groups', '/configuration/members/levels', '/configuration/members/custom-fields',
  '/configuration/consultation/inquiry', '/configuration/consultation/department', '/configuration/consultation/big',
  '/configuration/consultation/small', '/configuration/consultation/custom-fields',
  '/configuration/inbound/ring-group', '/configuration/inbound/callback-group', '/configuration/inbound/ivr',
  '/configuration/task/category',
  '/configuration/custom-tables/members', '/configuration/custom-tables/consultations',
  '/configuration/custom-tables/inbound-details', '/configuration/custom-tables/outbound-details',
  '/slogan', '/users',
  '/consultations', '/consultations/consultations', '/consultations/callbacks', '/consultations/import',
  '/members', '/member/import', '/tasks', '/projects',
  '/messages', '/messages/history', '/messages/category', '/messages/callback-number', '/messages/template',
  '/my-account', '/my-account/personal-information', '/my-account/change-password',
  '/fax', '/queues', '/time-conditions', '/transfers',
  '/call-statistics', '/call-statistics/inbound-details', '/call-statistics/outbound-details',
  '/call-statistics/inbound-statistics', '/call-statistics/call-statistics', '/call-statistics/extension-status-data-analysis',
  '/message-management', '/message-management/sent-history', '/message-management/received-history',
  '/schedules', '/upload-sound-file', '/auto-call-system', '/auto-call-system/public', '/agent-api-key',
  '/branch-extension', '/blacklist',
  '/admin/dashboard', '/admin/announcements',
  '/admin/management', '/admin/management/company', '/admin/management/api-key', '/admin/management/manager',
  '/admin/ring-group', '/admin/messages/load',
  '/admin/my-account', '/admin/my-account/personal-information', '/admin/my-account/change-password',
  '/admin/tasks', '/admin/servers', '/admin/servers/servers', '/admin/servers/databases', '/admin/servers/nodes',
];

/** Screens the product adds beyond the specification. */
// The inbound numbers' list (CONTRACT §10 `inbound-number`): the specification names no route for them.
// The routing simulator and flow view (docs/routing.md "What happens to this call?").
// The queues' list (CONTRACT §10 `queue`, docs/queues.md "Queues"), beside the ring groups.
const PRODUCT_PATHS = ['/inspector', '/admin/inspector', '/configuration/inbound/numbers', '/configuration/inbound/simulate', '/configuration/inbound/queue'];

describe('route table', () => {
  it('holds exactly the routes of specification section 2, plus the product\'s own', () => {
    expect(allPaths(ROUTES).sort()).toEqual([...SPEC_PATHS, ...PRODUCT_PATHS].sort());
  });

  it('has no duplicate path', () => {
    const paths = allPaths(ROUTES);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keeps admin routes for the admin and app routes for managers and agents', () => {
    expect(ADMIN_ROUTES.every((def) => def.area === 'admin' && def.roles?.join() === 'admin')).toBe(true);
    expect(APP_ROUTES.every((def) => def.area === 'app' && def.roles?.every((r) => r !== 'admin'))).toBe(true);
  });

  it('opens a section at its index child or its first child', () => {
    const find = (path: string) => ROUTES.find((def) => def.path === path)!;
    expect(defaultChildPath(find('/dashboard'))).toBe('/dashboard');
    expect(defaultChildPath(find('/consultations'))).toBe('/consultations/consultations');
    expect(defaultChildPath(find('/admin/servers'))).toBe('/admin/servers/servers');
  });
});

describe('docs/screens.md', () => {
  /** Every route with its full path; an index child is written `parent (index)`, as the doc does. */
  function flatten(defs: readonly RouteDef[], parent = ''): Array<[string, RouteDef]> {
    return defs.flatMap((def): Array<[string, RouteDef]> => {
      const path = def.index ? `${parent} (index)` : parent ? joinPath(parent, def.path) : def.path;
      return [[path, def], ...flatten(def.children ?? [], path)];
    });
  }

  it('says truthfully which screens are built and which are not available yet', () => {
    const doc = readFileSync(resolve(process.cwd(), 'docs/screens.md'), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\| `([^`]+)` \|.*\| ([^|]+) \|$/gm)].map((m) => [m[1]!, m[2]!.includes('not available yet')]),
    );
    const specRoutes = flatten(ROUTES).filter(([path]) => !PRODUCT_PATHS.includes(path));
    const wrong = specRoutes
      .filter(([path, def]) => rows.get(path) !== (def.screen === NOT_AVAILABLE_YET))
      .map(([path]) => path);
    expect(wrong).toEqual([]);
  });
});

describe('menu derived from the route table', () => {
  const label = (entries: ReturnType<typeof menuFor>): string[] =>
    entries.flatMap((entry) => [entry.labelId, ...label(entry.children)]);

  it('gives the admin the admin menu', () => {
    const admin = makeUserInfo({ role: 'admin', permissions: [], company: null, companyPermissions: [] });
    expect(label(menuFor(admin))).toEqual([
      'menu.dashboard', 'menu.announcements', 'menu.management', 'menu.companies', 'menu.api_keys', 'menu.managers',
      'menu.ring_groups', 'menu.sms_load', 'menu.my_account', 'menu.tasks', 'menu.servers', 'menu.servers',
      'menu.databases', 'menu.nodes', 'menu.inspector',
    ]);
  });

  it('gives a manager of a fully enabled company every app entry', () => {
    const manager = makeUserInfo({ role: 'manager', permissions: [], companyPermissions: [...COMPANY_PERMISSIONS] });
    const labels = label(menuFor(manager));
    for (const id of ['menu.dashboard', 'menu.registration_status', 'menu.configuration', 'menu.members', 'menu.consultations',
      'menu.callbacks', 'menu.queues_board', 'menu.tasks', 'menu.schedules', 'menu.call_statistics', 'menu.blacklist',
      'menu.agent_api_keys', 'menu.branch_extension', 'menu.auto_call_system', 'menu.auto_call_system_public']) {
      expect(labels).toContain(id);
    }
  });

  it('filters by permission: an agent with only `consultations` sees consultations and my account', () => {
    const agent = makeUserInfo({ permissions: ['consultations'] });
    // Development builds (and so the tests) open the statechart inspector to agents too.
    const devOnly = import.meta.env.DEV ? ['menu.inspector'] : [];
    expect(label(menuFor(agent))).toEqual(['menu.consultations', 'menu.my_account', ...devOnly]);
  });

  it('is empty without a user', () => {
    expect(menuFor(null)).toEqual([]);
  });
});
