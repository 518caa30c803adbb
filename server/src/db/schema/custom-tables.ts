import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CustomTableColumn, CustomTableKey } from '../../../../src/api/contracts/custom-table.contract';
import { companies, users } from '../schema';

/**
 * Custom table settings (issue 4 item 7): one row per company and table, holding the columns in display
 * order with their visibility. No row means the defaults of the column catalogue
 * (src/api/contracts/custom-table.contract.ts).
 */
export const customTableSettings = pgTable(
  'custom_table_settings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    tableKey: text('table_key').$type<CustomTableKey>().notNull(),
    columns: jsonb('columns').$type<CustomTableColumn[]>().notNull(),
    /** The manager who saved them last. */
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('custom_table_settings_company_table_unique').on(t.companyId, t.tableKey),
    check('custom_table_settings_table_check', sql`${t.tableKey} in ('members', 'consultations', 'inbound-details', 'outbound-details')`),
  ],
);
