import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { CallDisposition } from '../../../../src/api/contracts/call.contract';
import type { Database } from '../../db/client';
import { companyScope } from '../../db/company-scope';
import { callEvents, calls } from '../../db/schema';
import type { CallEndOutcome } from '../../telephony/driver';
import { givenUpSnapshot } from './call-store';
import type { CallSnapshot } from './call-track';

/**
 * The rows of the sweep that closes calls a restart left in progress (docs/calls.md, `sweepStale`).
 * The tracks that would have given them up are gone, so the database is all there is to go on.
 */

export interface StaleCall {
  id: number;
  companyId: number;
  /** The call as `giveUp` would leave it: over at its last PBX event. */
  snapshot: CallSnapshot;
}

const eventsOfCall = sql`${callEvents.callId} = ${calls.id} and ${callEvents.companyId} = ${calls.companyId}`;

/**
 * The last time anything was heard of the call: the row's last write (the recorder's, or a one-touch
 * recording) or its newest event, whichever is later. One query serves the select and the update, so a
 * write that lands in between makes the call live again for the update too.
 */
const quietSince = (cutoff: Date) =>
  sql`greatest(${calls.updatedAt}, (select max(${callEvents.occurredAt}) from ${callEvents} where ${eventsOfCall})) < ${cutoff.toISOString()}::timestamptz`;

/** Whole-call end time, like the track's: PBX events only (a one-touch recording is not one of them). */
const lastPbxEventAt = sql<Date>`coalesce((select max(${callEvents.occurredAt}) from ${callEvents} where ${eventsOfCall} and ${callEvents.type} <> 'one_touch_recording'), ${calls.startedAt})`.mapWith(calls.startedAt);

/** The state of the call's latest `call_ended` is how the PBX said the caller left. */
const pbxOutcome = sql<CallEndOutcome | null>`(select ${callEvents.state} from ${callEvents} where ${eventsOfCall} and ${callEvents.type} = 'call_ended' order by ${callEvents.occurredAt} desc, ${callEvents.id} desc limit 1)`;

/** Rows read per query: a sweep after a long outage never holds the whole backlog at once. */
const BATCH = 100;

/**
 * Calls not ended and quiet since before `cutoff`, in id order, read `BATCH` at a time. Across
 * companies on purpose: the sweep is the process's housekeeping, not a company's request; each row
 * carries its company, and everything done to it afterwards is scoped to that company.
 */
export async function* staleCalls(db: Database, cutoff: Date): AsyncGenerator<StaleCall> {
  for (let afterId = 0; ; ) {
    const rows = await db
      .select({ row: calls, lastEventAt: lastPbxEventAt, outcome: pbxOutcome })
      .from(calls)
      .where(and(isNull(calls.endedAt), gt(calls.id, afterId), quietSince(cutoff)))
      .orderBy(asc(calls.id))
      .limit(BATCH);
    for (const { row, lastEventAt, outcome } of rows) {
      yield { id: row.id, companyId: row.companyId, snapshot: givenUpSnapshot(row, lastEventAt, outcome) };
    }
    if (rows.length < BATCH) return;
    afterId = rows[rows.length - 1]!.row.id;
  }
}

/**
 * Writes the end of a stale call, only if it is still not ended and still quiet: two processes sweeping
 * at once, or an event arriving meanwhile, must not finalise it twice. Answers whether this one did.
 */
export async function closeStaleCall(db: Database, stale: StaleCall, disposition: CallDisposition | null, cutoff: Date): Promise<boolean> {
  const { endedAt, durationSeconds, talkSeconds } = stale.snapshot;
  const closed = await companyScope(db, stale.companyId).update(
    calls,
    { endedAt, durationSeconds, talkSeconds, disposition, updatedAt: new Date() },
    eq(calls.id, stale.id),
    isNull(calls.endedAt),
    quietSince(cutoff),
  );
  return closed.length > 0;
}
