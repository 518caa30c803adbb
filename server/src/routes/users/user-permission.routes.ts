import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateUserPermissionsSchema, userPermissionsResponseSchema } from '../../../../src/api/contracts/user-actions.contract';
import { idBodySchema } from '../../../../src/api/resources/resource-contract';
import { updateUserPermissions, viewUserPermissions } from '../../services/users/user-account';
import { announceUserChange } from '../../services/users/user-sessions';
import { describe, errorAnswers, manageUsers } from './user-route-kit';

/** The permission editor's calls: the four groups of the shared catalogue (specification §6). */
export const userPermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = [app.authenticate, manageUsers];
  const answers = { 200: userPermissionsResponseSchema, ...errorAnswers };

  app.post(
    '/users/view-permission',
    { onRequest: guard, schema: { ...describe('A user’s permissions'), body: idBodySchema, response: answers } },
    async (request) => ({ data: await viewUserPermissions(request.companyScope(), request.body.id) }),
  );

  app.post(
    '/users/update-permission',
    {
      onRequest: guard,
      schema: {
        ...describe('Replace a user’s permissions', 'Names from src/api/permissions/catalogue.ts (422 for others). Applies to the user’s next request.'),
        body: updateUserPermissionsSchema,
        response: answers,
      },
    },
    async (request) => {
      const data = await updateUserPermissions(request.companyScope(), request.body.id, request.body.permissions);
      announceUserChange(app, request.body.id);
      return { data };
    },
  );
};
