import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callbackContract } from '../../../../src/api/contracts/callback.contract';
import {
  idBodySchema,
  idParamsSchema,
  listQuerySchema,
  pageSchema,
  recordResponseSchema,
  resourcePaths,
  updateBodySchema,
} from '../../../../src/api/resources/resource-contract';
import { callbacks } from '../../db/schema';
import { authErrorResponses, bearerSecurity, errorResponseSchema, successResultSchema, validationErrorSchema } from '../../lib/api-schemas';
import { normalisePhoneNumber } from '../../lib/phone';
import { requireAccess } from '../../resources/access';
import type { ParsedListQuery } from '../../resources/list-query';
import { ResourceRepository } from '../../resources/resource-repository';
import { callbackActionRoutes } from './callback-actions.routes';
import { callbackAssignment, callbackRecord, callbackResource, withAssigneeNames } from './callback.resource';
import { callbackVisibility, visibleCallback } from './callback-visibility';
import { createCallback, updateCallback } from './callback-writes';

const errors = { ...authErrorResponses, 404: errorResponseSchema, 422: validationErrorSchema };
const describe = (summary: string) => ({ tags: [callbackContract.entity], summary, security: bearerSecurity });
const paths = resourcePaths(callbackContract);
const record = callbackContract.record;

/**
 * Callbacks (docs/calls.md): the generic resource paths of the contract (list, view, store, update,
 * delete/{id}) with the caller's visibility on each, plus assign, status and assignees.
 */
export const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = (operation: keyof typeof callbackContract.access) => [app.authenticate, requireAccess(callbackContract.access[operation])];
  await app.register(callbackActionRoutes);

  app.post(
    `/${paths.list}`,
    {
      onRequest: guard('read'),
      schema: { ...describe('One page of callbacks the caller may see'), body: listQuerySchema(callbackContract), response: { 200: pageSchema(record), ...errors } },
    },
    async (request) => {
      const query = request.body as ParsedListQuery;
      return new ResourceRepository(callbackResource, request.companyScope()).page(
        query,
        callbackVisibility(request),
        callbackAssignment(query.assignment, request.auth.userId),
      );
    },
  );

  app.post(
    `/${paths.view}`,
    { onRequest: guard('read'), schema: { ...describe('One callback'), body: idBodySchema, response: { 200: recordResponseSchema(record), ...errors } } },
    async (request) => {
      const row = await visibleCallback(request, request.body.id);
      const [data] = await withAssigneeNames(request.companyScope(), [callbackRecord(row)]);
      return { data: data! };
    },
  );

  app.post(
    `/${paths.store}`,
    {
      onRequest: guard('create'),
      schema: { ...describe('Add a callback by hand (422 when the number already has an open one)'), body: callbackContract.input, response: { 200: recordResponseSchema(record), ...errors } },
    },
    async (request) => {
      const { phone_number, note } = request.body;
      const assignTo = request.auth.role === 'agent' ? request.auth.userId : null;
      const row = await createCallback(request.companyScope(), { phoneNumber: normalisePhoneNumber(phone_number), note }, assignTo);
      const [data] = await withAssigneeNames(request.companyScope(), [callbackRecord(row)]);
      return { data: data! };
    },
  );

  app.post(
    `/${paths.update}`,
    {
      onRequest: guard('update'),
      schema: { ...describe("Change a callback's number or note"), body: updateBodySchema(callbackContract), response: { 200: recordResponseSchema(record), ...errors } },
    },
    async (request) => {
      const { id, phone_number, note } = request.body as { id: number; phone_number: string; note: string | null };
      const row = await visibleCallback(request, id);
      const updated = await updateCallback(request.companyScope(), row, { phoneNumber: normalisePhoneNumber(phone_number), note });
      const [data] = await withAssigneeNames(request.companyScope(), [callbackRecord(updated)]);
      return { data: data! };
    },
  );

  app.post(
    `/${callbackContract.path}/delete/:id`,
    { onRequest: guard('delete'), schema: { ...describe('Delete a callback'), params: idParamsSchema, response: { 200: successResultSchema, ...errors } } },
    async (request) => {
      const row = await visibleCallback(request, request.params.id);
      await request.companyScope().delete(callbacks, eq(callbacks.id, row.id));
      return { result: 'success' as const };
    },
  );
};
