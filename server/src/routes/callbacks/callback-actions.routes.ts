import { asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALLBACK_PATHS,
  callbackAssigneesResponseSchema,
  callbackAssignSchema,
  callbackContract,
  callbackStatusSchema,
} from '../../../../src/api/contracts/callback.contract';
import { recordResponseSchema } from '../../../../src/api/resources/resource-contract';
import { users } from '../../db/schema';
import { authErrorResponses, bearerSecurity, errorResponseSchema, validationErrorSchema } from '../../lib/api-schemas';
import { requireRole } from '../../plugins/permissions';
import { requireAccess } from '../../resources/access';
import type { FastifyRequest } from 'fastify';
import { ResourceRepository } from '../../resources/resource-repository';
import { callbackResource } from './callback.resource';
import { assignCallback, setCallbackStatus } from './callback-writes';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
const describe = (summary: string) => ({ tags: [callbackContract.entity], summary, security: bearerSecurity });
const answer = recordResponseSchema(callbackContract.record);

/** The callbacks as this caller sees them (another company's, or one not visible to them, is a 404). */
const visibleCallbacks = (request: FastifyRequest) => new ResourceRepository(callbackResource, request.companyScope(), request.auth);

/** What a callback's people do with it: a manager assigns it; whoever sees it moves its status. */
export const callbackActionRoutes: FastifyPluginAsyncZod = async (app) => {
  const managers = [app.authenticate, requireAccess(callbackContract.access.read), requireRole('manager')];

  app.post(
    `/${CALLBACK_PATHS.assign}`,
    { onRequest: managers, schema: { ...describe('Assign a callback to a user of the company, or unassign it (null)'), body: callbackAssignSchema, response: { 200: answer, ...errors } } },
    async (request) => {
      const callbacks = visibleCallbacks(request);
      const updated = await assignCallback(request.companyScope(), await callbacks.getRow(request.body.id), request.body.user_id);
      return { data: await callbacks.present(updated) };
    },
  );

  app.post(
    `/${CALLBACK_PATHS.status}`,
    {
      onRequest: [app.authenticate, requireAccess(callbackContract.access.update)],
      schema: { ...describe('Move a callback to open, in progress, done or cancelled (reopening needs the number free)'), body: callbackStatusSchema, response: { 200: answer, ...errors } },
    },
    async (request) => {
      const callbacks = visibleCallbacks(request);
      const updated = await setCallbackStatus(request.companyScope(), await callbacks.getRow(request.body.id), request.body.status);
      return { data: await callbacks.present(updated) };
    },
  );

  app.post(
    `/${CALLBACK_PATHS.assignees}`,
    { onRequest: managers, schema: { ...describe('Users a callback can be assigned to'), response: { 200: callbackAssigneesResponseSchema, ...errors } } },
    async (request) => {
      const scope = request.companyScope();
      const rows = await scope.db
        .select({ id: users.id, name: users.name, extension: users.extension, role: users.role })
        .from(users)
        .where(scope.where(users, isNull(users.deletedAt), eq(users.status, 'active'), inArray(users.role, ['manager', 'agent'])))
        .orderBy(asc(users.name), asc(users.id));
      return { data: rows.map((row) => ({ ...row, role: row.role === 'manager' ? ('manager' as const) : ('agent' as const) })) };
    },
  );
};
