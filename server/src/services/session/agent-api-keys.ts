import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { agentApiKeys, refreshTokens, type CompanyRow } from '../../db/schema';
import { sha256Hex } from '../../lib/tokens';

/**
 * Agent API keys (`/agent-api-key`, docs/api.md "Agent API keys"): what sign-in and revocation need. The
 * keys themselves are an entity (src/api/contracts/agent-api-key.contract.ts); its server part is
 * server/src/routes/agent-api-keys/agent-api-key.parts.ts.
 */

/**
 * Whether a company provides the agent API: its flag (`can_provide_agent_api`, specification §3 "Can
 * provide agent API is a company flag") and its company permission (`company_can_provide_agent_api`,
 * what the route, the menu and the API's access rule check). Keys are issued and sign in only when both
 * say yes, so the two can never disagree in the key's favour.
 */
export function providesAgentApi(company: Pick<CompanyRow, 'canProvideAgentApi' | 'permissions' | 'deletedAt'> | null | undefined): boolean {
  return Boolean(company && company.deletedAt === null && company.canProvideAgentApi && company.permissions.includes('company_can_provide_agent_api'));
}

/** The key with this secret, whoever's it is (the hash is unique across companies). */
export async function findAgentApiKey(db: Database, secret: string): Promise<{ id: number; companyId: number; userId: number | null } | null> {
  const [key] = await db
    .select({ id: agentApiKeys.id, companyId: agentApiKeys.companyId, userId: agentApiKeys.user_id! })
    .from(agentApiKeys)
    .where(eq(agentApiKeys.key!, sha256Hex(secret)))
    .limit(1);
  return key ? { id: key.id as number, companyId: key.companyId as number, userId: key.userId as number | null } : null;
}

/** Stamps the key's `last_used_at` (a sign-in with it); `updated_at` stays the key's own last change. */
export async function markAgentApiKeyUsed(db: Database, keyId: number): Promise<void> {
  await db
    .update(agentApiKeys)
    .set({ last_used_at: sql`now()` } as never)
    .where(eq(agentApiKeys.id, keyId));
}

/**
 * Revokes every login a key started (their refresh-token families: the access tokens stop at the next
 * request, the refresh tokens at once) and answers their families. Runs in the key's delete transaction.
 */
export async function revokeAgentApiKeyLogins(db: Database, keyId: number): Promise<string[]> {
  const revoked = await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.agentApiKeyId, keyId), isNull(refreshTokens.revokedAt)))
    .returning({ familyId: refreshTokens.familyId });
  return [...new Set(revoked.map((row) => row.familyId))];
}

/** The families of every login a key started, live or revoked (their sockets' rooms). */
export async function loginFamiliesOfAgentApiKey(db: Database, keyId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.agentApiKeyId, keyId));
  return rows.map((row) => row.familyId);
}

