import type { ImportEntity } from '../../api/contracts/import.contract';
import type { MessageId } from '../../i18n/message-ids';

/** What differs between the member and the consultation import screens: their own words. */
export function importTexts(entity: ImportEntity): { xlsxOnly: MessageId; listPath: string } {
  return entity === 'member'
    ? { xlsxOnly: 'validation.member_import_xlsx_only', listPath: '/members' }
    : { xlsxOnly: 'validation.consultation_import_xlsx_only', listPath: '/consultations/consultations' };
}
