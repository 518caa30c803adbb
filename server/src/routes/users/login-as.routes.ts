import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponseSchema } from '../../../../src/api/contracts/session.contract';
import { loginAsSchema } from '../../../../src/api/contracts/user-actions.contract';
import { requestOrigin } from '../../plugins/context';
import { requireRole } from '../../plugins/permissions';
import { loginAs } from '../../services/users/login-as';
import { describe, errorAnswers } from './user-route-kit';

/** `users/login-as` (specification §6: the admin logs in as a selected user, after a confirmation). */
export const loginAsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/users/login-as',
    {
      onRequest: [app.authenticate, requireRole('admin')],
      schema: {
        ...describe(
          'Admin only: sign in as a user of any company',
          'Answers that user’s login response (loginType `password`, a new login of theirs) whose `user.impersonated_by` names the admin, through every refresh; the admin’s session is unchanged, and the login is written to the audit log (`management/audit-log/list`). Unknown, deleted or admin users answer 404; an inactive one 422 under `user_id`.',
        ),
        body: loginAsSchema,
        response: { 200: loginResponseSchema, ...errorAnswers },
      },
    },
    async (request) => loginAs(app, request.auth.userId, request.body.user_id, requestOrigin(request), request.ip),
  );
};
