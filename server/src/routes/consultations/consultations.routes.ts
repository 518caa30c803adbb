import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import { consultationExtraRoutes } from './consultation-extra.routes';
import { consultationResource } from './consultation.resource';

/**
 * Consultation records: the generic calls from the definition (consultation, consultation/list, /view,
 * /store, /update, /delete/{id}, consultation/{id}) and consultation/get-settings.
 */
export const consultationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(consultationExtraRoutes);
  registerResourceRoutes(app, consultationResource);
};
