import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { consultationContract } from '../../../../src/api/contracts/consultation.contract';
import { consultationSettingsSchema } from '../../../../src/api/contracts/consultation-settings.contract';
import { authErrorResponses, bearerSecurity } from '../../lib/api-schemas';
import { requireAccess } from '../../resources/access';
import { loadConsultationSettings } from '../../services/consultations/consultation-settings';

/** The consultation calls beyond the generic ones (docs/consultations.md lists them all). */
export const consultationExtraRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/consultation/get-settings',
    {
      onRequest: [app.authenticate, requireAccess(consultationContract.access.read)],
      schema: {
        tags: [consultationContract.entity],
        summary: 'Inquiries, departments, big categories with their small ones, custom fields and agents of the company',
        security: bearerSecurity,
        response: { 200: consultationSettingsSchema, ...authErrorResponses },
      },
    },
    async (request) => loadConsultationSettings(request.companyScope()),
  );
};
