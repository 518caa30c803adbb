import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LoginResponse } from '../../../../src/api/contracts/session.contract';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { FieldValidationError, notFound } from '../../lib/errors';
import { writeAudit } from '../admin/audit-log';
import { canHoldSession, loadAccount } from '../session/account';
import { startSession } from '../session/sign-in';

/**
 * "Admin can log in as a selected user" (specification §6): a new login of that user (loginType
 * `password`, a new refresh-token family), so the user's screens behave as they do for them, except that
 * every token of the login carries `impersonated_by` (the admin), which the user info answers, so the
 * app shows a banner and a way back (docs/administration.md). The admin's own session is left alone.
 * The login and its audit-log entry are written in one transaction: no login-as goes unrecorded.
 */
export async function loginAs(app: FastifyInstance, adminId: number, userId: number, origin: string, ip: string | null): Promise<LoginResponse> {
  const account = await loadAccount(app.db, eq(users.id, userId));
  // Unknown, deleted and other admins all read as "no such user".
  if (!account || account.user.deletedAt || account.user.role === 'admin') throw notFound();
  if (!canHoldSession(account)) throw new FieldValidationError({ user_id: ['validation.login_as_inactive'] });
  return app.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const answer = await startSession({ db: tx, config: app.config, passwords: app.passwords, accessTokens: app.accessTokens }, account, 'password', origin, {
      impersonatedBy: adminId,
    });
    await writeAudit(tx, {
      actorUserId: adminId,
      action: 'login_as',
      targetUserId: userId,
      targetCompanyId: account.user.companyId,
      ip,
      detail: { username: account.user.username, role: account.user.role },
    });
    return answer;
  });
}
