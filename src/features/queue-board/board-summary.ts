import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { secondsSince } from '../../ui/time/use-now';

/** How many of a queue's members are in each kind of state, for the one-line and wallboard views. */
export function agentCounts(status: QueueStatusRecord): { available: number; busy: number; paused: number; away: number } {
  const counts = { available: 0, busy: 0, paused: 0, away: 0 };
  for (const agent of status.agents) {
    if (agent.state === 'available') counts.available += 1;
    else if (agent.state === 'on_call' || agent.state === 'ringing') counts.busy += 1;
    else if (agent.state === 'logged_out') counts.away += 1;
    else counts.paused += 1;
  }
  return counts;
}

/** The longest wait of a queue now, counted from when each caller entered (the board's own figure is as of the push). */
export const longestWaitNow = (status: QueueStatusRecord, now: number): number =>
  status.waiting.reduce((most, call) => Math.max(most, secondsSince(call.entered_at, now)), 0);
