import type { ImportEntity } from '../../../../src/api/contracts/import.contract';
import { FieldValidationError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import type { UploadProblem } from './xlsx-file-check';

/** Specification §5: "Member import accepts only .xlsx" — said for each import in its own words. */
const NOT_XLSX: Record<ImportEntity, MessageId> = {
  member: 'validation.member_import_xlsx_only',
  consultation: 'validation.consultation_import_xlsx_only',
  'auto-call': 'validation.auto_call_import_xlsx_only',
};

const MESSAGES: Record<Exclude<UploadProblem, 'not_xlsx'>, MessageId> = {
  too_large: 'validation.import_file_too_large',
  too_many_entries: 'validation.import_file_too_many_entries',
  too_large_uncompressed: 'validation.import_file_too_large_uncompressed',
  too_many_rows: 'validation.import_too_many_rows',
  no_rows: 'validation.import_no_rows',
  unreadable: 'validation.import_unreadable',
};

export function uploadProblemMessage(problem: UploadProblem, entity: ImportEntity): MessageId {
  return problem === 'not_xlsx' ? NOT_XLSX[entity] : MESSAGES[problem];
}

/** The 422 on `file` (CONTRACT §3 uploads) the page shows under its file input. */
export function uploadRefusal(problem: UploadProblem, entity: ImportEntity): FieldValidationError {
  return new FieldValidationError({ file: [uploadProblemMessage(problem, entity)] });
}
