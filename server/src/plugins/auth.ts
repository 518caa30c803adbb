import type { FastifyRequest } from 'fastify';
import type { LoginType, Role } from '../../../src/api/contracts/session.contract';
import type { PermissionSubject } from '../../../src/api/permissions/check';
import { unauthenticated } from '../lib/errors';
import { globalPlugin } from '../lib/global-plugin';
import { canHoldSession, loadAccountForToken, type AccountCheck, type SessionAccount } from '../services/session/account';

/** Who is calling, read fresh from the database on each request (permissions can change any time). */
export interface RequestAuth extends PermissionSubject {
  userId: number;
  role: Role;
  companyId: number | null;
  permissions: string[];
  companyPermissions: string[];
  familyId: string;
  loginType: LoginType;
  /** The platform administrator working as this user (login-as), or null. */
  impersonatedBy?: number | null;
  /** The user's own extension, read with the session (saves the CTI commands a query of their own). */
  extension: string | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hook that verifies `Authorization: Bearer <access token>` and sets `request.auth`. Use it as
     * `onRequest` so unauthenticated calls get 401 before their body is parsed or validated.
     */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate`; reading it on a route without that hook is a programming error. */
    auth: RequestAuth;
    authOrNull: RequestAuth | null;
  }
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

/** Resolves the caller from an access token; null for anything that is not a live session. */
export async function resolveAuth(request: FastifyRequest, token: string): Promise<RequestAuth | null> {
  const claims = await request.server.accessTokens.verify(token);
  if (!claims) return null;
  return authOfLiveSession(await loadAccountForToken(request.server.db, claims.userId, claims.familyId), claims);
}

/**
 * The caller, if the token's session is still live: logout, a replayed refresh token, deactivation and
 * deletion end it at once (ASVS 7.4), and a user moved to another company must sign in again rather
 * than act with a stale scope. Every kind of token (access, socket, download, recording) checks here.
 */
export function authOfLiveSession(
  account: AccountCheck | null,
  claims: { companyId: number | null; familyId: string; loginType: LoginType; impersonatedBy?: number | null },
): RequestAuth | null {
  if (!account || !account.familyActive || !canHoldSession(account)) return null;
  if (account.user.companyId !== claims.companyId) return null;
  return authOfAccount(account, claims);
}

/** The caller as routes see it, from a live account and the claims of the token that named it. */
function authOfAccount(account: SessionAccount, claims: { familyId: string; loginType: LoginType; impersonatedBy?: number | null }): RequestAuth {
  return {
    userId: account.user.id,
    role: account.user.role,
    companyId: account.user.companyId,
    permissions: [...account.user.permissions],
    companyPermissions: account.company ? [...account.company.permissions] : [],
    familyId: claims.familyId,
    loginType: claims.loginType,
    impersonatedBy: claims.impersonatedBy ?? null,
    extension: account.user.extension,
  };
}

export const authPlugin = globalPlugin('auth', async (app) => {
  app.decorateRequest('authOrNull', null);
  app.decorateRequest('auth', {
    getter(this: FastifyRequest) {
      if (!this.authOrNull) throw new Error('request.auth read on a route without app.authenticate');
      return this.authOrNull;
    },
  });
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const auth = token ? await resolveAuth(request, token) : null;
    if (!auth) throw unauthenticated();
    request.authOrNull = auth;
  });
});
