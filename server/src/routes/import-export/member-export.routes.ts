import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memberContract } from '../../../../src/api/contracts/member.contract';
import { listQuerySchema } from '../../../../src/api/resources/resource-contract';
import { authErrorResponses, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import type { ParsedListQuery } from '../../resources/list-query';
import { authenticateDownload } from '../../services/downloads/download-auth';
import { memberExportSheet } from '../../services/export/member-export';
import { memberResource } from '../members/member.resource';
import { datedFileName, downloadLanguage, downloadQueryFields, sendXlsx } from './send-xlsx';

const exportQuery = listQuerySchema(memberContract).omit({ page: true, per_page: true }).extend(downloadQueryFields);

/**
 * `GET member/export` (specification §7: opens in a new tab with query parameters): the members list's
 * search, filters and sort in the query, plus the download token (CONTRACT §3) and the page's language.
 * Needs `member_export`.
 */
export const memberExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/member/export',
    {
      onRequest: [authenticateDownload('member-export')],
      schema: {
        tags: [memberContract.entity],
        summary: 'Every member matching the list query, as .xlsx (new tab, download token in `token`; at most 100,000)',
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        querystring: exportQuery,
        response: { 200: z.any().describe('The .xlsx file (attachment)'), ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { token: _token, lang: _lang, ...query } = request.query;
      const sheet = await memberExportSheet(request.companyScope(), memberResource, query as ParsedListQuery, downloadLanguage(request));
      return sendXlsx(reply, sheet, datedFileName('members'));
    },
  );
};
