import { asc, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { InboundStatisticsBody, StatisticsBody } from '../../../../src/api/contracts/statistics.contract';
import { callStatistics } from '../../../../src/api/queues/call-statistics';
import type { QueueLogEvent } from '../../../../src/api/queues/queue-log';
import { rowsOfSlots, secondsInState, stateIntervals, type StatisticsRow } from '../../../../src/api/queues/queue-statistics';
import type { CompanyScope } from '../../db/company-scope';
import { calls, queueLog, users } from '../../db/schema';
import { DEFAULT_SERVICE_LEVEL_S } from './queue-board-config';
import { eventOfRow } from './queue-boards';
import { reportSlots } from './statistics-rollup';

const DAY_MS = 86_400_000;

/**
 * `statistics/inbound` (docs/queues.md "Statistics"): queue calls from the queue log, each in the bucket
 * it entered the queue in, with its queue's service-level threshold; rolled-up slots where there are
 * (statistics-rollup.ts), the raw log elsewhere.
 */
export async function inboundStatistics(scope: CompanyScope, body: InboundStatisticsBody): Promise<StatisticsRow[]> {
  const query = {
    from: Date.parse(body.from),
    to: Date.parse(body.to),
    bucket: body.bucket,
    ...(body.queue ? { queue: body.queue } : {}),
    ...(body.extension ? { extension: body.extension } : {}),
    ...(body.group_by ? { group_by: body.group_by } : {}),
  };
  return rowsOfSlots(await reportSlots(scope, query), query);
}

/** `statistics/calls`: every call of the call log (one direction, queue or extension if asked). */
export async function callLogStatistics(scope: CompanyScope, body: StatisticsBody): Promise<StatisticsRow[]> {
  const from = Date.parse(body.from);
  const to = Date.parse(body.to);
  const rows = await scope.db
    .select({ startedAt: calls.startedAt, answeredAt: calls.answeredAt, talkSeconds: calls.talkSeconds, disposition: calls.disposition })
    .from(calls)
    .where(
      scope.where(
        calls,
        gte(calls.startedAt, new Date(from)),
        lt(calls.startedAt, new Date(to)),
        body.direction ? eq(calls.direction, body.direction) : undefined,
        body.queue ? eq(calls.queue, body.queue) : undefined,
        body.extension ? sql`${calls.extensions} @> array[${body.extension}]::text[]` : undefined,
      ),
    );
  const logged = rows.map((row) => ({ startedAt: row.startedAt.getTime(), answeredAt: row.answeredAt?.getTime() ?? null, talkSeconds: row.talkSeconds, disposition: row.disposition }));
  return callStatistics(logged, { from, to, bucket: body.bucket, thresholdS: DEFAULT_SERVICE_LEVEL_S });
}

/**
 * `statistics/extension-status`: each agent's day (Asia/Seoul) as state intervals and seconds per state,
 * from the queue log's AGENTSTATUS rows; the state an agent was in at midnight comes from their last row
 * of the week before. A day still going ends now.
 */
export async function extensionStatusOfDay(scope: CompanyScope, date: string, extension: string | undefined, now = Date.now()) {
  const dayStart = Date.parse(`${date}T00:00:00+09:00`);
  const dayEnd = Math.min(dayStart + DAY_MS, Math.max(now, dayStart));
  const agent = extension ? eq(queueLog.agent, extension) : undefined;
  const [before, during, names] = await Promise.all([
    scope.db
      .selectDistinctOn([queueLog.agent])
      .from(queueLog)
      .where(scope.where(queueLog, eq(queueLog.event, 'AGENTSTATUS'), lt(queueLog.at, new Date(dayStart)), gte(queueLog.at, new Date(dayStart - 7 * DAY_MS)), agent))
      .orderBy(queueLog.agent, desc(queueLog.at), desc(queueLog.id)),
    scope.db
      .select()
      .from(queueLog)
      .where(scope.where(queueLog, eq(queueLog.event, 'AGENTSTATUS'), gte(queueLog.at, new Date(dayStart)), lt(queueLog.at, new Date(dayStart + DAY_MS)), agent))
      .orderBy(asc(queueLog.at), asc(queueLog.id)),
    scope.db
      .select({ extension: users.extension, name: users.name })
      .from(users)
      .where(scope.where(users, isNull(users.deletedAt), isNotNull(users.extension), extension ? eq(users.extension, extension) : undefined)),
  ]);
  const events: QueueLogEvent[] = [...before, ...during].map(eventOfRow);
  const intervals = stateIntervals(events, dayStart, dayEnd, extension);
  const seconds = secondsInState(intervals);
  const nameOf = new Map(names.map((row) => [row.extension ?? '', row.name]));
  const agents = [...new Set([...names.map((row) => row.extension ?? ''), ...intervals.map((i) => i.agent)])].filter((ext) => ext !== '').sort();
  return agents.map((ext) => ({
    extension: ext,
    name: nameOf.get(ext) ?? '',
    seconds: seconds[ext] ?? {},
    intervals: intervals
      .filter((interval) => interval.agent === ext)
      .map((interval) => ({ state: interval.state, reason: interval.reason, start: new Date(interval.start).toISOString(), end: new Date(interval.end).toISOString() })),
  }));
}
