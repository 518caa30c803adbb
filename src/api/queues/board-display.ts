import type { QueueStatusRecord } from '../contracts/queue-status.contract';

/**
 * How a queue shows on the boards (docs/queues.md "Board label and colours"): its board label, else its
 * name; and the waits at which it turns amber and red, each its own setting or, blank, today's rule from
 * the service-level threshold (half of it amber, all of it red).
 */
export type WaitLevel = 'none' | 'warning' | 'danger';

type Thresholds = Pick<QueueStatusRecord, 'service_level_s' | 'wait_warning_s' | 'wait_danger_s'>;

/** The name the boards show: the label when set. */
export const boardName = (status: Pick<QueueStatusRecord, 'name' | 'label'>): string => status.label || status.name;

/** The waits (seconds) at which a queue turns amber and red. */
export function waitThresholds(status: Thresholds): { warning: number; danger: number } {
  return { warning: status.wait_warning_s ?? status.service_level_s / 2, danger: status.wait_danger_s ?? status.service_level_s };
}

/** A wait at or above the red threshold is late, at or above the amber one a warning. */
export function waitLevel(waitedS: number, status: Thresholds): WaitLevel {
  const { warning, danger } = waitThresholds(status);
  if (waitedS >= danger) return 'danger';
  if (waitedS >= warning) return 'warning';
  return 'none';
}
