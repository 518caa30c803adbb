import { bucketRows, type Bucket, type CountedCall, type StatisticsRow } from './queue-statistics';

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
  const counted: CountedCall[] = [];
  for (const call of calls) {
    const answered = call.answeredAt !== null;
    const wait = answered ? Math.max(0, (call.answeredAt! - call.startedAt) / 1000) : 0;
    counted.push({
      at: call.startedAt,
      answered,
      wait,
      within: answered && wait <= query.thresholdS,
      abandoned: !answered && (call.disposition === 'abandoned' || call.disposition === 'missed'),
      talk: answered ? call.talkSeconds : null,
    });
  }
  return bucketRows(counted, query);
}
