import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userContract } from '../../../../src/api/contracts/user.contract';
import { listQuerySchema } from '../../../../src/api/resources/resource-contract';
import { authErrorResponses, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { listConditions, listOrder, type ParsedListQuery } from '../../resources/list-query';
import { authenticateDownload } from '../../services/downloads/download-auth';
import { userExportSheet } from '../../services/users/user-export';
import { datedFileName, downloadLanguage, downloadQueryFields, sendXlsx } from '../import-export/send-xlsx';
import { userResource } from './user.resource';

/** The list's search, filters and sort (paging is not an export's business), the token and the language. */
const exportQuery = listQuerySchema(userContract).omit({ page: true, per_page: true }).extend(downloadQueryFields);

/**
 * `GET users/export` (specification §7: opens in a new tab). The page first asks
 * `POST /download-token { purpose: 'users-export', params: <the list's search, filters, sort> }`, then
 * opens `users/export?<those params>&lang=<language>&token=<token>` (docs/api.md "Downloads").
 */
export const userExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/export',
    {
      onRequest: [authenticateDownload('users-export')],
      schema: {
        tags: [userContract.entity],
        summary: 'The company’s users matching the list’s search and filters, as .xlsx (new tab, download token in `token`)',
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        querystring: exportQuery,
        response: { 200: z.any().describe('The .xlsx file (attachment)'), ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { token: _token, lang: _lang, ...query } = request.query;
      const list = query as ParsedListQuery;
      const sheet = await userExportSheet(request.companyScope(), listConditions(userResource, list), listOrder(userResource, list), downloadLanguage(request));
      return sendXlsx(reply, sheet, datedFileName('users'));
    },
  );
};
