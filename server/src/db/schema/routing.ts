import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from '../schema';

/**
 * The live routing of each company (docs/routing.md "Apply"): a copy of its routing records as they
 * were when a manager last pressed Apply. The records themselves are the staged routing; the PBX follows
 * this copy, so edits take effect only on Apply (specification section 4). One row per company;
 * `version` counts the applies.
 */
export const routingApplied = pgTable(
  'routing_applied',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    version: integer('version').notNull(),
    /** The RoutingConfig (src/api/routing/route-call.ts) that was staged when it was applied. */
    config: jsonb('config').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    appliedBy: integer('applied_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('routing_applied_company_unique').on(table.companyId)],
);

/**
 * The company work-time switch (docs/routing.md "Company work time"): forced open or closed until
 * `force_until` (the next change of span when it was set; null when the hours never change). A force
 * whose `force_until` has passed counts as none. One row per company, kept when the force is cleared.
 */
export const companyWorktime = pgTable(
  'company_worktime',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    force: text('force'),
    forcedAt: timestamp('forced_at', { withTimezone: true }),
    forceUntil: timestamp('force_until', { withTimezone: true }),
    forcedBy: integer('forced_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('company_worktime_company_unique').on(table.companyId), check('company_worktime_force_check', sql`${table.force} in ('open', 'closed')`)],
);
