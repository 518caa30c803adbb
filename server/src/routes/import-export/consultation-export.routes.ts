import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consultationContract } from '../../../../src/api/contracts/consultation.contract';
import { listQuerySchema } from '../../../../src/api/resources/resource-contract';
import { authErrorResponses, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import type { ParsedListQuery } from '../../resources/list-query';
import { authenticateDownload } from '../../services/downloads/download-auth';
import { consultationExportSheet } from '../../services/export/consultation-export';
import { consultationResource } from '../consultations/consultation.resource';
import { datedFileName, downloadLanguage, downloadQueryFields, sendXlsx } from './send-xlsx';

const exportQuery = listQuerySchema(consultationContract).omit({ page: true, per_page: true }).extend(downloadQueryFields);

/**
 * `GET consultation/export`: like `member/export`, for the consultations list (its search, filters and
 * sort in the query, a download token, the page's language). Needs `consultation_export`.
 */
export const consultationExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/consultation/export',
    {
      onRequest: [authenticateDownload('consultation-export')],
      schema: {
        tags: [consultationContract.entity],
        summary: 'Every consultation matching the list query, as .xlsx (new tab, download token in `token`; at most 100,000)',
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        querystring: exportQuery,
        response: { 200: z.any().describe('The .xlsx file (attachment)'), ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request, reply) => {
      const { token: _token, lang: _lang, ...query } = request.query;
      const sheet = await consultationExportSheet(request.companyScope(), consultationResource, query as ParsedListQuery, downloadLanguage(request));
      return sendXlsx(reply, sheet, datedFileName('consultations'));
    },
  );
};
