import type { QueueStatusRecord } from '../contracts/queue-status.contract';

/**
 * How many of a queue's members are in each kind of state (ringing counts as busy with a call, any pause
 * as paused), for the one-line views: queue-all, the wallboard, the dashboard.
 */
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
  status.waiting.reduce((most, call) => Math.max(most, (now - Date.parse(call.entered_at)) / 1000), 0);
