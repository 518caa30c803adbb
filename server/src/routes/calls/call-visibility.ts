import { eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { hasUserPermission } from '../../../../src/api/permissions/check';
import { calls, type CallRow } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ownExtensionOf } from '../../services/telephony/company-directory';

/**
 * Which calls of the company the caller may see (docs/calls.md): managers, and agents with
 * `call_statistics`, see all of them; other agents only the calls their own extension rang on, talked
 * on or placed: a recording is a customer's voice, not something every agent should browse.
 * Undefined means "no extra condition".
 */
export async function callVisibility(request: FastifyRequest): Promise<SQL | undefined> {
  const auth = request.auth;
  if (hasUserPermission(auth, 'call_statistics')) return undefined;
  const extension = await ownExtensionOf(request.server.db, auth.userId);
  return extension ? sql`${calls.extensions} @> array[${extension}]::text[]` : sql`false`;
}

/** One call of the caller's company that the caller may see, by uniqueid; 404 otherwise. */
export async function visibleCall(request: FastifyRequest, uniqueid: string): Promise<CallRow> {
  const scope = request.companyScope();
  const [row] = await scope.findMany(calls, eq(calls.uniqueid, uniqueid), await callVisibility(request));
  if (!row) throw notFound();
  return row;
}
