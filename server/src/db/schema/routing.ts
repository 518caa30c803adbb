import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
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
