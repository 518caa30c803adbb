import type { QueueStatusRecord } from '../../api/contracts/queue-status.contract';
import { boardName } from '../../api/queues/board-display';
import { longestWaitNow } from '../../api/queues/board-summary';
import type { AgentState, PauseReason } from '../../api/queues/queue-log';
import { secondsSince } from '../../ui/time/use-now';

/**
 * The queue report's figures (the pop-up `queue-status-report`, docs/queues.md "Queue report"), from the
 * live boards at `now`: one row per queue and one per agent across the queues they are a member of.
 * The table on screen and the Excel file are both made from these rows.
 */

export interface QueueReportRow {
  queue: string;
  name: string;
  offered: number;
  answered: number;
  abandoned: number;
  timed_out: number;
  service_level_s: number;
  /** 0–1, null before the first answer. */
  service_level: number | null;
  service_level_with_abandoned: number | null;
  avg_wait_s: number | null;
  avg_talk_s: number | null;
  longest_wait_s: number;
  waiting: number;
}

export interface AgentReportRow {
  extension: string;
  name: string;
  /** The boards' names of the agent's queues, in queue order. */
  queues: string[];
  state: AgentState;
  reason: PauseReason | null;
  /** Null when the board has never seen the agent. */
  seconds_in_state: number | null;
}

export function queueReportRows(boards: readonly QueueStatusRecord[], now: number): QueueReportRow[] {
  return boards.map((status) => ({
    queue: status.queue,
    name: boardName(status),
    offered: status.offered,
    answered: status.answered,
    abandoned: status.abandoned,
    timed_out: status.timed_out,
    service_level_s: status.service_level_s,
    service_level: status.service_level,
    service_level_with_abandoned: status.service_level_with_abandoned,
    avg_wait_s: status.avg_wait_s,
    avg_talk_s: status.avg_talk_s,
    longest_wait_s: Math.floor(longestWaitNow(status, now)),
    waiting: status.waiting.length,
  }));
}

/** Each member once, by extension (an agent in two queues is one row naming both). */
export function agentReportRows(boards: readonly QueueStatusRecord[], now: number): AgentReportRow[] {
  const rows = new Map<string, AgentReportRow>();
  for (const status of boards) {
    for (const agent of status.agents) {
      const known = rows.get(agent.extension);
      if (known) {
        known.queues.push(boardName(status));
        continue;
      }
      rows.set(agent.extension, {
        extension: agent.extension,
        name: agent.name,
        queues: [boardName(status)],
        state: agent.state,
        reason: agent.reason,
        seconds_in_state: agent.since ? Math.floor(secondsSince(agent.since, now)) : null,
      });
    }
  }
  return [...rows.values()].sort((a, b) => a.extension.localeCompare(b.extension, undefined, { numeric: true }));
}

/** A ratio as a whole percentage, as the board shows it. */
export const percentOf = (value: number | null): number | null => (value === null ? null : Math.round(value * 100));

/** The Seoul day of `now` (`YYYY-MM-DD`; Seoul keeps no summer time). */
export const seoulDayOf = (now: number): string => new Date(now + 9 * 3_600_000).toISOString().slice(0, 10);
