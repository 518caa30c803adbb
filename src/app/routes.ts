import type { IconName } from '@blueprintjs/icons';
import type { CompanyPermission, Role, UserPermission } from '../api/permissions/catalogue';
import type { MessageId } from '../i18n/message-ids';
import type { ScreenLoader } from '../ui/lazy/load-with-timeout';
import { entityListScreen } from './entities/entity-screens';

/**
 * The route table of specification section 2, as data (docs/interfaces-foundation.md). The router
 * (router.tsx) mounts it, the sidebar derives its menu from `menu`, docs/screens.md describes it.
 *
 * - Top-level paths are absolute; children's paths are relative to their parent.
 * - A parent with children shows them as tabs (SectionFrame); its bare path opens its `index` child, or
 *   else redirects to its first child.
 * - Access: `roles`, then `permission` (+ `companyPermission`) through the shared `can` (section 6).
 *   A child is checked on top of its parent. Which permission guards which screen is not in the
 *   specification; the choices here follow the catalogue's CRM menu names and are listed in docs/screens.md.
 * - A route an entity lists itself on (`screens.list`, src/api/entities/entity-catalogue.ts) shows that
 *   entity's derived list without a screen here.
 * - Screens a later piece of work builds load NotAvailableYet, which names the route's title.
 */
export type RouteArea = 'app' | 'admin' | 'public' | 'auth';

export interface RouteMenu {
  labelId: MessageId;
  icon: IconName;
}

export interface RouteDef {
  path: string;
  titleId: MessageId;
  area: RouteArea;
  permission?: UserPermission;
  companyPermission?: CompanyPermission;
  roles?: Role[];
  screen: ScreenLoader;
  children?: RouteDef[];
  menu?: RouteMenu;
  /** This child is what its parent's own path shows (react-router index route). */
  index?: boolean;
}

/** What a route a later piece of work builds shows (docs/screens.md marks these "not available yet"). */
export const NOT_AVAILABLE_YET: ScreenLoader = () => import('../ui/feedback/not-available-yet');
const section: ScreenLoader = () => import('../ui/page/section-frame');
const personalInformation: ScreenLoader = () => import('../features/my-account/personal-information-screen');
const changePassword: ScreenLoader = () => import('../features/my-account/change-password-screen');

const APP_ROLES: Role[] = ['manager', 'agent'];
/** The statechart inspector is for managers (and admins, at /admin/inspector); development builds open it to agents too. */
const INSPECTOR_ROLES: Role[] = import.meta.env.DEV ? ['manager', 'agent'] : ['manager'];
const inspector: ScreenLoader = () => import('../features/inspector/inspector-page');
/** The platform's servers (docs/servers.md): one module, a screen per entity. */
const platformServers =
  (name: 'ServersScreen' | 'DatabasesScreen' | 'NodesScreen'): ScreenLoader =>
  () =>
    import('../features/admin-servers/platform-servers-screen').then((module) => ({ default: module[name] }));
const MANAGER: Role[] = ['manager'];
const ADMIN: Role[] = ['admin'];

type Draft = Omit<RouteDef, 'area' | 'screen' | 'children'> & { screen?: ScreenLoader; children?: Draft[] };

/**
 * Fills the area into a subtree. A screen left out is the section's tabs for a parent, else the list of
 * the entity whose `screens.list` is this route's full path (src/app/entities), else not built yet.
 */
function inArea(area: RouteArea, roles: Role[] | undefined) {
  const fill = (draft: Draft, parent: string | null): RouteDef => {
    const fullPath = parent === null ? draft.path : joinPath(parent, draft.path);
    return {
      ...draft,
      area,
      roles: draft.roles ?? (parent === null ? roles : undefined),
      screen: draft.screen ?? (draft.children ? section : (entityListScreen(fullPath, parent === null) ?? NOT_AVAILABLE_YET)),
      children: draft.children?.map((child) => fill(child, fullPath)),
    };
  };
  return (drafts: Draft[]) => drafts.map((draft) => fill(draft, null));
}

const myAccountChildren: Draft[] = [
  { path: 'personal-information', titleId: 'route.my_account.personal_information', screen: personalInformation },
  { path: 'change-password', titleId: 'route.my_account.change_password', screen: changePassword },
];

export const APP_ROUTES: RouteDef[] = inArea('app', APP_ROLES)([
  {
    path: '/dashboard',
    titleId: 'route.dashboard',
    permission: 'dashboard',
    companyPermission: 'company_can_use_dashboard',
    screen: () => import('../features/dashboard/dashboard-frame'),
    menu: { labelId: 'menu.dashboard', icon: 'dashboard' },
    children: [
      { path: '', index: true, titleId: 'route.dashboard.overview', screen: () => import('../features/dashboard/dashboard-overview-screen') },
      {
        path: 'registration-status',
        titleId: 'route.dashboard.registration_status',
        screen: () => import('../features/registration-status/registration-status-screen'),
        menu: { labelId: 'menu.registration_status', icon: 'pulse' },
      },
      {
        path: 'announcements',
        titleId: 'route.dashboard.announcements',
        screen: () => import('../features/announcements/announcements-screen'),
        menu: { labelId: 'menu.announcements', icon: 'notifications' },
      },
    ],
  },
  {
    path: '/configuration',
    titleId: 'route.configuration',
    roles: MANAGER,
    menu: { labelId: 'menu.configuration', icon: 'cog' },
    children: [
      { path: 'caller-id', titleId: 'route.configuration.caller_id' },
      { path: 'members/groups', titleId: 'route.configuration.member_groups', screen: () => import('../features/member-settings/member-groups-screen') },
      { path: 'members/levels', titleId: 'route.configuration.member_levels', screen: () => import('../features/member-settings/member-levels-screen') },
      {
        path: 'members/custom-fields',
        titleId: 'route.configuration.member_custom_fields',
        screen: () => import('../features/member-settings/member-custom-fields-screen'),
      },
      { path: 'consultation/inquiry', titleId: 'route.configuration.inquiry', screen: () => import('../features/consultation-settings/inquiry-screen') },
      { path: 'consultation/department', titleId: 'route.configuration.department', screen: () => import('../features/consultation-settings/department-screen') },
      { path: 'consultation/big', titleId: 'route.configuration.big_category', screen: () => import('../features/consultation-settings/big-category-screen') },
      { path: 'consultation/small', titleId: 'route.configuration.small_category', screen: () => import('../features/consultation-settings/small-category-screen') },
      {
        path: 'consultation/custom-fields',
        titleId: 'route.configuration.consultation_custom_fields',
        screen: () => import('../features/consultation-settings/custom-fields-screen'),
      },
      { path: 'inbound/numbers', titleId: 'route.configuration.inbound_numbers' },
      { path: 'inbound/ring-group', titleId: 'route.configuration.ring_group' },
      { path: 'inbound/queue', titleId: 'route.configuration.queue' },
      { path: 'inbound/callback-group', titleId: 'route.configuration.callback_group' },
      { path: 'inbound/ivr', titleId: 'route.configuration.ivr' },
      // "What happens to this call?" and the flow view of the staged routing (docs/routing.md); the product's own route.
      { path: 'inbound/simulate', titleId: 'route.configuration.routing_simulate', screen: () => import('../features/routing-simulate/routing-simulate-screen') },
      { path: 'task/category', titleId: 'route.configuration.task_category' },
      { path: 'custom-tables/members', titleId: 'route.configuration.custom_table_members', screen: () => import('../features/custom-tables/members-table-screen') },
      {
        path: 'custom-tables/consultations',
        titleId: 'route.configuration.custom_table_consultations',
        screen: () => import('../features/custom-tables/consultations-table-screen'),
      },
      {
        path: 'custom-tables/inbound-details',
        titleId: 'route.configuration.custom_table_inbound_details',
        screen: () => import('../features/custom-tables/inbound-details-table-screen'),
      },
      {
        path: 'custom-tables/outbound-details',
        titleId: 'route.configuration.custom_table_outbound_details',
        screen: () => import('../features/custom-tables/outbound-details-table-screen'),
      },
    ],
  },
  { path: '/slogan', titleId: 'route.slogan', roles: MANAGER, screen: () => import('../features/announcements/slogan-screen'), menu: { labelId: 'menu.slogan', icon: 'citation' } },
  { path: '/users', titleId: 'route.users', roles: MANAGER, screen: () => import('../features/users/users-screen'), menu: { labelId: 'menu.manage_users', icon: 'people' } },
  {
    path: '/consultations',
    titleId: 'route.consultations',
    children: [
      {
        path: 'consultations',
        titleId: 'route.consultations.consultations',
        permission: 'consultations',
        screen: () => import('../features/consultations/consultations-screen'),
        menu: { labelId: 'menu.consultations', icon: 'chat' },
      },
      {
        path: 'callbacks',
        titleId: 'route.consultations.callbacks',
        permission: 'callbacks',
        screen: () => import('../features/callbacks/callbacks-screen'),
        menu: { labelId: 'menu.callbacks', icon: 'phone' },
      },
      {
        path: 'import',
        titleId: 'route.consultations.import',
        permission: 'consultations',
        screen: () => import('../features/consultation-import/consultation-import-screen'),
      },
    ],
  },
  {
    path: '/members',
    titleId: 'route.members',
    permission: 'members',
    screen: () => import('../features/members/members-screen'),
    menu: { labelId: 'menu.members', icon: 'id-number' },
  },
  {
    path: '/member/import',
    titleId: 'route.member_import',
    permission: 'members',
    screen: () => import('../features/member-import/member-import-screen'),
  },
  { path: '/tasks', titleId: 'route.tasks', permission: 'tasks', menu: { labelId: 'menu.tasks', icon: 'tick-circle' } },
  { path: '/projects', titleId: 'route.projects', permission: 'projects', menu: { labelId: 'menu.projects', icon: 'projects' } },
  {
    path: '/messages',
    titleId: 'route.messages',
    permission: 'messages',
    companyPermission: 'company_can_use_sms',
    menu: { labelId: 'menu.messages', icon: 'envelope' },
    children: [
      { path: 'history', titleId: 'route.messages.history', menu: { labelId: 'menu.sms_history', icon: 'history' } },
      { path: 'category', titleId: 'route.messages.category', menu: { labelId: 'menu.categories', icon: 'tag' } },
      {
        path: 'callback-number',
        titleId: 'route.messages.callback_number',
        menu: { labelId: 'menu.callback_numbers', icon: 'phone' },
      },
      { path: 'template', titleId: 'route.messages.template', menu: { labelId: 'menu.templates', icon: 'document' } },
    ],
  },
  {
    path: '/my-account',
    titleId: 'route.my_account',
    menu: { labelId: 'menu.my_account', icon: 'user' },
    children: myAccountChildren,
  },
  {
    path: '/fax',
    titleId: 'route.fax',
    permission: 'fax',
    companyPermission: 'company_can_use_fax',
    menu: { labelId: 'menu.fax', icon: 'print' },
  },
  {
    path: '/queues',
    titleId: 'route.queues',
    permission: 'queues',
    companyPermission: 'company_can_use_queue_board',
    menu: { labelId: 'menu.queues_board', icon: 'layout-grid' },
    screen: () => import('../features/queue-board/queue-board-screen'),
  },
  {
    path: '/time-conditions',
    titleId: 'route.time_conditions',
    permission: 'time_conditions',
    menu: { labelId: 'menu.time_conditions', icon: 'time' },
  },
  {
    path: '/transfers',
    titleId: 'route.transfers',
    permission: 'cti_call_forwarding',
    menu: { labelId: 'menu.transfers', icon: 'exchange' },
  },
  {
    path: '/call-statistics',
    titleId: 'route.call_statistics',
    permission: 'call_statistics',
    menu: { labelId: 'menu.call_statistics', icon: 'chart' },
    children: [
      {
        path: 'inbound-details',
        titleId: 'route.call_statistics.inbound_details',
        screen: () => import('../features/call-history/inbound-details-screen'),
        menu: { labelId: 'menu.inbound_details', icon: 'log-in' },
      },
      {
        path: 'outbound-details',
        titleId: 'route.call_statistics.outbound_details',
        screen: () => import('../features/call-history/outbound-details-screen'),
        menu: { labelId: 'menu.outbound_details', icon: 'log-out' },
      },
      {
        path: 'inbound-statistics',
        screen: () => import('../features/statistics/inbound-statistics-screen'),
        titleId: 'route.call_statistics.inbound_statistics',
        menu: { labelId: 'menu.inbound_statistics', icon: 'timeline-bar-chart' },
      },
      {
        path: 'call-statistics',
        screen: () => import('../features/statistics/call-statistics-screen'),
        titleId: 'route.call_statistics.call_statistics',
        menu: { labelId: 'menu.call_statistics_report', icon: 'grouped-bar-chart' },
      },
      {
        path: 'extension-status-data-analysis',
        screen: () => import('../features/statistics/extension-status-screen'),
        titleId: 'route.call_statistics.extension_status_data_analysis',
        menu: { labelId: 'menu.extension_status_data_analysis', icon: 'pie-chart' },
      },
    ],
  },
  {
    path: '/message-management',
    titleId: 'route.message_management',
    permission: 'messages',
    companyPermission: 'company_can_use_sms',
    menu: { labelId: 'menu.message_management', icon: 'inbox' },
    children: [
      { path: 'sent-history', titleId: 'route.message_management.sent_history' },
      { path: 'received-history', titleId: 'route.message_management.received_history' },
    ],
  },
  {
    path: '/schedules',
    titleId: 'route.schedules',
    permission: 'schedules',
    menu: { labelId: 'menu.schedules', icon: 'calendar' },
  },
  {
    path: '/upload-sound-file',
    titleId: 'route.upload_sound_file',
    permission: 'upload_sound_file',
    menu: { labelId: 'menu.sound_files', icon: 'music' },
  },
  {
    path: '/auto-call-system',
    titleId: 'route.auto_call_system',
    permission: 'auto_call_system',
    companyPermission: 'company_can_use_auto_call',
    screen: () => import('../features/auto-call/studymax-auto-call-screen'),
    menu: { labelId: 'menu.auto_call_system', icon: 'automatic-updates' },
  },
  {
    path: '/auto-call-system/public',
    titleId: 'route.auto_call_system_public',
    permission: 'auto_call_system',
    companyPermission: 'company_can_use_auto_call',
    screen: () => import('../features/auto-call/public-auto-call-screen'),
    menu: { labelId: 'menu.auto_call_system_public', icon: 'globe-network' },
  },
  {
    path: '/agent-api-key',
    titleId: 'route.agent_api_key',
    permission: 'agent_api_key',
    companyPermission: 'company_can_provide_agent_api',
    menu: { labelId: 'menu.agent_api_keys', icon: 'key' },
  },
  {
    path: '/branch-extension',
    titleId: 'route.branch_extension',
    permission: 'branch_extension',
    menu: { labelId: 'menu.branch_extension', icon: 'git-branch' },
  },
  {
    path: '/blacklist',
    titleId: 'route.blacklist',
    permission: 'blacklist',
    menu: { labelId: 'menu.blacklist', icon: 'blocked-person' },
  },
  {
    path: '/inspector',
    titleId: 'route.inspector',
    roles: INSPECTOR_ROLES,
    screen: inspector,
    menu: { labelId: 'menu.inspector', icon: 'diagram-tree' },
  },
]);

export const ADMIN_ROUTES: RouteDef[] = inArea('admin', ADMIN)([
  {
    path: '/admin/dashboard',
    titleId: 'route.admin.dashboard',
    screen: () => import('../features/admin-dashboard/admin-dashboard-screen'),
    menu: { labelId: 'menu.dashboard', icon: 'dashboard' },
  },
  {
    path: '/admin/announcements',
    titleId: 'route.admin.announcements',
    screen: () => import('../features/announcements/announcements-screen'),
    menu: { labelId: 'menu.announcements', icon: 'notifications' },
  },
  {
    path: '/admin/management',
    titleId: 'route.admin.management',
    menu: { labelId: 'menu.management', icon: 'office' },
    children: [
      {
        path: 'company',
        titleId: 'route.admin.management.company',
        screen: () => import('../features/admin-companies/admin-companies-screen'),
        menu: { labelId: 'menu.companies', icon: 'office' },
      },
      {
        path: 'api-key',
        titleId: 'route.admin.management.api_key',
        screen: () => import('../features/management/api-keys-screen'),
        menu: { labelId: 'menu.api_keys', icon: 'key' },
      },
      {
        path: 'manager',
        titleId: 'route.admin.management.manager',
        screen: () => import('../features/management/managers-screen'),
        menu: { labelId: 'menu.managers', icon: 'people' },
      },
    ],
  },
  {
    path: '/admin/ring-group',
    titleId: 'route.admin.ring_group',
    screen: () => import('../features/admin-ring-groups/admin-ring-groups-screen'),
    menu: { labelId: 'menu.ring_groups', icon: 'graph' },
  },
  { path: '/admin/messages/load', titleId: 'route.admin.messages_load', menu: { labelId: 'menu.sms_load', icon: 'envelope' } },
  {
    path: '/admin/my-account',
    titleId: 'route.my_account',
    menu: { labelId: 'menu.my_account', icon: 'user' },
    children: myAccountChildren,
  },
  { path: '/admin/tasks', titleId: 'route.tasks', menu: { labelId: 'menu.tasks', icon: 'tick-circle' } },
  {
    path: '/admin/servers',
    titleId: 'route.admin.servers',
    menu: { labelId: 'menu.servers', icon: 'database' },
    children: [
      { path: 'servers', titleId: 'route.admin.servers.servers', screen: platformServers('ServersScreen'), menu: { labelId: 'menu.servers', icon: 'server' } },
      { path: 'databases', titleId: 'route.admin.servers.databases', screen: platformServers('DatabasesScreen'), menu: { labelId: 'menu.databases', icon: 'database' } },
      { path: 'nodes', titleId: 'route.admin.servers.nodes', screen: platformServers('NodesScreen'), menu: { labelId: 'menu.nodes', icon: 'diagram-tree' } },
    ],
  },
  {
    path: '/admin/inspector',
    titleId: 'route.inspector',
    screen: inspector,
    menu: { labelId: 'menu.inspector', icon: 'diagram-tree' },
  },
]);

export const PUBLIC_ROUTES: RouteDef[] = inArea('public', undefined)([
  { path: '/public/notify-schedules', titleId: 'route.public.notify_schedules' },
  { path: '/404', titleId: 'route.not_found', screen: () => import('../features/errors/not-found-screen') },
]);

export const AUTH_ROUTES: RouteDef[] = inArea('auth', undefined)([
  { path: '/login', titleId: 'route.login', screen: () => import('../features/auth/login-screen') },
]);

/** The whole table. */
export const ROUTES: RouteDef[] = [...AUTH_ROUTES, ...PUBLIC_ROUTES, ...APP_ROUTES, ...ADMIN_ROUTES];

/** Joins a parent's absolute path and a child's relative path ('' for an index child). */
export function joinPath(parent: string, child: string): string {
  if (!child) return parent;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Where a parent's bare path leads: its index child, else its first child. */
export function defaultChildPath(def: RouteDef, allowed: (child: RouteDef) => boolean = () => true): string | null {
  const children = def.children ?? [];
  const open = children.filter(allowed);
  // The first child the user may open (an agent without consultations lands on the callbacks); when
  // none, the usual first one, which answers "No permission".
  const target = open.find((child) => child.index) ?? open[0] ?? children.find((child) => child.index) ?? children[0];
  return target ? joinPath(def.path, target.path) : null;
}
