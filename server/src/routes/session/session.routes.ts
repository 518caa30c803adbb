import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginResponseSchema, refreshRequestSchema, userInfoSchema } from '../../../../src/api/contracts/session.contract';
import {
  authErrorResponses,
  bearerSecurity,
  errorResponseSchema,
  successResultSchema,
  validationErrorSchema,
} from '../../lib/api-schemas';
import { unauthenticated } from '../../lib/errors';
import { resolveAuth } from '../../plugins/auth';
import { requestOrigin } from '../../plugins/context';
import { loadAccountById } from '../../services/session/account';
import { familyOfRefreshToken, LoginRevoked, revokeFamily } from '../../services/session/refresh-tokens';
import { refreshSession } from '../../services/session/sign-in';
import { buildUserInfo } from '../../services/session/user-info';
import { disconnectFamilySockets } from '../../services/users/user-sessions';

const logoutRequestSchema = z.object({ refresh_token: z.string().optional() });

/** Refresh, check-user and logout: the calls made while a session is alive. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/refresh-token',
    {
      schema: {
        tags: ['session'],
        summary: 'Exchange a refresh token (form field or JSON) for new tokens',
        description: 'Each refresh token is good once. Presenting a used one revokes the whole login and answers 401.',
        body: refreshRequestSchema,
        response: { 200: loginResponseSchema, 401: errorResponseSchema, 422: validationErrorSchema },
      },
    },
    async (request) => {
      try {
        return await refreshSession(app, request.body.refresh_token, requestOrigin(request));
      } catch (error) {
        // A replayed token ended the login: its sockets must stop receiving calls now, not at their next command.
        if (error instanceof LoginRevoked) await disconnectFamilySockets(app, [error.familyId]);
        throw error;
      }
    },
  );

  app.post(
    '/users/check-user',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['session'],
        summary: 'The signed-in user info',
        security: bearerSecurity,
        response: { 200: userInfoSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const account = await loadAccountById(app.db, request.auth.userId);
      if (!account) throw unauthenticated();
      return buildUserInfo(app.db, account, request.auth.loginType, requestOrigin(request), request.auth.impersonatedBy);
    },
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['session'],
        summary: 'End the session: revokes every refresh token of this login',
        description: 'Identified by the bearer token, by `refresh_token`, or both (so an expired access token can still log out).',
        security: bearerSecurity,
        body: logoutRequestSchema,
        response: { 200: successResultSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const families = new Set<string>();
      const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
      const auth = bearer ? await resolveAuth(request, bearer) : null;
      if (auth) families.add(auth.familyId);
      const presented = request.body.refresh_token;
      const family = presented ? await familyOfRefreshToken(app.db, presented) : null;
      if (family) families.add(family);
      if (families.size === 0) throw unauthenticated();
      for (const familyId of families) await revokeFamily(app.db, familyId);
      await disconnectFamilySockets(app, families);
      return { result: 'success' as const };
    },
  );
};
