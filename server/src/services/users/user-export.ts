import type { SQL } from 'drizzle-orm';
import type { Language } from '../../../../src/api/contracts/session.contract';
import type { User } from '../../../../src/api/contracts/user.contract';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import { translate, type MessageId } from '../../lib/i18n';
import type { SheetToWrite } from '../export/write-xlsx';
import { isLive, toUserRecord } from './user-record';

/** Far more users than a call-centre has; a bound so one request cannot build an unbounded workbook. */
export const USER_EXPORT_LIMIT = 10_000;

const text = (value: string | number | boolean | null) => (value === null ? '' : String(value));

const COLUMNS: [MessageId, (user: User) => string][] = [
  ['user.field.id', (u) => text(u.id)],
  ['user.field.name', (u) => u.name],
  ['user.field.username', (u) => u.username],
  ['user.field.role', (u) => u.role],
  ['user.field.status', (u) => u.status],
  ['user.field.department_id', (u) => text(u.department_id)],
  ['user.field.extension_id', (u) => text(u.extension)],
  ['user.field.mobile', (u) => text(u.mobile)],
  ['user.field.landline', (u) => text(u.landline)],
  ['user.field.schedule_time_in', (u) => text(u.schedule_time_in)],
  ['user.field.schedule_time_out', (u) => text(u.schedule_time_out)],
  ['user.field.queue_report_status', (u) => text(u.queue_report_status)],
  ['user.field.permissions', (u) => u.permissions.join(', ')],
  ['user.field.created_at', (u) => u.created_at],
];

/**
 * `users/export`: the company's live users matching the list's search and filters, in its order, headers in the
 * caller's language. The workbook writer (services/export) makes every cell text and escapes formulas.
 */
export async function userExportSheet(
  scope: CompanyScope,
  conditions: (SQL | undefined)[],
  order: SQL[],
  language: Language,
): Promise<SheetToWrite> {
  const rows = await scope.db
    .select()
    .from(users)
    .where(scope.where(users, isLive, ...conditions))
    .orderBy(...order)
    .limit(USER_EXPORT_LIMIT);
  return {
    sheetName: 'users',
    header: COLUMNS.map(([id]) => translate(id, language)),
    rows: rows.map((row) => {
      const user = toUserRecord(row);
      return COLUMNS.map(([, value]) => value(user));
    }),
  };
}
