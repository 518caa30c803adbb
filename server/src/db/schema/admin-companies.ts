import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from '../schema';

/**
 * Data destroys of the platform administrator (`management/company/data/destroy`,
 * docs/admin-companies.md): one row per job, updated as it goes, so any app process can answer its
 * progress. No cascade from the company: a job's row outlives a company destroyed afterwards.
 */
export const companyDataDestroyJobs = pgTable(
  'company_data_destroy_jobs',
  {
    id: serial('id').primaryKey(),
    /** Whose data; not `company_id`, so the job does not count as the company's own data. */
    targetCompanyId: integer('target_company_id')
      .notNull()
      .references(() => companies.id),
    /** `running`, `done` or `failed`. */
    state: text('state').$type<'running' | 'done' | 'failed'>().notNull().default('running'),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
    deleted: bigint('deleted', { mode: 'number' }).notNull().default(0),
    currentTable: text('current_table'),
    startedBy: integer('started_by'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped with each batch: a running job whose heartbeat is old died with its process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [
    index('company_data_destroy_jobs_company_idx').on(t.targetCompanyId, t.id),
    // One running job per company, whichever app process starts it (a second start is a 409).
    uniqueIndex('company_data_destroy_jobs_running_unique').on(t.targetCompanyId).where(sql`${t.state} = 'running'`),
  ],
);

export type CompanyDataDestroyJobRow = typeof companyDataDestroyJobs.$inferSelect;
