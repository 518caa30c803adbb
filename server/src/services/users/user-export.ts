import type { SQL } from 'drizzle-orm';
import type { Language } from '../../../../src/api/contracts/session.contract';
import type { User } from '../../../../src/api/contracts/user.contract';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import { translate, type MessageId } from '../../lib/i18n';
import { seoulTime, text } from '../export/sheet-values';
import type { SheetToWrite } from '../export/write-xlsx';
import { isLive, toUserRecord } from './user-record';

/** Far more users than a call-centre has; a bound so one request cannot build an unbounded workbook. */
export const USER_EXPORT_LIMIT = 10_000;

/** Cells in the caller's language: roles, statuses and permissions by their labels, times in Seoul time. */
const COLUMNS: [MessageId, (user: User, language: Language) => string][] = [
  ['user.field.id', (u) => text(u.id)],
  ['user.field.name', (u) => u.name],
  ['user.field.username', (u) => u.username],
  ['user.field.role', (u, language) => translate(`user.role.${u.role}`, language)],
  ['user.field.status', (u, language) => translate(`user.status.${u.status}`, language)],
  ['user.field.department_id', (u) => text(u.department_id)],
  ['user.field.extension_id', (u) => text(u.extension)],
  ['user.field.mobile', (u) => text(u.mobile)],
  ['user.field.landline', (u) => text(u.landline)],
  ['user.field.schedule_time_in', (u) => text(u.schedule_time_in)],
  ['user.field.schedule_time_out', (u) => text(u.schedule_time_out)],
  ['user.field.queue_report_status', (u, language) => translate(u.queue_report_status ? 'export.yes' : 'export.no', language)],
  ['user.field.permissions', (u, language) => u.permissions.map((p) => translate(`permission.${p}`, language)).join(', ')],
  ['user.field.created_at', (u) => seoulTime(u.created_at)],
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
    sheetName: translate('export.sheet_users', language),
    header: COLUMNS.map(([id]) => translate(id, language)),
    rows: rows.map((row) => {
      const user = toUserRecord(row);
      return COLUMNS.map(([, value]) => value(user, language));
    }),
  };
}
