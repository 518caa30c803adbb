import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DownloadPurpose } from '../../../../src/api/contracts/download.contract';
import { authErrorResponses, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { notFound } from '../../lib/errors';
import { translate } from '../../lib/i18n';
import { authenticateDownload } from '../../services/downloads/download-auth';
import type { ImportJobs } from '../../services/import/import-jobs';
import type { ImportTarget } from '../../services/import/import-targets';
import { datedFileName, downloadLanguage, downloadQueryFields, sendXlsx } from './send-xlsx';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
const binary = z.any().describe('The .xlsx file (attachment)');
/** Sample files by type and name (specification §7 `member/import/{type}/sample/{name}`). */
const SAMPLE_TYPES = ['xlsx'];

/**
 * The downloads of an import, opened in a new tab with a download token (CONTRACT §3):
 * `<entity>/import/{type}/sample/{name}` (the sample: the columns in the caller's language, two example
 * rows using the company's own settings) and `<entity>/import/{id}/errors` (the refused rows with their
 * row numbers and problems, in the sheet's own columns so the file can be fixed and imported again). The
 * refused rows are in the memory of the process that ran the import (30 minutes after its end).
 */
export function importDownloadRoutes(target: ImportTarget, jobs: ImportJobs): FastifyPluginAsyncZod {
  return async (app) => {
    const entity = target.entity;
    const purpose = (suffix: 'sample' | 'errors') => `${entity}-import-${suffix}` as DownloadPurpose;
    const describe = (summary: string) => ({ tags: [`${entity}-import`], summary, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'] });

    app.get(
      `/${entity}/import/:type/sample/:name`,
      {
        onRequest: [authenticateDownload(purpose('sample'))],
        schema: {
          ...describe('The sample file (new tab, download token in `token`)'),
          params: z.object({ type: z.string().max(20), name: z.string().max(100) }),
          querystring: z.object(downloadQueryFields),
          response: { 200: binary, ...errors },
        },
      },
      async (request, reply) => {
        const name = request.params.name.replace(/\.xlsx$/i, '');
        if (!SAMPLE_TYPES.includes(request.params.type) || name !== `${entity}s`) throw notFound();
        const context = await target.loadContext(request.companyScope());
        const language = downloadLanguage(request);
        const sheet = target.sample(context, language);
        return sendXlsx(reply, sheet, `${name}-sample.xlsx`);
      },
    );

    app.get(
      `/${entity}/import/:id/errors`,
      {
        onRequest: [authenticateDownload(purpose('errors'))],
        schema: {
          ...describe('The refused rows of an import with their problems (new tab, download token in `token`)'),
          params: z.object({ id: z.string().uuid('validation.id_invalid') }),
          querystring: z.object(downloadQueryFields),
          response: { 200: binary, ...errors },
        },
      },
      async (request, reply) => {
        const job = jobs.find(request.params.id, request.companyScope().companyId, request.auth.userId, entity);
        if (!job) throw notFound();
        const language = downloadLanguage(request);
        const problemsByRow = new Map<number, string[]>();
        for (const problem of job.problems) {
          const label = problem.column || problem.field;
          const text = `${label ? `${label}: ` : ''}${translate(problem.messageId, language)}`;
          problemsByRow.set(problem.row, [...(problemsByRow.get(problem.row) ?? []), text]);
        }
        const header = [translate('import.report.row', language), translate('import.report.errors', language), ...job.headers];
        const rows = job.refused.map((row) => [String(row.row), (problemsByRow.get(row.row) ?? []).join('; '), ...row.cells]);
        return sendXlsx(reply, { sheetName: translate('import.report.sheet', language), header, rows }, datedFileName(`${entity}-import-errors`));
      },
    );
  };
}
