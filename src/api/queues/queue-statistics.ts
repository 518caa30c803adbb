import { agentStateOf, dataNumber, type AgentState, type PauseReason, type QueueLogEvent } from './queue-log';

/**
 * Reports from the queue log (CONTRACT §12 `statistics/inbound`, `statistics/calls`,
 * `statistics/extension-status`): pure, so a report over the raw events, the server's rolled-up one and
 * the tests agree (docs/queues.md "Statistics"). Times are Asia/Seoul, which has no daylight saving: a
 * bucket is a fixed span from a Seoul midnight, weeks from Monday.
 */

export const BUCKETS = ['15m', '30m', '1h', 'day', 'week'] as const;
export type Bucket = (typeof BUCKETS)[number];

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SEOUL_OFFSET = 9 * 60 * MINUTE;
const SPAN: Record<Exclude<Bucket, 'week'>, number> = { '15m': 15 * MINUTE, '30m': 30 * MINUTE, '1h': 60 * MINUTE, day: DAY };

/** The start (epoch ms) of the bucket holding `at`. */
export function bucketStart(at: number, bucket: Bucket): number {
  const local = at + SEOUL_OFFSET;
  if (bucket === 'week') {
    const day = Math.floor(local / DAY);
    // 1970-01-01 was a Thursday: three days after a Monday.
    const monday = day - ((day + 3) % 7);
    return monday * DAY - SEOUL_OFFSET;
  }
  return Math.floor(local / SPAN[bucket]) * SPAN[bucket] - SEOUL_OFFSET;
}

/** The start of the bucket after the one starting at `start`. */
export const nextBucket = (start: number, bucket: Bucket): number => start + (bucket === 'week' ? 7 * DAY : SPAN[bucket]);

export interface StatisticsRow {
  bucket_start: string;
  offered: number;
  answered: number;
  abandoned: number;
  /** Answered within the queue's threshold ÷ answered; null without answers. */
  service_level: number | null;
  avg_wait_s: number | null;
  avg_talk_s: number | null;
}

export interface StatisticsQuery {
  from: number;
  to: number;
  bucket: Bucket;
  queue?: string;
  extension?: string;
  /** A queue's service-level threshold in seconds. */
  thresholdOf: (queue: string) => number;
}

interface CallFacts {
  queue: string;
  entered: number;
  agent: string;
  answered: boolean;
  abandoned: boolean;
  wait: number;
  talk: number;
  completed: boolean;
}

/** Each queue call once (a call that went through two queues counts in each), by its entry. */
function callsOf(events: Iterable<QueueLogEvent>): Map<string, CallFacts> {
  const calls = new Map<string, CallFacts>();
  for (const event of events) {
    if (!event.queue || !event.uniqueid) continue;
    const key = `${event.queue}\u0000${event.uniqueid}`;
    if (event.event === 'ENTERQUEUE') {
      calls.set(key, { queue: event.queue, entered: event.at, agent: '', answered: false, abandoned: false, wait: 0, talk: 0, completed: false });
      continue;
    }
    const call = calls.get(key);
    if (!call) continue;
    if (event.event === 'CONNECT') Object.assign(call, { answered: true, agent: event.agent, wait: dataNumber(event, 'wait_s') });
    else if (event.event === 'ABANDON') Object.assign(call, { abandoned: true, wait: dataNumber(event, 'wait_s') });
    else if (event.event === 'COMPLETE' || event.event === 'TRANSFER') Object.assign(call, { completed: true, talk: dataNumber(event, 'talk_s') });
  }
  return calls;
}

/** One call as a report counts it, whatever log it comes from. */
export interface CountedCall {
  /** When it counts: the bucket holding this moment. */
  at: number;
  answered: boolean;
  /** Seconds until answered (for answered calls). */
  wait: number;
  /** Answered within the threshold. */
  within: boolean;
  abandoned: boolean;
  /** Talk seconds of a call whose talk is known, else null. */
  talk: number | null;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * The report rows from `from` to `to`, one per bucket, empty buckets included: the one tally behind
 * `queueStatistics` and `callStatistics` (call-statistics.ts).
 */
export function bucketRows(calls: Iterable<CountedCall>, range: { from: number; to: number; bucket: Bucket }): StatisticsRow[] {
  const rows = new Map<number, { offered: number; answered: number; within: number; abandoned: number; wait: number; talk: number; talked: number }>();
  for (let start = bucketStart(range.from, range.bucket); start < range.to; start = nextBucket(start, range.bucket)) {
    rows.set(start, { offered: 0, answered: 0, within: 0, abandoned: 0, wait: 0, talk: 0, talked: 0 });
  }
  for (const call of calls) {
    if (call.at < range.from || call.at >= range.to) continue;
    const row = rows.get(bucketStart(call.at, range.bucket));
    if (!row) continue;
    row.offered += 1;
    if (call.answered) {
      row.answered += 1;
      row.wait += call.wait;
      if (call.within) row.within += 1;
    }
    if (call.abandoned) row.abandoned += 1;
    if (call.talk !== null) {
      row.talked += 1;
      row.talk += call.talk;
    }
  }
  return [...rows.entries()].map(([start, row]) => ({
    bucket_start: new Date(start).toISOString(),
    offered: row.offered,
    answered: row.answered,
    abandoned: row.abandoned,
    service_level: ratio(row.within, row.answered),
    avg_wait_s: ratio(row.wait, row.answered),
    avg_talk_s: ratio(row.talk, row.talked),
  }));
}

/** Queue calls by the bucket each entered its queue in, with each queue's threshold. */
export function queueStatistics(events: Iterable<QueueLogEvent>, query: StatisticsQuery): StatisticsRow[] {
  const counted: CountedCall[] = [];
  for (const call of callsOf(events).values()) {
    if (query.queue && call.queue !== query.queue) continue;
    if (query.extension && call.agent !== query.extension) continue;
    counted.push({
      at: call.entered,
      answered: call.answered,
      wait: call.wait,
      within: call.answered && call.wait <= query.thresholdOf(call.queue),
      abandoned: call.abandoned,
      talk: call.completed ? call.talk : null,
    });
  }
  return bucketRows(counted, query);
}

/** One span of an agent's day in one state (the extension analysis's timeline). */
export interface StateInterval {
  agent: string;
  state: AgentState;
  reason: PauseReason | null;
  start: number;
  end: number;
}

/**
 * The agents' state intervals between `from` and `to`, clipped to it: each AGENTSTATUS starts a state
 * that lasts until the agent's next one (or `to`). The state an agent was in at `from` comes from its
 * last event before it, so `events` should start early enough (the server reads from the day before).
 */
export function stateIntervals(events: Iterable<QueueLogEvent>, from: number, to: number, extension?: string): StateInterval[] {
  const open = new Map<string, { state: AgentState; reason: PauseReason | null; start: number }>();
  const intervals: StateInterval[] = [];
  const lastOf = new Map<string, StateInterval>();
  const close = (agent: string, end: number) => {
    const current = open.get(agent);
    if (!current) return;
    const start = Math.max(current.start, from);
    const stop = Math.min(end, to);
    if (stop <= start) return;
    const last = lastOf.get(agent);
    // A repeated status continues the interval before it.
    if (last && last.state === current.state && last.reason === current.reason && last.end === start) {
      last.end = stop;
      return;
    }
    const interval = { agent, state: current.state, reason: current.reason, start, end: stop };
    intervals.push(interval);
    lastOf.set(agent, interval);
  };
  for (const event of events) {
    if (event.event !== 'AGENTSTATUS' || (extension && event.agent !== extension)) continue;
    if (event.at >= to) break;
    close(event.agent, event.at);
    open.set(event.agent, { ...agentStateOf(dataNumber(event, 'status'), dataNumber(event, 'exten_status')), start: event.at });
  }
  for (const agent of open.keys()) close(agent, to);
  return intervals.sort((a, b) => a.agent.localeCompare(b.agent) || a.start - b.start);
}

/** Seconds per state for each agent, from the intervals. */
export function secondsInState(intervals: readonly StateInterval[]): Record<string, Partial<Record<AgentState, number>>> {
  const totals: Record<string, Partial<Record<AgentState, number>>> = {};
  for (const interval of intervals) {
    const agent = (totals[interval.agent] ??= {});
    agent[interval.state] = (agent[interval.state] ?? 0) + (interval.end - interval.start) / 1000;
  }
  return totals;
}
