import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyWorktimeResponseSchema, companyWorktimeUpdateBodySchema } from '../../../../src/api/contracts/company-worktime.contract';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { requirePermission } from '../../plugins/permissions';
import { setCompanyWorktime, viewCompanyWorktime } from '../../services/routing/company-worktime';
import { forgetInboundRouting } from '../../services/routing/route-inbound';

const describe = (summary: string, description: string) => ({ tags: ['routing'], summary, description, security: bearerSecurity });

/**
 * Company work time (specification `company/worktime/view`, `company/worktime/update`; docs/routing.md
 * "Company work time"): managers, and agents with the `worktime_switch` permission.
 */
export const companyWorktimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const switchers = [app.authenticate, requirePermission('worktime_switch')];

  app.post(
    '/company/worktime/view',
    {
      onRequest: switchers,
      schema: {
        ...describe(
          'Whether the company is open now, and its hours',
          'The hours are the working-hour time conditions of the live routing (the staged records before any Apply): the company is open while none of them holds (Asia/Seoul). `force` is the work-time switch in effect, until `force_until`.',
        ),
        response: { 200: companyWorktimeResponseSchema, ...authErrorResponses },
      },
    },
    async (request) => ({ data: await viewCompanyWorktime(request.companyScope()) }),
  );

  app.post(
    '/company/worktime/update',
    {
      onRequest: switchers,
      schema: {
        ...describe(
          'Force the company open or closed until the hours next change, or go back to the hours',
          '`force`: `open` or `closed` holds until the next moment the hours alone change from open to closed or back (`force_until`; null when they never change within eight days); `null` goes back to the hours. Inbound calls follow it at once, without Apply.',
        ),
        body: companyWorktimeUpdateBodySchema,
        response: { 200: companyWorktimeResponseSchema, ...authErrorResponses, 422: validationErrorSchema },
      },
    },
    async (request) => {
      const data = await setCompanyWorktime(request.companyScope(), request.auth.userId, request.body.force);
      // The PBX in this process counts it from the next call; one in another process within a second.
      forgetInboundRouting(request.companyScope().companyId);
      return { data };
    },
  );
};
