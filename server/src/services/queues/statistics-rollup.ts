import { eq, gte, lt, min, ne, sql, type SQL } from 'drizzle-orm';
import type { QueueLogEvent } from '../../../../src/api/queues/queue-log';
import { bucketStart, nextBucket, slotAgentFilter, slotSumsOf, SLOT_BUCKET, type SlotQuery, type SlotSums } from '../../../../src/api/queues/queue-statistics';
import type { CompanyScope } from '../../db/company-scope';
import { queueAgentStats15m, queueLog, queueStats15m, queueStatsRolled } from '../../db/schema';
import { DEFAULT_SERVICE_LEVEL_S, loadBoardConfig } from './queue-board-config';
import { statementRows as rowsOf } from '../../db/statement-rows';

/**
 * The queue log rolled up into 15-minute slots (docs/queues.md "Statistics"), so a month's report reads
 * thousands of sums instead of millions of events. A slot is rolled once it ended ROLL_LAG_MS ago and
 * every call that entered in it has ended, so a rolled slot never changes; a report folds the raw log
 * after the mark with the same pure code (slotSumsOf), so its numbers do not depend on how far the roll got.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** How long after its end a slot waits before it is rolled: calls still ringing in it end first. */
export const ROLL_LAG_MS = 15 * MINUTE;
/** A queue call entered before `to` may be answered or end this much later: its outcome is read too. */
export const OUTCOME_GRACE_MS = 6 * HOUR;
/** A call that has not ended this long after it entered never will (its end was not logged). */
const OPEN_CALL_CAP_MS = 12 * HOUR;
/** The most of the log one step reads: a day, so a first roll over months goes a day at a time. */
const STEP_MS = 24 * HOUR;

/** The queue log's rows a report counts. */
const CALL_EVENTS = ['ENTERQUEUE', 'CONNECT', 'ABANDON', 'EXITWITHTIMEOUT', 'COMPLETE', 'TRANSFER'] as const;

type ThresholdOf = (queue: string) => number;

async function thresholdsOf(scope: CompanyScope): Promise<ThresholdOf> {
  const config = await loadBoardConfig(scope);
  const byQueue = new Map(config.queues.map((q) => [q.number, q.service_level_s]));
  return (queue) => byQueue.get(queue) ?? DEFAULT_SERVICE_LEVEL_S;
}

/** Up to where (exclusive, epoch ms) the company's log is rolled up; null before the first roll. */
export async function rolledTo(scope: CompanyScope): Promise<number | null> {
  const [row] = await scope.findMany(queueStatsRolled);
  return row ? row.rolledTo.getTime() : null;
}


/**
 * The log's call rows from `from` until `until`, oldest first. Hand-written rather than through the
 * query builder: a roll reads hundreds of thousands of rows, and mapping each through the builder's
 * columns cost more than the query (bench:statistics).
 */
async function readCallEvents(scope: CompanyScope, from: number, until: number, queue?: string): Promise<QueueLogEvent[]> {
  const rows = rowsOf<{ at_ms: number; event: QueueLogEvent['event']; uniqueid: string; queue: string; agent: string; data: QueueLogEvent['data'] }>(
    await scope.db.execute(sql`
      select (extract(epoch from at) * 1000)::float8 as at_ms, event, uniqueid, queue, agent, data
      from queue_log
      where company_id = ${scope.companyId} and at >= ${new Date(from).toISOString()}::timestamptz and at < ${new Date(until).toISOString()}::timestamptz
        and event in (${sql.join(CALL_EVENTS.map((event) => sql`${event}`), sql`, `)})
        ${queue ? sql`and queue = ${queue}` : sql``}
      order by at, id`),
  );
  return rows.map((row) => ({ at: Number(row.at_ms), event: row.event, uniqueid: row.uniqueid, queue: row.queue, agent: row.agent, data: row.data }));
}

/** The slot sums of the calls that entered in [from, to), folded from the raw log (and `openSince`). */
async function foldedSlots(scope: CompanyScope, range: { from: number; to: number; openAfter?: number }, thresholdOf: ThresholdOf, readUntil: number, queue?: string) {
  return slotSumsOf(await readCallEvents(scope, range.from, readUntil, queue), range, thresholdOf);
}

/**
 * Rolls the company's log up as far as it can (a day per step): from the mark, or the log's first slot,
 * to the last slot that ended ROLL_LAG_MS ago, stopping at the slot of the earliest call still going.
 * Idempotent, so two processes rolling at once write the same sums; answers the new mark.
 */
export async function rollStatistics(scope: CompanyScope, now = Date.now()): Promise<number | null> {
  let mark = await rolledTo(scope);
  if (mark === null) {
    const [first] = await scope.db.select({ at: min(queueLog.at) }).from(queueLog).where(scope.where(queueLog));
    if (!first?.at) return null;
    mark = bucketStart(new Date(first.at).getTime(), SLOT_BUCKET);
  }
  const target = bucketStart(now - ROLL_LAG_MS, SLOT_BUCKET);
  const thresholdOf = await thresholdsOf(scope);
  while (mark < target) {
    const end = Math.min(mark + STEP_MS, target);
    const { slots, openSince } = await foldedSlots(scope, { from: mark, to: end, openAfter: now - OPEN_CALL_CAP_MS }, thresholdOf, Math.min(now, end + OUTCOME_GRACE_MS));
    const until = openSince === null ? end : Math.min(end, bucketStart(openSince, SLOT_BUCKET));
    if (until <= mark) break;
    await writeSlots(scope, slots.filter((slot) => slot.slot < until), until);
    mark = until;
  }
  return mark;
}

/** Where a slot is kept: the queue totals apart from the many per-agent rows. */
type SlotTable = typeof queueStats15m | typeof queueAgentStats15m;
const tableOf = (agentRows: boolean): SlotTable => (agentRows ? queueAgentStats15m : queueStats15m);

/** Upserts slots into one of the two tables (as one JSON parameter, however many). */
async function upsertSlots(scope: CompanyScope, table: SlotTable, slots: SlotSums[]): Promise<void> {
  if (slots.length === 0) return;
  const rows = JSON.stringify(slots.map((s) => ({ queue: s.queue, agent: s.agent, slot: s.slot, offered: s.offered, answered: s.answered, within: s.within, abandoned: s.abandoned, wait_s: s.wait, talk_s: s.talk, talked: s.talked })));
  await scope.db.execute(sql`
    insert into ${table} (company_id, queue, agent, slot, offered, answered, within, abandoned, wait_s, talk_s, talked)
    select ${scope.companyId}::int, r.queue, r.agent, to_timestamp(r.slot / 1000.0), r.offered, r.answered, r.within, r.abandoned, r.wait_s, r.talk_s, r.talked
    from jsonb_to_recordset(${rows}::jsonb) as r(queue text, agent text, slot bigint, offered int, answered int, within int, abandoned int, wait_s float8, talk_s float8, talked int)
    on conflict (company_id, agent, slot, queue) do update set
      offered = excluded.offered, answered = excluded.answered, within = excluded.within, abandoned = excluded.abandoned,
      wait_s = excluded.wait_s, talk_s = excluded.talk_s, talked = excluded.talked`);
}

/** Writes rolled slots and moves the mark, in one transaction; a slot written again gets the same sums. */
async function writeSlots(company: CompanyScope, slots: SlotSums[], until: number): Promise<void> {
  await company.transaction(async (scope) => {
    await upsertSlots(scope, queueStats15m, slots.filter((slot) => slot.agent === ''));
    await upsertSlots(scope, queueAgentStats15m, slots.filter((slot) => slot.agent !== ''));
    await scope.db
      .insert(queueStatsRolled)
      .values({ companyId: scope.companyId, rolledTo: new Date(until) })
      .onConflictDoUpdate({ target: queueStatsRolled.companyId, set: { rolledTo: sql`greatest(${queueStatsRolled.rolledTo}, excluded.rolled_to)` } });
  });
}

/** Forgets the company's rolled sums: the next roll recomputes them from the log (after a fix, a threshold change). */
export async function forgetRolledStatistics(scope: CompanyScope): Promise<void> {
  await scope.transaction(async (tx) => {
    await tx.delete(queueStats15m);
    await tx.delete(queueAgentStats15m);
    await tx.delete(queueStatsRolled);
  });
}

const ceilSlot = (at: number) => (bucketStart(at, SLOT_BUCKET) === at ? at : nextBucket(bucketStart(at, SLOT_BUCKET), SLOT_BUCKET));

/**
 * The slot sums a report over [from, to) needs: rolled slots for the whole slots before the mark, and
 * the rest (an unaligned edge, the hours after the mark) folded from the raw log.
 */
export async function reportSlots(scope: CompanyScope, query: SlotQuery): Promise<SlotSums[]> {
  const mark = (await rolledTo(scope)) ?? -Infinity;
  const rolledFrom = ceilSlot(query.from);
  const rolledUntil = Math.min(bucketStart(query.to, SLOT_BUCKET), mark);
  const useRolled = rolledUntil > rolledFrom;
  const raw = useRolled
    ? [
        { from: query.from, to: rolledFrom },
        { from: rolledUntil, to: query.to },
      ].filter((range) => range.to > range.from)
    : [{ from: query.from, to: query.to }];
  const thresholdOf = raw.length > 0 ? await thresholdsOf(scope) : () => DEFAULT_SERVICE_LEVEL_S;
  const [rolled, ...folded] = await Promise.all([
    useRolled ? rolledSlots(scope, { ...query, from: rolledFrom, to: rolledUntil }) : Promise.resolve([]),
    ...raw.map((range) => foldedSlots(scope, range, thresholdOf, range.to + OUTCOME_GRACE_MS, query.queue)),
  ]);
  return [...rolled, ...folded.flatMap((part) => part.slots)];
}

const BUCKET_INTERVAL: Record<SlotQuery['bucket'], string> = { '15m': '15 minutes', '30m': '30 minutes', '1h': '1 hour', day: '1 day', week: '7 days' };

/**
 * A slot's bucket in SQL, as bucketStart computes it: binned from a Seoul midnight that was a Monday, so
 * days start at Seoul midnight and weeks on Monday. date_bin works on timestamps; arithmetic on
 * `extract(epoch …)` (numeric) cost five times as much (bench:statistics).
 */
const bucketSql = (bucket: SlotQuery['bucket'], table: SlotTable): SQL => sql`date_bin(${sql.raw(`'${BUCKET_INTERVAL[bucket]}'`)}::interval, ${table.slot}, timestamptz '2001-01-01 00:00:00+09')`;

/**
 * The rolled slots a report reads, summed by the database into the report's buckets (and its groups):
 * a month by hour and queue answers 7,440 rows instead of 28,800 slots.
 */
async function rolledSlots(scope: CompanyScope, query: SlotQuery): Promise<SlotSums[]> {
  const agents = slotAgentFilter(query);
  const table = tableOf(!('agent' in agents) || agents.agent !== '');
  const group = query.group_by === 'queue' ? table.queue : query.group_by === 'agent' ? table.agent : sql`''`;
  const bucket = bucketSql(query.bucket, table);
  const conditions: (SQL | undefined)[] = [
    'agent' in agents ? eq(table.agent, agents.agent) : ne(table.agent, ''),
    gte(table.slot, new Date(query.from)),
    lt(table.slot, new Date(query.to)),
    query.queue ? eq(table.queue, query.queue) : undefined,
  ];
  const rows = rowsOf<{ key: string; start_ms: number; offered: number; answered: number; within: number; abandoned: number; wait_s: number; talk_s: number; talked: number }>(
    await scope.db.execute(sql`
      select ${group} as key, (extract(epoch from ${bucket}) * 1000)::float8 as start_ms, sum(offered)::int as offered, sum(answered)::int as answered, sum(within)::int as within,
             sum(abandoned)::int as abandoned, sum(wait_s)::float8 as wait_s, sum(talk_s)::float8 as talk_s, sum(talked)::int as talked
      from ${table}
      where ${scope.where(table, ...conditions)}
      group by 1, 2`),
  );
  const agentOf = 'agent' in agents ? agents.agent : '';
  return rows.map((row) => ({
    queue: query.group_by === 'queue' ? row.key : (query.queue ?? ''),
    agent: query.group_by === 'agent' ? row.key : agentOf,
    slot: Number(row.start_ms),
    offered: Number(row.offered),
    answered: Number(row.answered),
    within: Number(row.within),
    abandoned: Number(row.abandoned),
    wait: Number(row.wait_s),
    talk: Number(row.talk_s),
    talked: Number(row.talked),
  }));
}
