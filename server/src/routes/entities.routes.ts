import type { FastifyPluginAsync } from 'fastify';
import { ENTITY_RESOURCES } from '../resources/entity-catalogue';
import { registerResourceRoutes } from '../resources/register-resource-routes';

/** The routes of every entity described with defineEntity (src/api/entities/entity-catalogue.ts). */
export const entityRoutes: FastifyPluginAsync = async (app) => {
  for (const resource of ENTITY_RESOURCES) registerResourceRoutes(app, resource);
};
