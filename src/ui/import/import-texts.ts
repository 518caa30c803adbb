import type { ImportEntity } from '../../api/contracts/import.contract';
import type { MessageId } from '../../i18n/message-ids';

/** What differs between the import screens: their own words, and the list the rows went to. */
export function importTexts(entity: ImportEntity): { xlsxOnly: MessageId; listPath: string } {
  if (entity === 'member') return { xlsxOnly: 'validation.member_import_xlsx_only', listPath: '/members' };
  if (entity === 'auto-call') return { xlsxOnly: 'validation.auto_call_import_xlsx_only', listPath: '/auto-call-system' };
  return { xlsxOnly: 'validation.consultation_import_xlsx_only', listPath: '/consultations/consultations' };
}
