import { eq } from 'drizzle-orm';
import { transferHistory } from '../db/schema';
import { autoCallCampaignParts } from '../routes/auto-call/auto-call-campaign.parts';
import { agentApiKeyParts } from '../routes/agent-api-keys/agent-api-key.parts';
import { callerIdRoutes } from '../routes/caller-ids/caller-id.routes';
import { queueEntityParts } from '../routes/queues/queue-entity.parts';
import { ROUTING_ENTITY_PARTS } from '../routes/routing/routing-number.parts';
import { transferParts } from '../routes/transfers/transfer.parts';
import type { AnyServerResource } from './resource-definition';

/**
 * What an entity adds on the server to what its fields derive (docs/resources.md "Entities"): its own
 * checks, visibility, cascades, routes. Keyed by the entity's name; an entity without parts is absent.
 */
export const ENTITY_PARTS: Readonly<Record<string, Partial<AnyServerResource>>> = {
  // Agents see their own keys; issuing checks the agent and the company; revoking ends the key's logins.
  'agent-api-key': agentApiKeyParts,
  // caller-id/mine and caller-id/choose: an agent's own caller ids (docs/telephony.md "Caller ID").
  'caller-id': { routes: callerIdRoutes },
  // Agents see their own extension's; every write keeps its history and reaches the PBX (docs/telephony.md "Call forwarding").
  transfer: transferParts,
  // Routing (issue 17): numbers kept apart from each other, queues and extensions; destinations that exist.
  ...ROUTING_ENTITY_PARTS,
  // Queues (issue 18): a routing number and overflow like the others; each change reloads the PBX directory.
  queue: queueEntityParts,
  // Auto-call campaigns (issue 19): caller id, extensions and sound file checked; the numbers' routes.
  'auto-call': autoCallCampaignParts,
  // Read-only: written by the forwarding's changes; an agent sees their own extension's.
  'transfer-history': { visibility: (caller) => (caller.role === 'agent' ? eq(transferHistory.extension!, caller.extension ?? '') : undefined) },
};
