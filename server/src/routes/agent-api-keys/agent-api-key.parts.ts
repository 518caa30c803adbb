import { and, eq } from 'drizzle-orm';
import { agentApiKeys, companies, users } from '../../db/schema';
import { fieldError, HttpError } from '../../lib/errors';
import type { AnyServerResource } from '../../resources/resource-definition';
import { loginFamiliesOfAgentApiKey, providesAgentApi, revokeAgentApiKeyLogins } from '../../services/session/agent-api-keys';
import { disconnectFamilySockets } from '../../services/users/user-sessions';

/**
 * What agent API keys add to what their fields derive (src/api/contracts/agent-api-key.contract.ts;
 * docs/api.md "Agent API keys"). The secret itself is derived: `key` is a secret field, so store makes
 * it, keeps its SHA-256 and answers it once.
 *
 * - An agent sees and revokes only their own keys (visibility: anyone else's is a 404) and issues keys
 *   only for themselves; a manager issues them for any active agent of the company.
 * - Issuing needs a company that provides the agent API (its flag and its company permission): 403
 *   `errors.agent_api_not_provided` otherwise, as the access rule answers when the permission is missing.
 * - Revoking (delete) revokes every login the key started, in the delete's transaction, then closes
 *   their sockets.
 */
export const agentApiKeyParts: Partial<AnyServerResource> = {
  visibility: (caller) => (caller.role === 'agent' ? eq(agentApiKeys.user_id!, caller.userId) : undefined),

  validate: async (scope, values, _existing, caller) => {
    const [company] = await scope.db
      .select({ canProvideAgentApi: companies.canProvideAgentApi, permissions: companies.permissions, deletedAt: companies.deletedAt })
      .from(companies)
      .where(eq(companies.id, scope.companyId));
    if (!providesAgentApi(company)) throw new HttpError(403, 'errors.agent_api_not_provided');
    const userId = (values as { user_id?: number | null }).user_id;
    if (userId === null || userId === undefined) return;
    if (caller?.role === 'agent' && userId !== caller.userId) throw fieldError('user_id', 'validation.agent_api_key_own_only');
    const [user] = await scope.db
      .select({ role: users.role, status: users.status, deletedAt: users.deletedAt })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, scope.companyId)));
    if (!user || user.role !== 'agent' || user.status !== 'active' || user.deletedAt) {
      throw fieldError('user_id', 'validation.agent_api_key_user_not_agent');
    }
  },

  onDelete: [
    async (scope, row) => {
      await revokeAgentApiKeyLogins(scope.db, (row as { id: number }).id);
    },
  ],

  afterDelete: async (app, row) => disconnectFamilySockets(app, await loginFamiliesOfAgentApiKey(app.db, (row as { id: number }).id)),
};
