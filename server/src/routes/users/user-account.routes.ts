import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  resetPasswordResponseSchema,
  resetPasswordSchema,
  updateQueueReportStatusSchema,
  updateUserStatusSchema,
  userResponseSchema,
} from '../../../../src/api/contracts/user-actions.contract';
import { AVATAR_MAX_BYTES } from '../../../../src/api/contracts/user.contract';
import { recordIdSchema } from '../../../../src/api/resources/resource-contract';
import { errorResponseSchema } from '../../lib/api-schemas';
import { fieldError, notFound } from '../../lib/errors';
import { updateQueueReportStatus, updateUserStatus, resetUserPassword } from '../../services/users/user-account';
import { checkAvatar, loadAvatar } from '../../services/users/user-avatars';
import { announceUserChange } from '../../services/users/user-sessions';
import { replaceAvatar } from '../../services/users/user-writes';
import { usersDeps } from '../../services/users/users-deps';
import { multipartBody, uploadedFileOf } from './multipart-body';
import { describe, errorAnswers, manageUsers } from './user-route-kit';

/** Status, queue report, password reset and photo of one user (docs/users.md). */
export const userAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = usersDeps(app);
  const guard = [app.authenticate, manageUsers];

  app.post(
    '/users/update-status',
    {
      onRequest: guard,
      schema: {
        ...describe('Make a user active or inactive', 'Inactive: the user cannot sign in and every open session (tokens and sockets) ends at once. Not on oneself (403).'),
        body: updateUserStatusSchema,
        response: { 200: userResponseSchema, ...errorAnswers },
      },
    },
    async (request) => ({ data: await updateUserStatus(request.companyScope(), deps, request.auth.userId, request.body.id, request.body.status) }),
  );

  app.post(
    '/users/update-queue-report-status',
    {
      onRequest: guard,
      schema: { ...describe('Whether the user gets the queue report'), body: updateQueueReportStatusSchema, response: { 200: userResponseSchema, ...errorAnswers } },
    },
    async (request) => {
      const data = await updateQueueReportStatus(request.companyScope(), request.body.id, request.body.queue_report_status);
      announceUserChange(app, request.body.id);
      return { data };
    },
  );

  app.post(
    '/users/reset-password',
    {
      onRequest: guard,
      schema: {
        ...describe(
          'Reset a user’s password',
          'With `password` (8+ characters) that becomes the password; without it a 12-character temporary password is generated and answered once as `temporary_password`. The user’s sessions end. Not on oneself (403: use my-account/change-password).',
        ),
        body: resetPasswordSchema,
        response: { 200: resetPasswordResponseSchema, ...errorAnswers },
      },
    },
    async (request) => resetUserPassword(request.companyScope(), deps, request.auth.userId, request.body.id, request.body.password),
  );

  app.post(
    '/users/update-avatar',
    {
      onRequest: guard,
      preValidation: multipartBody(AVATAR_MAX_BYTES),
      schema: {
        ...describe('Replace a user’s photo (multipart: `id` and `file`; PNG, JPEG or WebP, at most 2 MB)'),
        consumes: ['multipart/form-data'],
        body: z.object({ id: recordIdSchema }),
        response: { 200: userResponseSchema, ...errorAnswers },
      },
    },
    async (request) => {
      const file = uploadedFileOf(request);
      if (!file) throw fieldError('file', 'validation.avatar_required');
      return { data: await replaceAvatar(request.companyScope(), request.body.id, checkAvatar(file.data)) };
    },
  );

  // No bearer token: an <img> cannot send one. The key is 128 random bits and changes with the photo.
  app.get(
    '/users/avatar/:key',
    {
      schema: {
        tags: ['users'],
        summary: 'A user’s photo by its unguessable key (the `avatar` address)',
        params: z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{10,64}$/) }),
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        response: { 200: z.any().describe('The image'), 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const avatar = await loadAvatar(app.db, request.params.key);
      if (!avatar) throw notFound();
      return reply
        .header('Content-Type', avatar.contentType)
        .header('Content-Security-Policy', "default-src 'none'")
        .header('Content-Disposition', 'inline')
        .send(avatar.data);
    },
  );
};
