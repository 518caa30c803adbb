import { and, eq } from 'drizzle-orm';
import { AUTO_CALL_ACCESS } from '../../../../../src/api/contracts/auto-call.contract';
import { autoCallNumbers } from '../../../db/schema';
import { translate } from '../../../lib/i18n';
import { campaignForNumbers } from '../../auto-call-numbers/campaign-numbers';
import { importFieldSpecs } from '../import-field-specs';
import type { ImportFieldSpec } from '../import-types';
import type { ImportTarget } from '../import-targets';
import type { AutoCallImportContext } from './auto-call-row';

/** Headers people give a number column besides `phone_number` and its labels. */
const EXTRA_NAMES = { phone_number: ['phone', 'number', 'mobile', 'tel', 'telephone', '번호', '전화', '연락처', '휴대폰', '핸드폰', '휴대전화'] };

/** One field: the number, from the column headed so, else the first column (CONTRACT §13). */
const fields = (): ImportFieldSpec[] =>
  importFieldSpecs([{ key: 'phone_number', labelId: 'auto-call.number.phone_number', required: true }], EXTRA_NAMES, []).map((field) => ({ ...field, fallbackColumn: 0 }));

/**
 * The numbers of an auto-call campaign from Excel (`auto-call/upload` with `campaign_id`; the members'
 * pipeline: preview, mapping, per-row errors, progress, resume). The campaign must be the company's and
 * not running (409 while `on_going`), checked at the upload and again at the commit. Rows go through a
 * temporary table of the chunk's transaction, and a number another import added meanwhile is skipped.
 * The member with the number is found when the numbers are read (campaign-numbers.ts), not stored.
 */
export const autoCallImportTarget: ImportTarget = {
  entity: 'auto-call',
  access: AUTO_CALL_ACCESS,
  loadContext: async (scope, params): Promise<AutoCallImportContext> => {
    // The sample download names no campaign.
    if (params === undefined) return { campaignId: null, existing: [] };
    const campaign = await campaignForNumbers(scope, params.campaign_id, 'change');
    const existing = await scope.db
      .select({ phoneNumber: autoCallNumbers.phoneNumber })
      .from(autoCallNumbers)
      .where(and(eq(autoCallNumbers.companyId, scope.companyId), eq(autoCallNumbers.campaignId, campaign.id)));
    return { campaignId: campaign.id, existing: existing.map((row) => row.phoneNumber) };
  },
  fields: () => fields(),
  copy: {
    before: ['create temporary table import_auto_call_numbers (company_id integer, campaign_id integer, phone_number text) on commit drop'],
    into: 'import_auto_call_numbers (company_id, campaign_id, phone_number)',
    after: [
      `insert into auto_call_numbers (company_id, campaign_id, phone_number)
      select s.company_id, s.campaign_id, s.phone_number
      from import_auto_call_numbers s
      join auto_call_campaigns c on c.id = s.campaign_id and c.company_id = s.company_id
      on conflict (campaign_id, phone_number) do nothing`,
    ],
  },
  sample(_context, language) {
    return {
      sheetName: translate('auto-call.import.sheet', language).slice(0, 31),
      header: [translate('auto-call.number.phone_number', language)],
      rows: [['010-1234-5678'], ['02-123-4567']],
    };
  },
};
