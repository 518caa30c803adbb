import { bigserial, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../schema';

/**
 * The platform administrator's tables (docs/administration.md): company API keys and the audit log.
 */

/**
 * Company API keys (`/admin/management/api-key`, CONTRACT §10): what `company/login { apiKey }` signs in
 * with. Only the key's SHA-256 is kept (unique across companies, a sign-in finds the key by it); the key
 * itself is in the answer of `management/api-key/store` once. A revoked key keeps its row
 * (`revoked_at`), so the list still shows it, and no longer signs in.
 */
export const companyApiKeys = pgTable(
  'company_api_keys',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_api_keys_key_hash_unique').on(t.keyHash), index('company_api_keys_company_idx').on(t.companyId)],
);

/**
 * What the platform administrator did as someone else (`login_as`, specification §6) and the destroys of
 * a company, written with the act. No foreign keys: an entry outlives the users and companies it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    actorUserId: integer('actor_user_id').notNull(),
    action: text('action').notNull(),
    targetUserId: integer('target_user_id'),
    targetCompanyId: integer('target_company_id'),
    ip: text('ip'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt), index('audit_log_target_company_idx').on(t.targetCompanyId, t.createdAt)],
);

export type CompanyApiKeyRow = typeof companyApiKeys.$inferSelect;
export type AuditLogRow = typeof auditLog.$inferSelect;
