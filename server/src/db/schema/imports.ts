import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ImportEntity, ImportStatusName } from '../../../../src/api/contracts/import.contract';
import { companies, users } from '../schema';

/**
 * Excel imports once started (docs/import-export.md "Imports survive a restart"). The upload itself is
 * not stored: a preview lives in the memory of the process that received it, and a resume asks for the
 * same file again (checked by `file_sha256`). What is here says what went in, so a server that stopped
 * halfway still answers the status, and a resume continues after the last committed chunk.
 *
 * Progress columns (`processed`, `inserted`, `failed`, `last_row`, `problems`) are written by each
 * chunk's own transaction, so they always equal what is committed. `owner` is the app instance running
 * the job and `updated_at` its heartbeat: every committed chunk and every 10 s; a running job whose
 * owner is silent for 30 s (or, on PGlite, any running job not held by this process) is `interrupted`.
 */

const stamp = (name: string) => timestamp(name, { withTimezone: true });

/** One problem of a refused row as kept here: its message as an id, translated when answered. */
export interface StoredImportProblem {
  row: number;
  field: string;
  column: string;
  message_id: string;
}

export const importJobs = pgTable(
  'import_jobs',
  {
    /** The preview's id, kept when the import starts. */
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    entity: text('entity').$type<ImportEntity>().notNull(),
    fileName: text('file_name').notNull(),
    fileSize: integer('file_size').notNull(),
    /** SHA-256 of the uploaded bytes (hex): a resume accepts this very file only. */
    fileSha256: text('file_sha256').notNull(),
    status: text('status').$type<ImportStatusName>().notNull(),
    /** Field key → column index; null until known (a one-shot import takes the suggested mapping). */
    mapping: jsonb('mapping').$type<Record<string, number | null> | null>(),
    totalRows: integer('total_rows').notNull().default(0),
    /** Data rows covered by the committed chunks (blank and refused ones included): a resume skips as many. */
    processed: integer('processed').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    /** The sheet row number of the last committed row; 0 before the first chunk. */
    lastRow: integer('last_row').notNull().default(0),
    /** The first problems (as many as the status answers), for a status read from here. */
    problems: jsonb('problems')
      .$type<StoredImportProblem[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    problemsTruncated: boolean('problems_truncated').notNull().default(false),
    /** Why it failed: message ids said one after the other. */
    failureIds: jsonb('failure_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The app instance that runs it (a random id per process start); null once it has ended. */
    owner: text('owner'),
    createdAt: stamp('created_at').notNull().defaultNow(),
    startedAt: stamp('started_at'),
    parsedAt: stamp('parsed_at'),
    finishedAt: stamp('finished_at'),
    /** The last sign of life: each committed chunk, the owner's heartbeat, each change of status. */
    updatedAt: stamp('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('import_jobs_company_user_idx').on(t.companyId, t.userId, t.entity, t.status),
    index('import_jobs_status_updated_idx').on(t.status, t.updatedAt),
    check('import_jobs_status_check', sql`${t.status} in ('queued', 'parsing', 'importing', 'done', 'failed', 'interrupted')`),
    check('import_jobs_entity_check', sql`${t.entity} in ('member', 'consultation', 'auto-call')`),
  ],
);

export type ImportJobRow = typeof importJobs.$inferSelect;
