import { eq, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasUserPermission } from '../../../../src/api/permissions/check';
import { callbacks, type CallbackRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { openStatus } from './callback.resource';

/**
 * Which callbacks the caller sees (docs/calls.md): managers all of them; agents with `callback_share`
 * every open callback of the company plus those assigned to them; other agents only those assigned to
 * them. Everything else answers 404, exactly like another company's callback.
 */
export function callbackVisibility(request: FastifyRequest): SQL | undefined {
  const auth = request.auth;
  if (auth.role === 'manager') return undefined;
  const mine = eq(callbacks.assignedUserId, auth.userId);
  return hasUserPermission(auth, 'callback_share') ? or(mine, openStatus()) : mine;
}

export async function visibleCallback(request: FastifyRequest, id: number): Promise<CallbackRow> {
  const [row] = await request.companyScope().findMany(callbacks, eq(callbacks.id, id), callbackVisibility(request));
  if (!row) throw notFound();
  return row;
}
