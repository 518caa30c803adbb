import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { CTI_SERVER_KINDS, DATABASE_KINDS, NODE_KINDS, URL_SCHEMES } from '../../../../src/api/contracts/admin-server.contract';
import { entityTables, type EntityTable } from '../entity-table-registry';

/**
 * The platform's servers (issue 20 item 4, docs/servers.md): owned by the platform, not by a company,
 * so unlike `entityTable` tables they have no `company_id`. Columns are keyed by the entity's field
 * names, as entity tables are, so the derived resource (entity-resource.ts) reads and writes them; the
 * routes reach them through a PlatformScope (db/platform-scope.ts). Names are unique regardless of case.
 */
const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const oneOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const platformCtiServers = pgTable(
  'platform_cti_servers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    kind: text('kind').notNull(),
    scheme: text('scheme').notNull().default('http'),
    host: text('host').notNull().default(''),
    port: integer('port').notNull().default(0),
    base_path: text('base_path').notNull().default(''),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('platform_cti_servers_name_unique').on(sql`lower(${t.name})`),
    check('platform_cti_servers_kind_check', sql`${t.kind} in (${oneOf(CTI_SERVER_KINDS)})`),
    check('platform_cti_servers_scheme_check', sql`${t.scheme} in (${oneOf(URL_SCHEMES)})`),
  ],
);

export const platformDatabaseServers = pgTable(
  'platform_database_servers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    kind: text('kind').notNull(),
    host: text('host').notNull().default(''),
    port: integer('port').notNull().default(0),
    database: text('database').notNull().default(''),
    username: text('username').notNull().default(''),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('platform_database_servers_name_unique').on(sql`lower(${t.name})`),
    check('platform_database_servers_kind_check', sql`${t.kind} in (${oneOf(DATABASE_KINDS)})`),
  ],
);

export const platformNodes = pgTable(
  'platform_nodes',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull().default(''),
    kind: text('kind').notNull(),
    domain: text('domain').notNull().default(''),
    host: text('host').notNull().default(''),
    port: integer('port').notNull().default(0),
    namespace: text('namespace').notNull().default(''),
    ...stamps(),
  },
  (t) => [
    uniqueIndex('platform_nodes_name_unique').on(sql`lower(${t.name})`),
    check('platform_nodes_kind_check', sql`${t.kind} in (${oneOf(NODE_KINDS)})`),
  ],
);

/**
 * The job scheduler's claims (docs/jobs.md): one row per job and slot (its due moment). Every process
 * inserts the due slot's row with `on conflict do nothing`; the one whose insert wrote it runs the job.
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    id: serial('id').primaryKey(),
    jobName: text('job_name').notNull(),
    /** When the run was due (the slot's moment). */
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** Which process claimed it (host:pid), for the log. */
    claimedBy: text('claimed_by').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [uniqueIndex('scheduled_job_runs_job_slot_unique').on(t.jobName, t.slot), index('scheduled_job_runs_slot_idx').on(t.slot)],
);

// The derived server resource finds an entity's table by name (entity-table.ts `tableOfEntity`).
// These have no company_id: only PlatformScope reaches them.
const register = (name: string, table: unknown) => entityTables.set(name, table as EntityTable & { companyId: AnyPgColumn });
register('admin-server', platformCtiServers);
register('admin-database', platformDatabaseServers);
register('admin-node', platformNodes);
