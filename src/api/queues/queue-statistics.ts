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
  /** The queue or agent, in a grouped report. */
  group?: string;
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
  /** Left the queue or hung up: nothing more will be logged for it. */
  ended: boolean;
}

/** Each queue call once (a call that went through two queues counts in each), by its entry. */
function callsOf(events: Iterable<QueueLogEvent>): Map<string, CallFacts> {
  const calls = new Map<string, CallFacts>();
  for (const event of events) {
    if (!event.queue || !event.uniqueid) continue;
    const key = `${event.queue}\u0000${event.uniqueid}`;
    if (event.event === 'ENTERQUEUE') {
      calls.set(key, { queue: event.queue, entered: event.at, agent: '', answered: false, abandoned: false, wait: 0, talk: 0, completed: false, ended: false });
      continue;
    }
    const call = calls.get(key);
    if (!call) continue;
    if (event.event === 'CONNECT') Object.assign(call, { answered: true, agent: event.agent, wait: dataNumber(event, 'wait_s') });
    else if (event.event === 'ABANDON') Object.assign(call, { abandoned: true, ended: true, wait: dataNumber(event, 'wait_s') });
    else if (event.event === 'EXITWITHTIMEOUT') call.ended = true;
    else if (event.event === 'COMPLETE' || event.event === 'TRANSFER') Object.assign(call, { completed: true, ended: true, talk: dataNumber(event, 'talk_s') });
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

/** What a report row is computed from: sums, so sums of smaller buckets make a larger one exactly. */
export interface Sums {
  offered: number;
  answered: number;
  /** Answered within the threshold. */
  within: number;
  abandoned: number;
  /** Seconds until answered, over the answered calls. */
  wait: number;
  /** Talk seconds, over the `talked` calls whose talk is known. */
  talk: number;
  talked: number;
}

const emptySums = (): Sums => ({ offered: 0, answered: 0, within: 0, abandoned: 0, wait: 0, talk: 0, talked: 0 });

function addCall(sums: Sums, call: CountedCall): void {
  sums.offered += 1;
  if (call.answered) {
    sums.answered += 1;
    sums.wait += call.wait;
    if (call.within) sums.within += 1;
  }
  if (call.abandoned) sums.abandoned += 1;
  if (call.talk !== null) {
    sums.talked += 1;
    sums.talk += call.talk;
  }
}

function addSums(into: Sums, from: Sums): void {
  into.offered += from.offered;
  into.answered += from.answered;
  into.within += from.within;
  into.abandoned += from.abandoned;
  into.wait += from.wait;
  into.talk += from.talk;
  into.talked += from.talked;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

function rowOf(start: number, sums: Sums, isoOf: (start: number) => string = (at) => new Date(at).toISOString()): StatisticsRow {
  return {
    bucket_start: isoOf(start),
    offered: sums.offered,
    answered: sums.answered,
    abandoned: sums.abandoned,
    service_level: ratio(sums.within, sums.answered),
    avg_wait_s: ratio(sums.wait, sums.answered),
    avg_talk_s: ratio(sums.talk, sums.talked),
  };
}

/** Every bucket from `from` to `to`, empty, in order. */
function emptyBuckets(range: { from: number; to: number; bucket: Bucket }): Map<number, Sums> {
  const buckets = new Map<number, Sums>();
  for (let start = bucketStart(range.from, range.bucket); start < range.to; start = nextBucket(start, range.bucket)) buckets.set(start, emptySums());
  return buckets;
}

/**
 * The report rows from `from` to `to`, one per bucket, empty buckets included: the tally behind
 * `callStatistics` (call-statistics.ts).
 */
export function bucketRows(calls: Iterable<CountedCall>, range: { from: number; to: number; bucket: Bucket }): StatisticsRow[] {
  const buckets = emptyBuckets(range);
  for (const call of calls) {
    if (call.at < range.from || call.at >= range.to) continue;
    const sums = buckets.get(bucketStart(call.at, range.bucket));
    if (sums) addCall(sums, call);
  }
  return [...buckets].map(([start, sums]) => rowOf(start, sums));
}

/** The smallest bucket, of which every other is a whole number: the rolled-up table's unit. */
export const SLOT_BUCKET: Bucket = '15m';

/**
 * One queue's calls that entered it in one 15-minute slot: with `agent` '' every call of the queue, else
 * the calls that agent answered. The rolled-up table (queue_stats_15m) holds these rows, and a report
 * over raw events computes the same ones first, so both give the same numbers.
 */
export interface SlotSums extends Sums {
  queue: string;
  agent: string;
  slot: number;
}

/**
 * The slot sums of the queue calls that entered in [from, to), each with its queue's threshold, and
 * `openSince`: the entry of the earliest such call that has not ended and entered after `openAfter`
 * (null when none) — slots from there on may still change, so they are not rolled up yet.
 */
export function slotSumsOf(events: Iterable<QueueLogEvent>, range: { from: number; to: number; openAfter?: number }, thresholdOf: (queue: string) => number): { slots: SlotSums[]; openSince: number | null } {
  const slots = new Map<string, SlotSums>();
  const add = (queue: string, agent: string, slot: number, call: CountedCall) => {
    const key = `${queue}\u0000${agent}\u0000${slot}`;
    let sums = slots.get(key);
    if (!sums) slots.set(key, (sums = { queue, agent, slot, ...emptySums() }));
    addCall(sums, call);
  };
  let openSince: number | null = null;
  for (const call of callsOf(events).values()) {
    if (call.entered < range.from || call.entered >= range.to) continue;
    if (!call.ended && call.entered > (range.openAfter ?? -Infinity)) openSince = Math.min(openSince ?? Infinity, call.entered);
    const counted: CountedCall = {
      at: call.entered,
      answered: call.answered,
      wait: call.wait,
      within: call.answered && call.wait <= thresholdOf(call.queue),
      abandoned: call.abandoned,
      talk: call.completed ? call.talk : null,
    };
    const slot = bucketStart(call.entered, SLOT_BUCKET);
    add(call.queue, '', slot, counted);
    if (call.answered && call.agent) add(call.queue, call.agent, slot, counted);
  }
  return { slots: [...slots.values()], openSince };
}

/** How a report's rows are split: one series, or one per queue or per answering agent. */
export const STATISTICS_GROUPS = ['queue', 'agent'] as const;
export type StatisticsGroup = (typeof STATISTICS_GROUPS)[number];

export interface SlotQuery {
  from: number;
  to: number;
  bucket: Bucket;
  queue?: string;
  /** Only the calls this agent answered. */
  extension?: string;
  group_by?: StatisticsGroup;
}

/** Which slot rows a query reads: the queue totals, or the per-agent rows. */
export function slotAgentFilter(query: Pick<SlotQuery, 'extension' | 'group_by'>): { agent: string } | { anyAgent: true } {
  if (query.extension) return { agent: query.extension };
  return query.group_by === 'agent' ? { anyAgent: true } : { agent: '' };
}

/**
 * The report from slot sums (rolled up or just folded): each bucket from `from` to `to`, empty ones
 * included, per group when grouped (groups that have calls, in order), with `group` set.
 */
export function rowsOfSlots(slots: Iterable<SlotSums>, query: SlotQuery): StatisticsRow[] {
  const agents = slotAgentFilter(query);
  const groups = new Map<string, Map<number, Sums>>();
  if (!query.group_by) groups.set('', emptyBuckets(query));
  const first = bucketStart(query.from, query.bucket);
  for (const slot of slots) {
    if (query.queue && slot.queue !== query.queue) continue;
    if ('agent' in agents ? slot.agent !== agents.agent : slot.agent === '') continue;
    // A raw slot may start before an unaligned `from`; its calls entered after it.
    const start = bucketStart(slot.slot, query.bucket);
    if (slot.slot >= query.to || start < first) continue;
    const group = query.group_by === 'queue' ? slot.queue : query.group_by === 'agent' ? slot.agent : '';
    let buckets = groups.get(group);
    if (!buckets) groups.set(group, (buckets = emptyBuckets(query)));
    const sums = buckets.get(start);
    if (sums) addSums(sums, slot);
  }
  // Every group has the same buckets: each start is written out once (a month by hour and queue: 744, not 7,440).
  const iso = new Map<number, string>();
  const isoOf = (start: number) => {
    let text = iso.get(start);
    if (text === undefined) iso.set(start, (text = new Date(start).toISOString()));
    return text;
  };
  const rows: StatisticsRow[] = [];
  for (const group of [...groups.keys()].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }))) {
    for (const [start, sums] of groups.get(group)!) {
      const row = rowOf(start, sums, isoOf);
      if (query.group_by) row.group = group;
      rows.push(row);
    }
  }
  return rows;
}

/** Queue calls by the bucket each entered its queue in, with each queue's threshold. */
export function queueStatistics(events: Iterable<QueueLogEvent>, query: SlotQuery & { thresholdOf: (queue: string) => number }): StatisticsRow[] {
  return rowsOfSlots(slotSumsOf(events, query, query.thresholdOf).slots, query);
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
