import { eq, ilike, isNull, like, or, type SQL } from 'drizzle-orm';
import type { User } from '../../../../src/api/contracts/user.contract';
import type { CompanyScope } from '../../db/company-scope';
import { users, type UserRow } from '../../db/schema';
import { notFound } from '../../lib/errors';

/** `time` columns answer HH:MM:SS; the product shows and takes HH:MM. */
const hourMinute = (value: string | null) => (value ? value.slice(0, 5) : null);

/** A user row as the users calls answer it (never the password hash or the API key hash). */
export function toUserRecord(row: UserRow): User {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    // Company users are agents or managers; the platform administrator has no company and is never listed.
    role: row.role === 'manager' ? 'manager' : 'agent',
    department_id: row.departmentId,
    extension: row.extension,
    email: row.email,
    mobile: row.mobile,
    landline: row.landline,
    schedule_time_in: hourMinute(row.scheduleTimeIn),
    schedule_time_out: hourMinute(row.scheduleTimeOut),
    avatar: row.avatar,
    status: row.status,
    queue_report_status: row.queueReportStatus,
    permissions: [...row.permissions],
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Deleted users keep their row (the username stays taken) but are gone for every users call. */
export const isLive = isNull(users.deletedAt);

/** LIKE treats % and _ as wildcards; a search for "50%" means the characters. */
const contains = (term: string) => `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The users list search: name, username or extension. */
export function userSearch(term: string): SQL | undefined {
  const pattern = contains(term);
  return or(ilike(users.name, pattern), ilike(users.username, pattern), like(users.extension, pattern));
}

export const userFilters = {
  role: (value: 'agent' | 'manager') => eq(users.role, value),
  status: (value: 'active' | 'inactive') => eq(users.status, value),
};

/** A live user of the scope's company; deleted, unknown and other companies' users are all 404. */
export async function findLiveUser(scope: CompanyScope, id: number): Promise<UserRow> {
  const [row] = await scope.findMany(users, eq(users.id, id), isLive);
  if (!row) throw notFound();
  return row;
}
