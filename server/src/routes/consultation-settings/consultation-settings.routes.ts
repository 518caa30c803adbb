import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import {
  consultationBigCategoryResource,
  consultationCustomFieldResource,
  consultationDepartmentResource,
  consultationInquiryResource,
  consultationSmallCategoryResource,
} from './consultation-settings.resources';

/**
 * /configuration/consultation/*: consultation-inquiry/*, consultation-department/*,
 * consultation-big-category/*, consultation-small-category/*, consultation-custom-field/* (docs/consultations.md).
 */
export const consultationSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResourceRoutes(app, consultationInquiryResource);
  registerResourceRoutes(app, consultationDepartmentResource);
  registerResourceRoutes(app, consultationBigCategoryResource);
  registerResourceRoutes(app, consultationSmallCategoryResource);
  registerResourceRoutes(app, consultationCustomFieldResource);
};
