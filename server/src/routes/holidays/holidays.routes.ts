import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { holidaysRequestSchema, holidaysResponseSchema } from '../../../../src/api/contracts/holiday.contract';
import { koreanHolidays } from '../../../../src/api/holidays/korean-holidays';
import { authErrorResponses, bearerSecurity, validationErrorSchema } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';

/**
 * CONTRACT §11 `holidays`: the Korean public holidays of a year, computed by the module the client
 * shares (docs/telephony.md "Korean public holidays"). Not company data, but only for signed-in
 * company users: the routing screens and the engine's time conditions read it.
 */
export const holidayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/holidays',
    {
      onRequest: [app.authenticate, requireRole('manager', 'agent')],
      schema: {
        tags: ['holidays'],
        summary: 'The Korean public holidays of a year',
        description:
          'Solar and lunar holidays, substitute holidays (대체공휴일), election days and temporary holidays, sorted by date. `year` is 1900–2100; lunar holidays are known up to 2050.',
        security: bearerSecurity,
        body: holidaysRequestSchema,
        response: { 200: holidaysResponseSchema, 422: validationErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => ({ data: koreanHolidays(request.body.year) }),
  );
};
