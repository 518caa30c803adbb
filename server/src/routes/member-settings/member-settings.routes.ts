import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerResourceRoutes } from '../../resources/register-resource-routes';
import { memberCustomFieldResource, memberGroupResource, memberLevelResource } from './member-settings.resources';

/** /configuration/members/*: member-group/*, member-level/*, member-custom-field/* (docs/resources.md). */
export const memberSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  registerResourceRoutes(app, memberGroupResource);
  registerResourceRoutes(app, memberLevelResource);
  registerResourceRoutes(app, memberCustomFieldResource);
};
