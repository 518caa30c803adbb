import { bucketStart, nextBucket, type Bucket, type StatisticsRow } from './queue-statistics';

/** One call of the call log as the call statistics read it. */
export interface LoggedCall {
  startedAt: number;
  answeredAt: number | null;
  talkSeconds: number | null;
  disposition: string | null;
}

/**
 * `statistics/calls`: every call of the call log (docs/queues.md "Statistics"), in the bucket it started
 * in. Offered is every call; answered, those anyone answered; abandoned, inbound calls nobody answered
 * (abandoned or missed; blocked and routed calls rang nobody and count as neither); the wait runs from
 * the start to the answer, and the service level is answered within `thresholdS` ÷ answered.
 */
export function callStatistics(calls: Iterable<LoggedCall>, query: { from: number; to: number; bucket: Bucket; thresholdS: number }): StatisticsRow[] {
  const rows = new Map<number, { offered: number; answered: number; within: number; abandoned: number; wait: number; talk: number; talked: number }>();
  for (let start = bucketStart(query.from, query.bucket); start < query.to; start = nextBucket(start, query.bucket)) {
    rows.set(start, { offered: 0, answered: 0, within: 0, abandoned: 0, wait: 0, talk: 0, talked: 0 });
  }
  for (const call of calls) {
    if (call.startedAt < query.from || call.startedAt >= query.to) continue;
    const row = rows.get(bucketStart(call.startedAt, query.bucket));
    if (!row) continue;
    row.offered += 1;
    if (call.answeredAt !== null) {
      const wait = Math.max(0, (call.answeredAt - call.startedAt) / 1000);
      row.answered += 1;
      row.wait += wait;
      if (wait <= query.thresholdS) row.within += 1;
      if (call.talkSeconds !== null) {
        row.talk += call.talkSeconds;
        row.talked += 1;
      }
    } else if (call.disposition === 'abandoned' || call.disposition === 'missed') row.abandoned += 1;
  }
  const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
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
