import { z } from 'zod';

/**
 * Building blocks that keep input within what PostgreSQL can take (issue 15): a value beyond them used
 * to reach the database and fail there, a 500 instead of a 422 naming the field. Use them in every
 * contract that takes an id or a day. (NUL characters are refused for every route by the server's
 * input guard, server/src/plugins/input-guard.ts.)
 */

/** The largest value of PostgreSQL's `integer` (every serial id column); 2147483648 would overflow. */
export const MAX_RECORD_ID = 2_147_483_647;

type IdMessage = 'validation.id_invalid' | 'validation.invalid_value' | 'validation.small_category_big_required';

/**
 * A record id: a positive whole number an integer column holds, from a number or its text (path
 * parameters, query strings and form fields arrive as text). Anything else is `messageId`.
 */
export const recordIdNumber = (messageId: IdMessage = 'validation.id_invalid') =>
  z.preprocess(
    // Only numbers and their text: `true` or `[5]` would otherwise coerce to an id.
    (value) => (typeof value === 'number' || typeof value === 'string' ? value : Number.NaN),
    z.coerce.number({ error: messageId }).int(messageId).positive(messageId).max(MAX_RECORD_ID, messageId),
  );

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A day that exists: `Date` would roll 2024-02-30 over to March and give up on 2024-13-45. */
export function isCalendarDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar day, `YYYY-MM-DD`: the shape first (its own message), then that the day exists. */
export const calendarDaySchema = z.string().regex(ISO_DAY, { error: 'validation.date_invalid', abort: true }).refine(isCalendarDay, 'validation.date_not_a_day');

/**
 * Sign-in text: no account has a longer username (USERNAME_PATTERN allows 50) or password (200), and
 * unbounded text would reach the throttle's index, whose rows PostgreSQL caps at about 2.7 KB.
 */
export const MAX_USERNAME_LENGTH = 100;
export const MAX_SECRET_LENGTH = 1000;
