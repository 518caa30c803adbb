import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dailyReportSendBodySchema, dailyReportSendResponseSchema } from '../../../../src/api/contracts/admin-server.contract';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { HttpError, notFound } from '../../lib/errors';
import { requireRole } from '../../plugins/permissions';
import { seoulDay } from '../../services/jobs/scheduler';
import { reportCompany, sendCompanyReport } from '../../services/reports/daily-report';

/**
 * `POST admin/daily-report/send` `{ company_id }` (admin only, docs/daily-report.md): sends the
 * company's daily report of yesterday (Asia/Seoul) now, as the 08:00 job would. Answers whether it was
 * sent, to whom and the figures; without a recipient or SMTP_URL it sends nothing and says why; a mail
 * server that refuses or cannot be reached is a 502.
 */
export const dailyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/daily-report/send',
    {
      onRequest: [app.authenticate, requireRole('admin')],
      schema: {
        tags: ['daily-report'],
        summary: "Admin only: send a company's daily report now",
        description: "Yesterday's figures (Asia/Seoul) to the company's daily report recipient and cc. `sent: false` with `reason` `no_recipient` or `smtp_not_configured` when nothing could be sent.",
        security: bearerSecurity,
        body: dailyReportSendBodySchema,
        response: { 200: dailyReportSendResponseSchema, ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema, 502: errorResponseSchema.describe('The SMTP server refused or could not be reached') },
      },
    },
    async (request) => {
      const { db, mailer, from } = app.jobs.dailyReport;
      const company = await reportCompany(db, request.body.company_id);
      if (!company) throw notFound();
      try {
        return { data: await sendCompanyReport(db, mailer, from, company, seoulDay(Date.now(), -1)) };
      } catch (error) {
        // The mail server's fault, not the caller's: said as 502, logged as a warning with the reason.
        request.log.warn({ err: error, companyId: company.id }, 'daily report send failed');
        throw new HttpError(502, 'errors.mail_send_failed');
      }
    },
  );
};
