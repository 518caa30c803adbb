import type { EntityViewOverrides } from '../../ui/resource/entity-view';

/**
 * The entities whose client view adds to what is derived from their description, by entity name, each
 * a lazy import of `src/features/<entity>/<entity>.view.tsx` (docs/resources.md "Entities"). An entity
 * that needs nothing more is not listed: its screens come from the catalogue alone.
 */
export const ENTITY_VIEWS: Readonly<Record<string, () => Promise<EntityViewOverrides>>> = {
  // The new key shown once after Add, with a copy button; who it is for; the revoke confirmation.
  'agent-api-key': () => import('../../features/agent-api-key/agent-api-key.view').then((m) => m.agentApiKeyView),
  // A row button opening caller-id/{id}/users, who may dial out with it.
  'caller-id': () => import('../../features/caller-id/caller-id.view').then((m) => m.callerIdView),
  // The length as m:ss and a Listen column.
  'sound-file': () => import('../../features/sound-file/sound-file.view').then((m) => m.soundFileView),
  // The pop-ups' path parameters (time-condition/add/{keyword}/{type}); the week view above the list.
  'time-condition': () => import('../../features/time-condition/time-condition.view').then((m) => m.timeConditionView),
  // Routing is staged until Apply: the Apply bar above each routing list (docs/routing.md). Inbound
  // numbers also open "what happens to this call?" (toolbar, and per row with the number filled in).
  'inbound-number': () => import('../../features/routing/inbound-number.view').then((m) => m.inboundNumberView),
  ivr: () => import('../../features/routing/routing.view').then((m) => m.routingView),
  'ring-group': () => import('../../features/routing/routing.view').then((m) => m.routingView),
  'callback-group': () => import('../../features/routing/routing.view').then((m) => m.routingView),
  // The members with their penalties as a list column (docs/queues.md "Queues").
  queue: () => import('../../features/queue/queue.view').then((m) => m.queueView),
  // A toolbar button opening transfer/history.
  transfer: () => import('../../features/transfer/transfer.view').then((m) => m.transferView),
};
