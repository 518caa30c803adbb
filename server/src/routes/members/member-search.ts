import { eq, ilike, like, not, or, sql, type SQL } from 'drizzle-orm';
import { members } from '../../db/schema';
import { escapeLike } from '../../lib/escape-like';
import { phoneSearchDigits } from '../../lib/phone';

/** Routes still import it from here; it lives in lib so services can use it too. */
export { escapeLike };

/**
 * Member search: the name contains the term, or, when the term is a (partial) phone number, the stored
 * (normalised) number contains it normalised the same way, so "010-5555", "+82 10 5555" and "0105555" agree.
 */
export function memberSearch(term: string): SQL | undefined {
  const byName = ilike(members.name, `%${escapeLike(term)}%`);
  const digits = phoneSearchDigits(term);
  return digits ? or(byName, like(members.phoneNumber, `%${escapeLike(digits)}%`)) : byName;
}

/** Members whose name list (groups or levels) holds the name; served by the GIN indexes. */
export const holdsName = (column: typeof members.groups | typeof members.levels, name: string): SQL =>
  sql`${column} @> array[${name}]::text[]`;

export const memberFilters = {
  group: (value: string) => holdsName(members.groups, value),
  level: (value: string) => holdsName(members.levels, value),
  company_name: (value: string) => eq(members.companyName, value),
  // Specification §9: a number starting with 01 is a mobile number.
  phone_type: (value: 'mobile' | 'other') =>
    value === 'mobile' ? like(members.phoneNumber, '01%') : not(like(members.phoneNumber, '01%')),
};
