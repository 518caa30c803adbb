import { z } from 'zod';

/**
 * The one event log of queues and agents (issue 18; docs/queues.md), after Asterisk's `queue_log`: every
 * board, report and agent timeline is computed from these rows, so a report can be recomputed after a
 * fix. The verbs are Asterisk's where it has one; `AGENTSTATUS` (the extension's status code changed:
 * registration, presence with its reason, ringing, on a call) and `QUEUERESET` are ours.
 */
export const QUEUE_LOG_VERBS = [
  /** A caller entered the queue. data: caller. */
  'ENTERQUEUE',
  /** An agent answered a queue caller. agent, data: wait_s. */
  'CONNECT',
  /** The caller hung up while waiting. data: wait_s. */
  'ABANDON',
  /** The queue gave up on the caller (maximum wait): the call left for the overflow. data: wait_s. */
  'EXITWITHTIMEOUT',
  /** A connected queue call ended. agent, data: wait_s, talk_s, by ('caller' | 'agent'). */
  'COMPLETE',
  /** A connected queue call was transferred away. agent, data: to, talk_s. */
  'TRANSFER',
  /** An agent's extension changed state. agent, data: status, exten_status. */
  'AGENTSTATUS',
  /** A queue's counters were reset. data: by (a user's name, or 'midnight'). */
  'QUEUERESET',
] as const;
export type QueueLogVerb = (typeof QUEUE_LOG_VERBS)[number];

export const queueLogEventSchema = z.object({
  /** When it happened, epoch milliseconds. */
  at: z.number().int(),
  event: z.enum(QUEUE_LOG_VERBS),
  /** The call's unique id, '' for agent events. */
  uniqueid: z.string(),
  /** The queue's number, '' for agent events. */
  queue: z.string(),
  /** The agent's extension, '' when none. */
  agent: z.string(),
  data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type QueueLogEvent = z.infer<typeof queueLogEventSchema>;

/** What an agent is doing, from the specification's status codes (section 4). */
export const AGENT_STATES = ['available', 'ringing', 'on_call', 'dnd', 'rest', 'lunch', 'after', 'logged_out'] as const;
export type AgentState = (typeof AGENT_STATES)[number];

/** Why an agent is paused: the presence they chose (rest, lunch, after-call, do-not-disturb). */
export type PauseReason = 'rest' | 'lunch' | 'after' | 'dnd';

/**
 * The state and pause reason a status code means. On a call while resting (12, 22, 32) the agent is on a
 * call and the reason is kept, so the board says "on a call (rest)" and the pause goes on after it.
 */
export function agentStateOf(status: number, extenStatus: number): { state: AgentState; reason: PauseReason | null } {
  if (extenStatus !== 51 || status === 4) return { state: 'logged_out', reason: null };
  switch (status) {
    case 0:
      return { state: 'available', reason: null };
    case 1:
      return { state: 'on_call', reason: null };
    case 2:
      return { state: 'dnd', reason: 'dnd' };
    case 8:
      return { state: 'ringing', reason: null };
    case 11:
      return { state: 'rest', reason: 'rest' };
    case 12:
      return { state: 'on_call', reason: 'rest' };
    case 21:
      return { state: 'lunch', reason: 'lunch' };
    case 22:
      return { state: 'on_call', reason: 'lunch' };
    case 31:
      return { state: 'after', reason: 'after' };
    case 32:
      return { state: 'on_call', reason: 'after' };
    default:
      return { state: 'on_call', reason: null };
  }
}

/** A number from an event's data, 0 when absent. */
export const dataNumber = (event: QueueLogEvent, key: string): number => {
  const value = event.data[key];
  return typeof value === 'number' ? value : 0;
};
