import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Language, LoginType, Role } from '../../../src/api/contracts/session.contract';

/**
 * Database schema, shared by PGlite and PostgreSQL. Column names are snake_case in SQL and camelCase in
 * TypeScript. Every company-owned table has `company_id`; queries on them go through the company scope
 * (`db/company-scope.ts`) so tenant isolation is applied in one place.
 *
 * Text columns with CHECK constraints are used instead of enums: adding a value later is a plain
 * migration, not an ALTER TYPE.
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Absolute URL of an external CTI server, or `/cti` for the built-in one (resolved per request). */
  ctiServer: text('cti_server').notNull().default('/cti'),
  permissions: textArray('permissions'),
  dcontext: text('dcontext'),
  webfaxContent: text('webfax_content'),
  keywords: text('keywords'),
  useBig: boolean('use_big').notNull().default(false),
  isFree: boolean('is_free').notNull().default(false),
  allowSimpleCrm: boolean('allow_simple_crm').notNull().default(false),
  /** Agents of the company may sign in with their agent API key only when this is set. */
  canProvideAgentApi: boolean('can_provide_agent_api').notNull().default(false),
  asteriskName: text('asterisk_name'),
  worktimeCheckUrl: text('worktime_check_url'),
  worktimeUpdateStatusUrl: text('worktime_update_status_url'),
  recordingLoginUrl: text('recording_login_url'),
  recordingUsername: text('recording_username'),
  /**
   * The recording server's password, sealed with AES-256-GCM (server/src/lib/secret-box.ts, SECRETS_KEY);
   * null: none. Never answered: views say `has_recording_password` (docs/admin-companies.md).
   */
  recordingPasswordSealed: text('recording_password_sealed'),
  dailyReportEmail: text('daily_report_email'),
  dailyReportCc: text('daily_report_cc'),
  /** Shown in the header of the company's users (/slogan, at most 100 characters); null: none. */
  slogan: text('slogan'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null only for the platform administrator. */
    companyId: integer('company_id').references(() => companies.id),
    role: text('role').$type<Role>().notNull(),
    name: text('name').notNull(),
    /** Unique forever: deleted users keep their row (deleted_at) so the name cannot be reused. */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    permissions: textArray('permissions'),
    extension: text('extension'),
    context: text('context'),
    status: text('status').$type<'active' | 'inactive'>().notNull().default('active'),
    language: text('language').$type<Language>().notNull().default('en'),
    queueReportStatus: boolean('queue_report_status').notNull().default(false),
    email: text('email'),
    mobile: text('mobile'),
    landline: text('landline'),
    avatar: text('avatar'),
    departmentId: integer('department_id'),
    scheduleTimeIn: time('schedule_time_in'),
    scheduleTimeOut: time('schedule_time_out'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_username_unique').on(t.username),
    index('users_company_id_idx').on(t.companyId),
    // One live user per extension within a company.
    uniqueIndex('users_company_extension_unique')
      .on(t.companyId, t.extension)
      .where(sql`${t.deletedAt} is null and ${t.extension} is not null`),
    check('users_role_check', sql`${t.role} in ('admin', 'manager', 'agent')`),
    check('users_status_check', sql`${t.status} in ('active', 'inactive')`),
    check('users_language_check', sql`${t.language} in ('en', 'kr')`),
    check('users_company_check', sql`(${t.role} = 'admin') = (${t.companyId} is null)`),
  ],
);

/**
 * Refresh tokens, one row per issued token. A login starts a family; each refresh marks the presented
 * token used and adds the next one to the same family. A used token presented again revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loginType: text('login_type').$type<LoginType>().notNull(),
    /**
     * The agent API key that started this login (`agent_api_keys.id`), on every token of the family:
     * revoking the key revokes the family. No foreign key: the revoked rows keep naming the deleted key
     * until they expire, which is how the revoke finds their sockets after its transaction.
     */
    agentApiKeyId: integer('agent_api_key_id'),
    /** The company API key that started this login (`company_api_keys.id`): revoking the key ends it. */
    companyApiKeyId: integer('company_api_key_id'),
    /**
     * The platform administrator who started this login with `users/login-as` (specification §6), on
     * every token of the family, so a refresh keeps saying so (docs/administration.md).
     */
    impersonatedBy: integer('impersonated_by'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_token_hash_unique').on(t.tokenHash),
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
    index('refresh_tokens_agent_api_key_id_idx').on(t.agentApiKeyId).where(sql`${t.agentApiKeyId} is not null`),
    index('refresh_tokens_company_api_key_id_idx').on(t.companyApiKeyId).where(sql`${t.companyApiKeyId} is not null`),
  ],
);

/** Failed sign-ins, kept in the database so throttling holds across several app processes. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * What is throttled: for `password` the lower-cased username as typed (unknown usernames are counted
     * too: no enumeration); for `api_key` the client address (company and agent API key sign-ins).
     */
    username: text('username').notNull(),
    kind: text('kind').$type<'password' | 'api_key'>().notNull().default('password'),
    ip: text('ip'),
    failedAt: timestamp('failed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_failures_username_failed_at_idx').on(t.username, t.failedAt)],
);

// `queues` (issue 18) is the queue entity's table: server/src/db/schema/entities.ts.

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    /** Digits only, domestic form (`+82 10-5555-0001` → `01055550001`); see lib/phone.ts. */
    phoneNumber: text('phone_number').notNull(),
    groups: textArray('groups'),
    levels: textArray('levels'),
    customFields: jsonb('custom_fields').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The member's own organisation (specification §3 "company name"), not the tenant; lists `member/company/{name}`. */
    companyName: text('company_name'),
  },
  (t) => [
    // The screen pop looks a caller up by (company, phone number): one index scan.
    index('members_company_phone_idx').on(t.companyId, t.phoneNumber),
    index('members_company_name_idx').on(t.companyId, t.name),
    index('members_company_company_name_idx').on(t.companyId, t.companyName),
    // Group and level filters (`groups @> array[...]`) and the rename cascades of member settings.
    index('members_groups_idx').using('gin', t.groups),
    index('members_levels_idx').using('gin', t.levels),
  ],
);

/**
 * Member settings (specification §2 /configuration/members/*). Members hold the names, not ids, so a
 * rename updates the members that use the old name in the same transaction (resources/member-settings).
 */
const memberSettingTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id')
        .notNull()
        .references(() => companies.id),
      name: text('name').notNull(),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
    },
    (t) => [uniqueIndex(`${name}_company_name_unique`).on(t.companyId, t.name)],
  );

export const memberGroups = memberSettingTable('member_groups');
export const memberLevels = memberSettingTable('member_levels');

export const memberCustomFields = pgTable(
  'member_custom_fields',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The key of the value inside `members.custom_fields`. */
    name: text('name').notNull(),
    fieldType: text('field_type').$type<'text' | 'number' | 'date'>().notNull().default('text'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('member_custom_fields_company_name_unique').on(t.companyId, t.name),
    check('member_custom_fields_type_check', sql`${t.fieldType} in ('text', 'number', 'date')`),
  ],
);

export type CompanyRow = typeof companies.$inferSelect;
export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

/** Tables of later areas, one file each (docs/working-in-parallel.md). */
export * from './schema/users-extra';
export * from './schema/calls';
export * from './schema/callbacks';
export * from './schema/consultations';
export * from './schema/custom-tables';
export * from './schema/imports';
export * from './schema/entities';
export * from './schema/caller-ids';
export * from './schema/entity-files';
export * from './schema/routing';
export * from './schema/queue-log';
export * from './schema/announcements';
export * from './schema/auto-call';
export * from './schema/auto-call-runs';
export * from './schema/administration';
export * from './schema/admin-companies';
export * from './schema/platform-servers';
