import { customType, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../schema';

/** Raw bytes: PGlite answers a Uint8Array, node-postgres a Buffer (which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The files of entities' file fields (docs/resources.md "File fields"), one row per record and field.
 * Kept in the database rather than under DATA_DIR: every app process serves them (REDIS_URL deployments),
 * a record and its file are written and removed in one transaction (no orphans, no half-written file),
 * backups hold them, and PGlite and PostgreSQL behave alike. The bytes are stored uncompressed and out of
 * line (migration: SET STORAGE EXTERNAL), so a range request reads only the chunks it needs. Not a column
 * of the entity's own table: lists select whole rows and must not drag the bytes along.
 */
export const entityFiles = pgTable(
  'entity_files',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** The entity's name (`sound-file`), its record's id and the file field. */
    entity: text('entity').notNull(),
    recordId: integer('record_id').notNull(),
    field: text('field').notNull(),
    /** Detected from the content, never taken from the client. */
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** SHA-256 (hex) of the bytes: the stream's ETag. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('entity_files_record_field_unique').on(t.entity, t.recordId, t.field), index('entity_files_company_idx').on(t.companyId)],
);

export type EntityFileRow = typeof entityFiles.$inferSelect;
