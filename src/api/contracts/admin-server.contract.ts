import { z } from 'zod';
import { defineEntity } from '../entities/define-entity';
import { countField, enumField, textField } from '../entities/entity-fields';
import { recordIdNumber } from './input-bounds';

/**
 * The platform's servers (issue 20 item 4, CONTRACT §10 `admin-server`, `admin-database`, `admin-node`):
 * the CTI servers, database servers and announcement nodes companies use. Platform-owned, not a
 * company's: the administrator alone reads and writes them, and their rows have no `company_id`
 * (server/src/db/platform-scope.ts). Each is described once here; the routes, the list and its
 * add/edit/view/delete dialogs are derived from it (docs/servers.md).
 */

const ADMIN_ONLY = { roles: ['admin'] as const };
const ADMIN_ACCESS = { read: ADMIN_ONLY, write: ADMIN_ONLY };

const nameField = (taken: string) => textField({ required: 'validation.server_name_required', unique: taken, search: true, sort: true, max: 100 });
const hostField = () => textField({ search: true, sort: true, max: 255 });
const portField = () => countField({ min: 0, max: 65_535, default: 0 });

/** How a CTI server is reached: the app's own `/cti` in-process, an Asterisk box, or the legacy HTTP API. */
export const CTI_SERVER_KINDS = ['builtin', 'asterisk', 'legacy_http'] as const;
export const DATABASE_KINDS = ['builtin', 'postgresql'] as const;
export const NODE_KINDS = ['builtin', 'socket_io'] as const;
export const URL_SCHEMES = ['http', 'https'] as const;

/** /admin/servers/servers: the CTI servers a company's CTI server is chosen from. */
export const adminServerEntity = defineEntity({
  name: 'admin-server',
  table: 'platform_cti_servers',
  fields: {
    name: nameField('validation.server_name_taken'),
    kind: enumField(CTI_SERVER_KINDS, { required: 'validation.server_kind_required', filter: true, sort: true }),
    scheme: enumField(URL_SCHEMES, { default: 'http', hidden: true }),
    host: hostField(),
    port: portField(),
    /** Where the CTI API lives on the host (`/cti` for the built-in one, `/` for a legacy box). */
    base_path: textField({ max: 255 }),
  },
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  access: ADMIN_ACCESS,
});

/** /admin/servers/databases: the database servers (the app's own, PostgreSQL servers). */
export const adminDatabaseEntity = defineEntity({
  name: 'admin-database',
  table: 'platform_database_servers',
  fields: {
    name: nameField('validation.server_name_taken'),
    kind: enumField(DATABASE_KINDS, { required: 'validation.server_kind_required', filter: true, sort: true }),
    host: hostField(),
    port: portField(),
    database: textField({ max: 100 }),
    /** Who the health check signs in as for `select 1`; blank: a TCP connect only. */
    username: textField({ max: 100, hidden: true }),
  },
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  access: ADMIN_ACCESS,
});

/** /admin/servers/nodes: announcement nodes (specification §3: domain, port, namespace). */
export const adminNodeEntity = defineEntity({
  name: 'admin-node',
  table: 'platform_nodes',
  fields: {
    name: nameField('validation.server_name_taken'),
    kind: enumField(NODE_KINDS, { required: 'validation.server_kind_required', filter: true, sort: true }),
    domain: textField({ search: true, sort: true, max: 255 }),
    /** The host the node listens on, when it differs from the domain browsers use (blank: the domain). */
    host: textField({ max: 255, hidden: true }),
    port: portField(),
    namespace: textField({ max: 100 }),
  },
  defaultSort: { sort_by: 'name', sort_order: 'asc' },
  access: ADMIN_ACCESS,
});

export const PLATFORM_SERVER_ENTITIES = [adminServerEntity, adminDatabaseEntity, adminNodeEntity] as const;
export type PlatformServerEntity = (typeof PLATFORM_SERVER_ENTITIES)[number];

/** `POST <path>/health` `{ id }`: probes the server now, with a short timeout. */
export const healthBodySchema = z.object({ id: recordIdNumber('validation.invalid_value') }).strict();
export const HEALTH_STATUSES = ['up', 'down'] as const;
export const healthResultSchema = z.object({
  status: z.enum(HEALTH_STATUSES),
  latency_ms: z.number().int(),
  checked_at: z.string(),
  error: z.string().optional(),
});
export type HealthResult = z.infer<typeof healthResultSchema>;
export const healthResponseSchema = z.object({ data: healthResultSchema });

/** `POST admin-server/choices`: the CTI servers a company may use, with the address it is given. */
export const ctiServerChoiceSchema = z.object({ id: z.number().int(), name: z.string(), url: z.string() });
export type CtiServerChoice = z.infer<typeof ctiServerChoiceSchema>;
export const ctiServerChoicesResponseSchema = z.object({ data: z.array(ctiServerChoiceSchema) });

/** `POST admin/daily-report/send` `{ company_id }`: the daily report of yesterday (Asia/Seoul), now. */
export const dailyReportSendBodySchema = z.object({ company_id: recordIdNumber('validation.invalid_value') }).strict();
export const dailyReportFiguresSchema = z.object({
  day: z.string(),
  calls_total: z.number().int(),
  inbound_total: z.number().int(),
  inbound_answered: z.number().int(),
  abandoned: z.number().int(),
  outbound: z.number().int(),
  callbacks_requested: z.number().int(),
  callbacks_done: z.number().int(),
});
export type DailyReportFigures = z.infer<typeof dailyReportFiguresSchema>;
export const dailyReportSendResponseSchema = z.object({
  data: z.object({ sent: z.boolean(), recipients: z.array(z.string()), figures: dailyReportFiguresSchema, reason: z.enum(['no_recipient', 'smtp_not_configured']).optional() }),
});
export type DailyReportOutcome = z.infer<typeof dailyReportSendResponseSchema>['data'];
