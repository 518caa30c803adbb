import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { AUTO_CALL_RESULTS, type AutoCallResult } from '../../../../src/api/contracts/auto-call.contract';
import { autoCallCampaigns } from './entities';

/**
 * The numbers of auto-call campaigns (the campaigns are an entity: `auto_call_campaigns`, entities.ts) each dials
 * (docs/auto-call.md). A number is kept normalised (digits, like members'), once per campaign; the
 * company's member with that number is found when it is read (services/auto-call-numbers). The runner takes due numbers by
 * `(company_id, campaign_id, result, next_attempt_at)`: `result` null while the number has not ended,
 * `next_attempt_at` null until it is tried (then the earliest time of its next try).
 */
const stamp = (name: string) => timestamp(name, { withTimezone: true });

export const autoCallNumbers = pgTable(
  'auto_call_numbers',
  {
    id: serial('id').primaryKey(),
    // No foreign key to companies: the campaign's (with its cascade) already ties the number to a company
    // that exists, and every number is written by a statement that joins its campaign on both ids. One
    // check fewer per row is a third of what an upload of 100,000 numbers spent in foreign-key triggers
    // (docs/benchmarks.md "Auto-call upload").
    companyId: integer('company_id').notNull(),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => autoCallCampaigns.id, { onDelete: 'cascade' }),
    /** Normalised digits (normalisePhoneNumber). */
    phoneNumber: text('phone_number').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** How the number ended (CONTRACT §13); null until then. */
    result: text('result').$type<AutoCallResult>(),
    /** When the next try is due; null before the first. */
    nextAttemptAt: stamp('next_attempt_at'),
    lastAttemptAt: stamp('last_attempt_at'),
    /** The call of the last try (its uniqueid in the call log). */
    uniqueid: text('uniqueid'),
    createdAt: stamp('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('auto_call_numbers_campaign_number_unique').on(t.campaignId, t.phoneNumber),
    index('auto_call_numbers_due_idx').on(t.companyId, t.campaignId, t.result, t.nextAttemptAt),
    check('auto_call_numbers_result_check', sql.raw(`"result" is null or "result" in (${AUTO_CALL_RESULTS.map((r) => `'${r}'`).join(', ')})`)),
  ],
);

export type AutoCallNumberRow = typeof autoCallNumbers.$inferSelect;
