import type { ImportEntity } from '../../../../src/api/contracts/import.contract';
import type { MessageId } from '../../lib/i18n';
import { convertConsultationRow, type ConsultationImportContext } from './consultation/consultation-row';
import { convertMemberRow, type MemberImportContext } from './member/member-row';

/**
 * The pure half of each import, run inside the parse worker: one row's cells (by field key) → the
 * values of its insert columns, or its problems. The context (the company's settings) is loaded once on
 * the request thread and handed over as plain data. The request thread's half (fields, settings, insert
 * SQL) is in import-targets.ts.
 */
export type RowConversion =
  | { ok: true; columns: (string | null)[] }
  | { ok: false; problems: { field: string; messageId: MessageId }[] };

type Converter = (cells: Record<string, string>, context: unknown) => RowConversion;

export const ROW_CONVERTERS: Partial<Record<ImportEntity, Converter>> = {
  member: (cells, context) => convertMemberRow(cells, context as MemberImportContext),
  consultation: (cells, context) => convertConsultationRow(cells, context as ConsultationImportContext),
};
