import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, userContract, userInputSchema, userPageSchema, userSchema, userStoreSchema } from '../../../../src/api/contracts/user.contract';
import { idBodySchema, idParamsSchema, listQuerySchema, recordIdSchema, recordResponseSchema } from '../../../../src/api/resources/resource-contract';
import { successResultSchema } from '../../lib/api-schemas';
import type { ParsedListQuery } from '../../resources/list-query';
import { ResourceRepository } from '../../resources/resource-repository';
import { createUser, destroyUser, updateUser } from '../../services/users/user-writes';
import { announceUserChange } from '../../services/users/user-sessions';
import { usersDeps } from '../../services/users/users-deps';
import { multipartBody, uploadedFileOf } from './multipart-body';
import { describe, errorAnswers, manageUsers } from './user-route-kit';
import { userResource } from './user.resource';

const listBody = listQuerySchema(userContract);
const updateBody = userInputSchema.extend({ id: recordIdSchema });
const recordAnswer = { 200: recordResponseSchema(userSchema), ...errorAnswers };

/**
 * users/index, store, update and destroy (specification §7); users/list and users/view are the
 * mechanism's (users.routes.ts). `users/delete/{id}` answers the same as users/destroy: it is the name the
 * resource mechanism derives, so its generic delete works unchanged.
 */
export const userCrudRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = usersDeps(app);
  const guard = [app.authenticate, manageUsers];
  const page = (request: FastifyRequest) => new ResourceRepository(userResource, request.companyScope(), request.auth).page(request.body as ParsedListQuery);
  const listSchema = (summary: string) => ({ ...describe(summary), body: listBody, response: { 200: userPageSchema, ...errorAnswers } });

  app.post('/users/index', { onRequest: guard, schema: listSchema('One page of the company’s users: search name/username/extension, filter role/status (the same as users/list)') }, page);

  app.post(
    '/users/store',
    {
      onRequest: guard,
      preValidation: multipartBody(AVATAR_MAX_BYTES),
      schema: {
        ...describe(
          'Create a user (multipart with the photo in `file`, or JSON without one)',
          'Photo: PNG, JPEG or WebP by magic bytes, at most 2 MB (422 under `file`). A username is unique forever: one that belonged to a deleted user answers 422 under `username`. Every refused field (username, extension, photo) is named in the same 422.',
        ),
        consumes: ['multipart/form-data', 'application/json'],
        body: userStoreSchema,
        response: recordAnswer,
      },
    },
    async (request) => {
      // The photo is checked with the username and extension, so one 422 names every refused field.
      return { data: await createUser(request.companyScope(), deps, request.body, uploadedFileOf(request)?.data ?? null) };
    },
  );

  app.post(
    '/users/update',
    { onRequest: guard, schema: { ...describe('Update a user (not the username; the password through users/reset-password)'), body: updateBody, response: recordAnswer } },
    async (request) => {
      const { id, ...input } = request.body;
      const data = await updateUser(request.companyScope(), deps, request.auth.userId, id, input);
      announceUserChange(app, id);
      return { data };
    },
  );

  const destroy = async (request: FastifyRequest, id: number) => {
    await destroyUser(request.companyScope(), deps, request.auth.userId, id);
    return { result: 'success' as const };
  };
  const destroyDescription = 'Soft delete: the username can never be used again; the user’s sessions end at once. A manager cannot delete themselves (403).';
  app.post(
    '/users/destroy',
    { onRequest: guard, schema: { ...describe('Delete a user', destroyDescription), body: idBodySchema, response: { 200: successResultSchema, ...errorAnswers } } },
    async (request) => destroy(request, request.body.id),
  );
  app.post(
    '/users/delete/:id',
    { onRequest: guard, schema: { ...describe('Same as users/destroy (the resource mechanism’s name)', destroyDescription), params: idParamsSchema, response: { 200: successResultSchema, ...errorAnswers } } },
    async (request) => destroy(request, request.params.id),
  );
};
