import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTO_CALL_ACCESS,
  AUTO_CALL_PATHS,
  autoCallCallerIdsSchema,
  autoCallCampaignIdBodySchema,
  autoCallDeleteAnswerSchema,
  autoCallNumbersBodySchema,
  autoCallNumbersPageSchema,
  autoCallSummarySchema,
} from '../../../../src/api/contracts/auto-call.contract';
import { recordIdNumber } from '../../../../src/api/contracts/input-bounds';
import { callerIds } from '../../db/schema';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { translate } from '../../lib/i18n';
import { requireAccess } from '../../resources/access';
import { allNumbers, campaignForNumbers, deleteNumbers, numberCounts, numbersPage } from '../../services/auto-call-numbers/campaign-numbers';
import { authenticateDownload } from '../../services/downloads/download-auth';
import { seoulTime } from '../../services/export/sheet-values';
import { datedFileName, downloadLanguage, downloadQueryFields, sendXlsx } from '../import-export/send-xlsx';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 409: errorResponseSchema, 422: validationErrorSchema };
const describe = (summary: string, description?: string) => ({ tags: ['auto-call'], summary, ...(description ? { description } : {}), security: bearerSecurity });

/**
 * The numbers of a campaign (CONTRACT §13; docs/auto-call.md). The upload is the import pipeline's
 * (`auto-call/upload`, routes/import-export with the `auto-call` import target); these are the rest:
 * a page of numbers, every number as .xlsx, deleting them, the counts per campaign for the list, and
 * the company's caller ids for the campaign form. Same access as the campaigns; another company's
 * campaign answers 404.
 */
export const autoCallNumbersRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, requireAccess(AUTO_CALL_ACCESS)];

  app.post(
    `/${AUTO_CALL_PATHS.numbers}`,
    {
      onRequest,
      schema: {
        ...describe('A page of a campaign’s numbers', '`{ phone_number, member_id, attempts, result }` in the order they were added; `result` is null until the number ends; `result: "pending"` lists those.'),
        body: autoCallNumbersBodySchema,
        response: { 200: autoCallNumbersPageSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.companyScope();
      const { campaign_id, page, per_page, result } = request.body;
      const campaign = await campaignForNumbers(scope, campaign_id, 'read');
      return numbersPage(scope, campaign.id, page, per_page, result);
    },
  );

  app.post(
    `/${AUTO_CALL_PATHS.summary}`,
    {
      onRequest,
      schema: {
        ...describe('Numbers and results per campaign', 'For each campaign of the company with numbers (or each of `ids`): the count, those without a result, and each result.'),
        body: z.object({ ids: z.array(recordIdNumber()).max(1000).optional() }).optional(),
        response: { 200: autoCallSummarySchema, ...errors },
      },
    },
    async (request) => ({ data: await numberCounts(request.companyScope(), request.body?.ids) }),
  );

  app.post(
    `/${AUTO_CALL_PATHS.deleteData}`,
    {
      onRequest,
      schema: {
        ...describe('Delete every number of a campaign', '409 while the campaign is on going (pause or cancel it first).'),
        body: autoCallCampaignIdBodySchema,
        response: { 200: autoCallDeleteAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.companyScope();
      const campaign = await campaignForNumbers(scope, request.body.campaign_id, 'delete');
      return { deleted: await deleteNumbers(scope, campaign.id) };
    },
  );

  app.post(
    `/${AUTO_CALL_PATHS.callerIds}`,
    {
      onRequest,
      schema: { ...describe('The company’s caller ids a campaign may show'), response: { 200: autoCallCallerIdsSchema, ...authErrorResponses } },
    },
    async (request) => {
      const scope = request.companyScope();
      const rows = await scope.db
        .select({ id: callerIds.id, number: callerIds.number!, name: callerIds.name! })
        .from(callerIds)
        .where(eq(callerIds.companyId, scope.companyId))
        .orderBy(asc(callerIds.number!));
      return { data: rows.map((row) => ({ id: row.id as number, number: String(row.number), name: String(row.name) })) };
    },
  );

  app.get(
    `/${AUTO_CALL_PATHS.export}`,
    {
      onRequest: [authenticateDownload('auto-call-numbers-export')],
      schema: {
        tags: ['auto-call'],
        summary: 'Every number of a campaign with its attempts and result (.xlsx, new tab, download token in `token`)',
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        querystring: z.object({ campaign_id: z.coerce.number().int().positive().max(2_147_483_647), ...downloadQueryFields }),
        response: { 200: z.any().describe('The .xlsx file (attachment)'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.companyScope();
      const campaign = await campaignForNumbers(scope, request.query.campaign_id, 'read');
      const language = downloadLanguage(request);
      const label = (id: string) => translate(id, language);
      const header = ['phone_number', 'member_id', 'attempts', 'result', 'last_attempt_at'].map((field) => label(`auto-call.number.${field}`));
      const rows: string[][] = [];
      for await (const batch of allNumbers(scope, campaign.id)) {
        for (const row of batch) {
          rows.push([
            row.phone_number,
            row.member_id === null ? '' : String(row.member_id),
            String(row.attempts),
            row.result ? label(`auto-call.result.${row.result}`) : label('auto-call.result.pending'),
            row.last_attempt_at ? seoulTime(row.last_attempt_at) : '',
          ]);
        }
      }
      const sheetName = translate('auto-call.import.sheet', language).slice(0, 31);
      return sendXlsx(reply, { sheetName, header, rows }, datedFileName(`auto-call-${campaign.id}-numbers`));
    },
  );
};
