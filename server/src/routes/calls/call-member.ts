import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { callMemberChoices, calls, members } from '../../db/schema';
import { fieldError, notFound } from '../../lib/errors';
import { visibleCall } from './call-visibility';

/**
 * `cti/calls/member` (docs/calls.md "The member of a call"): the member the agent chose for a call in the
 * select-member pop-up, kept by uniqueid so the call log names them. Only someone who may see the call
 * chooses; the member must be the company's.
 */
export async function chooseCallMember(request: FastifyRequest, uniqueid: string, memberId: number) {
  const scope = request.companyScope();
  await reachableCall(request, uniqueid);
  const [member] = await scope.findMany(members, eq(members.id, memberId));
  if (!member) throw fieldError('member_id', 'validation.call_member_unknown');
  await scope.db
    .insert(callMemberChoices)
    .values({ companyId: scope.companyId, uniqueid, memberId: member.id, chosenBy: request.auth.userId })
    .onConflictDoUpdate({
      target: [callMemberChoices.companyId, callMemberChoices.uniqueid],
      set: { memberId: sql`excluded.member_id`, chosenBy: sql`excluded.chosen_by`, chosenAt: sql`now()` },
    });
  return { uniqueid, member_id: member.id, member_name: member.name };
}

/**
 * A logged call the caller may see (`visibleCall`), or one not logged yet that is live on the caller's
 * own extension: the pop-up opens at the ring and the recorder writes the row a moment later (with
 * Redis, maybe in another process). This process's pending write of the call is awaited first, so a
 * row on its way is found as a row. Anything else answers 404, another company's call too.
 */
async function reachableCall(request: FastifyRequest, uniqueid: string): Promise<void> {
  const scope = request.companyScope();
  await request.server.callLog.written(scope.companyId, uniqueid);
  const [logged] = await scope.db
    .select({ id: calls.id })
    .from(calls)
    .where(scope.where(calls, eq(calls.uniqueid, uniqueid)))
    .limit(1);
  if (logged) {
    await visibleCall(request, uniqueid);
    return;
  }
  const { extension } = request.auth;
  const live = extension ? await request.server.telephony.liveCalls(scope.companyId, extension) : [];
  if (!live.some((event) => event.payload.uniqueid === uniqueid)) throw notFound();
}
