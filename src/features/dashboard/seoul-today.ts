import { bucketStart } from '../../api/queues/queue-statistics';

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/**
 * Today as the statistics and the call log count it: the Seoul day (no daylight saving), its
 * `YYYY-MM-DD` for day filters and its start and end as ISO moments for the statistics' ranges.
 */
export interface SeoulToday {
  day: string;
  from: string;
  to: string;
  /** Epoch ms of the Seoul midnight that began today. */
  start: number;
}

export function seoulToday(now: number = Date.now()): SeoulToday {
  const start = bucketStart(now, 'day');
  return {
    day: new Date(start + SEOUL_OFFSET_MS).toISOString().slice(0, 10),
    from: new Date(start).toISOString(),
    to: new Date(start + DAY_MS).toISOString(),
    start,
  };
}
