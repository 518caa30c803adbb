import type { FastifyInstance } from 'fastify';
import type { AnyServerResource } from '../../resources/resource-definition';
import { routingParts } from '../routing/routing-number.parts';

/**
 * What the queue entity adds (docs/queues.md "Queues"): its number kept apart from the other routing
 * numbers and extensions, its overflow destination checked like the routing entities', and every change
 * reaching the PBX at once: queues are live from the database (ring groups wait for the routing's Apply),
 * so the company's directory is reloaded after each store, update and delete. Best effort: a PBX that is
 * down gets the directory when its driver is created again.
 */
const reloadPbx = async (app: FastifyInstance, row: unknown) => {
  const companyId = (row as { companyId?: number }).companyId;
  if (typeof companyId !== 'number') return;
  await app.telephony.reloadDirectory(companyId).catch((error: unknown) => app.log.warn({ error }, 'queue saved; the PBX directory reload failed'));
};

export const queueEntityParts: Partial<AnyServerResource> = {
  ...routingParts('queue', ['overflow_destination']),
  afterCommit: (app, change) => reloadPbx(app, change.after),
  afterDelete: (app, row) => reloadPbx(app, row),
};
