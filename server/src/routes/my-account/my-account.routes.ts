import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordSchema,
  personalInformationSchema,
  userInfoSchema,
} from '../../../../src/api/contracts/session.contract';
import { users } from '../../db/schema';
import {
  authErrorResponses,
  bearerSecurity,
  errorResponseSchema,
  successResultSchema,
  validationErrorSchema,
} from '../../lib/api-schemas';
import { fieldError, unauthenticated } from '../../lib/errors';
import { requestOrigin } from '../../plugins/context';
import { loadAccountById } from '../../services/session/account';
import { clearLoginFailures, keepAsFailure, reserveLoginAttempt, usernameSubject } from '../../services/session/login-throttle';
import { revokeOtherFamilies } from '../../services/session/refresh-tokens';
import { disconnectFamilySockets } from '../../services/users/user-sessions';
import { buildUserInfo } from '../../services/session/user-info';
import type { FastifyRequest } from 'fastify';

const userResponseSchema = z.object({ user: userInfoSchema });

/** The signed-in user's own profile and password. */
export const myAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  const currentAccount = async (request: FastifyRequest) => {
    const account = await loadAccountById(app.db, request.auth.userId);
    if (!account) throw unauthenticated();
    return account;
  };
  const userInfoOf = async (request: FastifyRequest) =>
    buildUserInfo(app.db, await currentAccount(request), request.auth.loginType, requestOrigin(request));

  app.post(
    '/my-account/view',
    {
      schema: {
        tags: ['my-account'],
        summary: 'My profile',
        security: bearerSecurity,
        response: { 200: userResponseSchema, ...authErrorResponses },
      },
    },
    async (request) => ({ user: await userInfoOf(request) }),
  );

  app.post(
    '/my-account/update',
    {
      schema: {
        tags: ['my-account'],
        summary: 'Update my name, contact details and language',
        security: bearerSecurity,
        body: personalInformationSchema,
        response: { 200: userResponseSchema, 422: validationErrorSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { name, email, mobile, landline, language } = request.body;
      await app.db
        .update(users)
        .set({ name, email, mobile, landline, language, updatedAt: sql`now()` })
        .where(eq(users.id, request.auth.userId));
      return { user: await userInfoOf(request) };
    },
  );

  app.post(
    '/my-account/change-password',
    {
      schema: {
        tags: ['my-account'],
        summary: 'Change my password; ends my other sessions',
        security: bearerSecurity,
        body: changePasswordSchema,
        response: { 200: successResultSchema, 422: validationErrorSchema, 429: errorResponseSchema, ...authErrorResponses },
      },
    },
    async (request) => {
      const { user } = await currentAccount(request);
      // Guessing the current password from a stolen session counts against the same per-account limit
      // as sign-in attempts.
      const subject = usernameSubject(user.username);
      await reserveLoginAttempt(app.db, app.config.loginThrottle, subject, request.ip);
      if (!(await app.passwords.verify(user.passwordHash, request.body.current_password))) {
        await keepAsFailure(app.db, subject);
        throw fieldError('current_password', 'validation.current_password_wrong');
      }
      await clearLoginFailures(app.db, subject);
      const passwordHash = await app.passwords.hash(request.body.new_password);
      await app.db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
      // Anyone else holding this account's tokens is signed out; this session stays (OWASP ASVS 7.4.3).
      await disconnectFamilySockets(app, await revokeOtherFamilies(app.db, user.id, request.auth.familyId));
      return { result: 'success' as const };
    },
  );
};
