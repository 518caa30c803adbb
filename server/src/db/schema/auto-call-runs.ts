import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AUTO_CALL_STATES, type AutoCallState } from '../../../../src/api/contracts/auto-call.contract';
import { companies } from '../schema';
import { autoCallCampaigns } from './entities';

/**
 * The run of each auto-call campaign (docs/auto-call.md "Runner"): the run statechart's persisted
 * snapshot (src/machines/auto-call-run), the CONTRACT state it maps to, and the lease that says which
 * app process dials it. A process holds a run while `lease_owner` is its id and `lease_until` is in the
 * future (the database's clock); it renews every 3 s, and another process claims the run once the lease
 * has run out, so a dead process's campaigns are taken over within one lease.
 */
export const autoCallRuns = pgTable(
  'auto_call_runs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => autoCallCampaigns.id, { onDelete: 'cascade' }),
    /** The CONTRACT state of `snapshot` (runStateOf): what the lease query looks for. */
    state: text('state').$type<AutoCallState>().notNull().default('ready'),
    /** `actor.getPersistedSnapshot()` of the run machine. */
    snapshot: jsonb('snapshot').notNull(),
    leaseOwner: text('lease_owner'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_call_runs_campaign_unique').on(t.campaignId),
    index('auto_call_runs_lease_idx').on(t.state, t.leaseUntil),
    check('auto_call_runs_state_check', sql.raw(`"state" in (${AUTO_CALL_STATES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

export type AutoCallRunRow = typeof autoCallRuns.$inferSelect;
