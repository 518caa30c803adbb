import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, companyApiKeys, refreshTokens } from '../../db/schema';
import { sha256Hex } from '../../lib/tokens';

/**
 * Company API keys (`/admin/management/api-key`, docs/administration.md): what `company/login` and a
 * revocation need. The keys are listed, issued and revoked by server/src/routes/admin/company-api-key.routes.ts.
 */

/** The live key with this secret: not revoked, of a company that is not deleted. */
export async function findCompanyApiKey(db: Database, secret: string): Promise<{ id: number; companyId: number } | null> {
  const [key] = await db
    .select({ id: companyApiKeys.id, companyId: companyApiKeys.companyId })
    .from(companyApiKeys)
    .innerJoin(companies, eq(companies.id, companyApiKeys.companyId))
    .where(and(eq(companyApiKeys.keyHash, sha256Hex(secret)), isNull(companyApiKeys.revokedAt), isNull(companies.deletedAt)))
    .limit(1);
  return key ?? null;
}

/** Stamps the key's `last_used_at` (a sign-in with it). */
export async function markCompanyApiKeyUsed(db: Database, keyId: number): Promise<void> {
  await db.update(companyApiKeys).set({ lastUsedAt: sql`now()` }).where(eq(companyApiKeys.id, keyId));
}

/** Revokes every login a key started and answers their families (their sockets' rooms). */
export async function revokeCompanyApiKeyLogins(db: Database, keyId: number): Promise<string[]> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.companyApiKeyId, keyId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(revoked.map((row) => row.familyId))];
}
