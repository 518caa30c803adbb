import { index, integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from '../schema';
import { callerIds } from './entities';

/**
 * Which of their caller ids a user chose in the dial pad (docs/telephony.md "Caller ID"); one row per
 * user, none for a user who never chose (their calls carry the lowest id they may use). A choice that is
 * no longer theirs (removed from the caller id's users) is ignored, and goes with the caller id or user.
 */
export const callerIdChoices = pgTable(
  'caller_id_choices',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    callerIdId: integer('caller_id_id')
      .notNull()
      .references(() => callerIds.id, { onDelete: 'cascade' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('caller_id_choices_caller_id_idx').on(t.callerIdId)],
);
