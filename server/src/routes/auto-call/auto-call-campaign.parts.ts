import { and, eq } from 'drizzle-orm';
import { callerIds } from '../../db/schema';
import { FieldValidationError, HttpError } from '../../lib/errors';
import type { MessageId } from '../../lib/i18n';
import type { AnyServerResource } from '../../resources/resource-definition';
import { companyHasExtension } from '../../services/telephony/company-directory';
import { autoCallNumbersRoutes } from './auto-call-numbers.routes';

interface CampaignValues {
  variant?: string;
  caller_id?: string;
  extensions?: string[];
  sound_file_id?: number | null;
  state?: string;
}

/**
 * What the auto-call campaign entity adds (docs/auto-call.md): its caller id is one of the company's
 * caller ids, its extensions live users' extensions of the company, each once; a `public` campaign
 * has a sound file to play; a running campaign is not deleted (409: pause or cancel it first). Its
 * numbers' routes (upload through the import pipeline, numbers, export, data/delete, summary,
 * caller ids) are registered beside the derived ones.
 */
export const autoCallCampaignParts: Partial<AnyServerResource> = {
  validate: async (scope, values) => {
    const campaign = values as CampaignValues;
    const problems: Record<string, MessageId[]> = {};
    if (campaign.caller_id) {
      const [known] = await scope.db
        .select({ id: callerIds.id })
        .from(callerIds)
        .where(and(eq(callerIds.companyId, scope.companyId), eq(callerIds.number!, campaign.caller_id)))
        .limit(1);
      if (!known) problems.caller_id = ['validation.auto_call_caller_id_unknown'];
    }
    // Said under the field (the picker shows the company's extensions; a typed or stale one is refused).
    const extensions = campaign.extensions ?? [];
    if (new Set(extensions).size !== extensions.length) problems.extensions = ['validation.auto_call_extension_twice'];
    else {
      for (const extension of extensions) {
        if (!(await companyHasExtension(scope.db, scope.companyId, extension))) {
          problems.extensions = ['validation.auto_call_extension_unknown'];
          break;
        }
      }
    }
    if (campaign.variant === 'public' && (campaign.sound_file_id === null || campaign.sound_file_id === undefined)) {
      problems.sound_file_id = ['validation.auto_call_sound_file_required'];
    }
    if (Object.keys(problems).length > 0) throw new FieldValidationError(problems);
  },
  onDelete: [
    async (_scope, row) => {
      if ((row as CampaignValues).state === 'on_going') throw new HttpError(409, 'auto-call.delete_refused_running');
    },
  ],
  routes: autoCallNumbersRoutes,
};
