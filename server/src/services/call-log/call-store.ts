import { and, eq, sql } from 'drizzle-orm';
import type { CallDisposition } from '../../../../src/api/contracts/call.contract';
import type { Database } from '../../db/client';
import { callEvents, calls, queues, type CallRow } from '../../db/schema';
import type { CallEndOutcome } from '../../telephony/driver';
import { durationsOf, type CallSnapshot, type TrackedEvent } from './call-track';

/**
 * Writes a call's current state and its new events. One row per (company, uniqueid): a second write
 * replaces what the events decide (end, disposition, durations) and merges what must never go back
 * (the earliest start, the first ring and answer, every extension), so replaying events, or a restart
 * that starts a fresh track for a call already logged, never loses what was known.
 */

/** Keeps the first occurrence of each element of `a || b`, in order. */
const mergedExtensions = sql`array(select x from unnest(${calls.extensions} || excluded.extensions) with ordinality as t(x, n) group by x order by min(n))`;

export async function saveCall(
  db: Database,
  companyId: number,
  call: CallSnapshot,
  disposition: CallDisposition | null,
  newEvents: readonly TrackedEvent[],
): Promise<number> {
  const [row] = await db
    .insert(calls)
    .values({
      companyId,
      uniqueid: call.uniqueid,
      direction: call.direction,
      callerNumber: call.callerNumber,
      calleeNumber: call.calleeNumber,
      extension: call.extension,
      extensions: call.extensions,
      queue: call.queue,
      startedAt: call.startedAt,
      ringingAt: call.ringingAt,
      answeredAt: call.answeredAt,
      endedAt: call.endedAt,
      durationSeconds: call.durationSeconds,
      talkSeconds: call.talkSeconds,
      disposition,
      recordingFile: call.recordingFile,
      callerId: call.callerId,
    })
    .onConflictDoUpdate({
      target: [calls.companyId, calls.uniqueid],
      set: {
        direction: sql`excluded.direction`,
        callerNumber: sql`excluded.caller_number`,
        calleeNumber: sql`excluded.callee_number`,
        extension: sql`coalesce(excluded.extension, ${calls.extension})`,
        extensions: mergedExtensions,
        queue: sql`coalesce(excluded.queue, ${calls.queue})`,
        startedAt: sql`least(${calls.startedAt}, excluded.started_at)`,
        ringingAt: sql`coalesce(${calls.ringingAt}, excluded.ringing_at)`,
        answeredAt: sql`coalesce(${calls.answeredAt}, excluded.answered_at)`,
        endedAt: sql`excluded.ended_at`,
        durationSeconds: sql`excluded.duration_seconds`,
        talkSeconds: sql`excluded.talk_seconds`,
        disposition: sql`excluded.disposition`,
        recordingFile: sql`coalesce(excluded.recording_file, ${calls.recordingFile})`,
        callerId: sql`coalesce(excluded.caller_id, ${calls.callerId})`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: calls.id });
  const callId = row!.id;
  if (newEvents.length > 0) {
    await db.insert(callEvents).values(
      newEvents.map((event) => ({
        companyId,
        callId,
        type: event.type,
        state: event.state,
        extension: event.extension,
        number: event.number,
        occurredAt: event.at,
      })),
    );
  }
  return callId;
}

/**
 * A one-touch recording of a logged call: the file joins the call's list (once) and is an event of the
 * call. Written straight to the row, because the request that started it may reach a process that
 * holds no track of the call. Answers false when the call is not (yet) logged.
 */
export async function addOneTouchFile(
  db: Database,
  companyId: number,
  recording: { uniqueid: string; extension: string; file: string; at: Date },
): Promise<boolean> {
  const [row] = await db
    .update(calls)
    .set({
      oneTouchFiles: sql`case when ${recording.file} = any(${calls.oneTouchFiles}) then ${calls.oneTouchFiles} else array_append(${calls.oneTouchFiles}, ${recording.file}) end`,
      updatedAt: new Date(),
    })
    .where(and(eq(calls.companyId, companyId), eq(calls.uniqueid, recording.uniqueid)))
    .returning({ id: calls.id });
  if (!row) return false;
  await db.insert(callEvents).values({
    companyId,
    callId: row.id,
    type: 'one_touch_recording',
    state: null,
    extension: recording.extension,
    number: recording.file,
    occurredAt: recording.at,
  });
  return true;
}

/**
 * How an ended call went. An inbound queue call the PBX reported on (`call_ended`) went as it says: the
 * caller hung up (abandoned) or the queue gave up (missed; Asterisk queues can time out). Without that
 * word, a caller who hung up before a queue answered abandoned the call (queues in the simulator never
 * give up on their own); a direct, ring-group, outbound or internal call that nobody answered was missed.
 */
export async function dispositionOf(db: Database, companyId: number, call: CallSnapshot): Promise<CallDisposition | null> {
  if (!call.endedAt) return null;
  // The blacklist refused the caller: nothing rang, nobody missed it.
  if (call.blocked) return 'blocked';
  // `answered` from the PBX alone: the queue connected the caller to someone who is not our extension.
  if (call.answered || call.outcome === 'answered') return 'answered';
  // The routing sent the caller where no agent rings, and none rang before (a ring group that rang agents first was missed).
  if (call.direction === 'inbound' && call.routedTo && call.ringingAt === null) return 'routed';
  if (call.direction === 'inbound' && call.outcome) return call.outcome;
  if (call.direction === 'inbound' && call.queue && (await isQueue(db, companyId, call.queue))) return 'abandoned';
  return 'missed';
}

async function isQueue(db: Database, companyId: number, number: string): Promise<boolean> {
  const [row] = await db
    .select({ id: queues.id })
    .from(queues)
    .where(and(eq(queues.companyId, companyId), eq(queues.number!, number)))
    .limit(1);
  return row !== undefined;
}

/**
 * A logged call whose track is gone (a restart), as `CallTrack.giveUp()` would leave it: over at its
 * last PBX event. The row is all that is left of the track: its parties, its merged times and, from its
 * kept `call_ended` event, how the PBX said the caller left (null when it did not).
 */
export function givenUpSnapshot(row: CallRow, lastEventAt: Date, outcome: CallEndOutcome | null): CallSnapshot {
  return {
    uniqueid: row.uniqueid,
    direction: row.direction,
    callerNumber: row.callerNumber,
    calleeNumber: row.calleeNumber,
    extension: row.extension,
    extensions: row.extensions,
    queue: row.queue,
    startedAt: row.startedAt,
    ringingAt: row.ringingAt,
    answeredAt: row.answeredAt,
    endedAt: lastEventAt,
    ...durationsOf(row.startedAt, row.answeredAt, lastEventAt),
    answered: row.answeredAt !== null,
    recordingFile: row.recordingFile,
    outcome,
    blocked: row.disposition === 'blocked',
    callerId: row.callerId,
    routedTo: null,
  };
}
