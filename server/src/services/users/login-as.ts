import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '../../../../src/api/contracts/session.contract';
import { users } from '../../db/schema';
import { FieldValidationError, notFound } from '../../lib/errors';
import { canHoldSession, loadAccount } from '../session/account';
import { issueRefreshToken } from '../session/refresh-tokens';
import { buildUserInfo } from '../session/user-info';

/**
 * "Admin can log in as a selected user" (specification §6): a new login of that user, exactly what their
 * own password sign-in would give (loginType `password`, a new refresh-token family), so the user's
 * screens behave as they do for them. The admin's own session is left alone. Every use is logged with
 * both ids; the answer itself cannot tell it apart from the user's own sign-in (docs/users.md).
 */
export async function loginAs(app: FastifyInstance, adminId: number, userId: number, origin: string): Promise<LoginResponse> {
  const account = await loadAccount(app.db, eq(users.id, userId));
  // Unknown, deleted and other admins all read as "no such user".
  if (!account || account.user.deletedAt || account.user.role === 'admin') throw notFound();
  if (!canHoldSession(account)) throw new FieldValidationError({ user_id: ['validation.login_as_inactive'] });
  const loginType = 'password';
  const refresh = await issueRefreshToken(app.db, { userId, loginType, ttlSeconds: app.config.refreshTokenTtlSeconds });
  const accessToken = await app.accessTokens.sign({
    userId,
    role: account.user.role,
    companyId: account.user.companyId,
    familyId: refresh.familyId,
    loginType,
  });
  app.log.info({ adminId, userId, familyId: refresh.familyId }, 'admin signed in as a user');
  return { access_token: accessToken, refresh_token: refresh.token, user: await buildUserInfo(app.db, account, loginType, origin) };
}
