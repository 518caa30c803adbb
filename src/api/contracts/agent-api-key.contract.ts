import { defineEntity } from '../entities/define-entity';
import { dateTimeField, readOnly, secretField, textField, userField } from '../entities/entity-fields';
import type { AccessRule } from '../resources/resource-contract';

/**
 * /agent-api-key: the keys an agent's own software signs in with (`POST user/login { agentApiKey }`,
 * CONTRACT §4, §10; docs/api.md "Agent API keys"). A key is issued for one agent of the company and
 * revoked, never edited. The secret `key` is made by the server and is in store's answer only; the table
 * keeps its SHA-256 (`key_hash`). `last_used_at` is stamped by each sign-in with the key; revoking the key
 * ends the logins it started.
 *
 * Who: the `agent_api_key` CRM menu permission (managers have every user permission, specification §6)
 * in a company with `company_can_provide_agent_api`. A manager issues keys for any active agent of the
 * company; an agent with the permission sees, issues and revokes only their own (the server part:
 * server/src/routes/agent-api-keys/agent-api-key.parts.ts).
 */
const access: AccessRule = {
  permission: 'agent_api_key',
  companyPermission: 'company_can_provide_agent_api',
  companyDenied: 'errors.agent_api_not_provided',
};

export const agentApiKeyEntity = defineEntity({
  name: 'agent-api-key',
  table: 'agent_api_keys',
  fields: {
    user_id: userField({ required: 'validation.agent_api_key_user_required', filter: true }),
    name: textField({ required: 'validation.agent_api_key_name_required', search: true, sort: true, max: 100 }),
    last_used_at: readOnly(dateTimeField({ sort: true })),
    key: secretField(),
  },
  access: { read: access, write: access },
  operations: ['create', 'delete'],
  screens: { list: '/agent-api-key' },
});
