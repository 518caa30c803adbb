import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import type { LoginType } from '../../../../src/api/contracts/session.contract';
import type { Database } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { HttpError, unauthenticated } from '../../lib/errors';
import { newOpaqueToken, sha256Hex } from '../../lib/tokens';

/**
 * Refresh-token families (CONTRACT §4, departs: rotation). A sign-in starts a family; each refresh uses
 * the presented token once and issues the next; a used token presented again means it was stolen or
 * replayed, so the whole family is revoked and every holder must sign in again.
 */

export interface IssuedRefreshToken {
  token: string;
  familyId: string;
}

/**
 * `agentApiKeyId` is the agent API key that started the login (every token of its family carries it), so
 * revoking the key ends the login (docs/api.md "Agent API keys").
 */
export async function issueRefreshToken(
  db: Database,
  input: {
    userId: number;
    loginType: LoginType;
    ttlSeconds: number;
    familyId?: string;
    agentApiKeyId?: number | null;
    companyApiKeyId?: number | null;
    impersonatedBy?: number | null;
  },
): Promise<IssuedRefreshToken> {
  const token = newOpaqueToken();
  const familyId = input.familyId ?? randomUUID();
  if (!input.familyId) {
    // A new login is a good moment to drop this user's long-expired tokens; nothing else reads them.
    await db
      .delete(refreshTokens)
      .where(and(eq(refreshTokens.userId, input.userId), lt(refreshTokens.expiresAt, sql`now() - interval '1 day'`)));
  }
  await db.insert(refreshTokens).values({
    familyId,
    tokenHash: sha256Hex(token),
    userId: input.userId,
    loginType: input.loginType,
    agentApiKeyId: input.agentApiKeyId ?? null,
    companyApiKeyId: input.companyApiKeyId ?? null,
    impersonatedBy: input.impersonatedBy ?? null,
    expiresAt: new Date(Date.now() + input.ttlSeconds * 1000),
  });
  return { token, familyId };
}

export interface ConsumedRefreshToken {
  userId: number;
  familyId: string;
  loginType: LoginType;
  agentApiKeyId: number | null;
  companyApiKeyId: number | null;
  /** The administrator who started the login with login-as, or null. */
  impersonatedBy: number | null;
}

/** A 401 that also revoked a login: whoever answers it closes that login's sockets too. */
export class LoginRevoked extends HttpError {
  constructor(readonly familyId: string) {
    super(401, 'errors.refresh_token_invalid');
  }
}

/**
 * Marks a refresh token used and answers whose it was; every failure is a 401 `refresh_token_invalid`,
 * a `LoginRevoked` when it ended the login (a replay).
 */
export async function consumeRefreshToken(db: Database, presented: string): Promise<ConsumedRefreshToken> {
  const invalid = () => unauthenticated('errors.refresh_token_invalid');
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256Hex(presented))).limit(1);
  if (!row || row.revokedAt) throw invalid();
  if (row.usedAt) {
    await revokeFamily(db, row.familyId);
    throw new LoginRevoked(row.familyId);
  }
  if (row.expiresAt.getTime() <= Date.now()) throw invalid();
  // Claim it atomically: of two concurrent refreshes with the same token only one wins; the loser is
  // treated as a replay.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(db, row.familyId);
    throw new LoginRevoked(row.familyId);
  }
  return { userId: row.userId, familyId: row.familyId, loginType: row.loginType, agentApiKeyId: row.agentApiKeyId,
    companyApiKeyId: row.companyApiKeyId,
    impersonatedBy: row.impersonatedBy,
  };
}

export async function revokeFamily(db: Database, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Family of a refresh token, or null when the token is unknown. */
export async function familyOfRefreshToken(db: Database, presented: string): Promise<string | null> {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256Hex(presented)))
    .limit(1);
  return row?.familyId ?? null;
}

/** Ends every other login of a user, e.g. after a password change (OWASP ASVS 7.4.3); answers their families. */
export async function revokeOtherFamilies(db: Database, userId: number, keepFamilyId: string): Promise<string[]> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), ne(refreshTokens.familyId, keepFamilyId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(revoked.map((row) => row.familyId))];
}
