import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasUserPermission } from '../../../../src/api/permissions/check';
import { calls, type CallRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { Caller } from '../../resources/resource-definition';

/**
 * Which calls of the company the caller may see (docs/calls.md): managers, and agents with
 * `call_statistics`, see all of them; other agents only the calls their own extension rang on, talked
 * on or placed: a recording is a customer's voice, not something every agent should browse.
 * Undefined means "no extra condition". The caller's extension is read with their session.
 */
export function callVisibility(caller: Caller): SQL | undefined {
  if (hasUserPermission(caller, 'call_statistics')) return undefined;
  return caller.extension ? sql`${calls.extensions} @> array[${caller.extension}]::text[]` : sql`false`;
}

/** One call of the caller's company that the caller may see, by uniqueid; 404 otherwise. */
export async function visibleCall(request: FastifyRequest, uniqueid: string): Promise<CallRow> {
  const [row] = await request.companyScope().findMany(calls, eq(calls.uniqueid, uniqueid), callVisibility(request.auth));
  if (!row) throw notFound();
  return row;
}
