import type { ImportEntity } from '../../../../src/api/contracts/import.contract';
import type { MessageId } from '../../lib/i18n';
import { autoCallRowConverter, type AutoCallImportContext } from './auto-call/auto-call-row';
import { consultationRowConverter, type ConsultationImportContext } from './consultation/consultation-row';
import { memberRowConverter, type MemberImportContext } from './member/member-row';

/**
 * The pure half of each import, run inside the parse worker: one row's cells (by field key) → the
 * values of its insert columns, or its problems. The context (the company's settings) is loaded once on
 * the request thread and handed over as plain data; a converter is made once per import from it, so the
 * lookups it needs for every row are built once. The request thread's half (fields, settings, COPY) is
 * in import-targets.ts.
 */
export type RowConversion =
  | { ok: true; columns: (string | null)[] }
  | { ok: false; problems: { field: string; messageId: MessageId }[] };

export type RowConverter = (cells: Record<string, string>) => RowConversion;

export const ROW_CONVERTERS: Partial<Record<ImportEntity, (context: unknown) => RowConverter>> = {
  member: (context) => memberRowConverter(context as MemberImportContext),
  consultation: (context) => consultationRowConverter(context as ConsultationImportContext),
  'auto-call': (context) => autoCallRowConverter(context as AutoCallImportContext),
};
