import { agentStateOf, dataNumber, type AgentState, type PauseReason, type QueueLogEvent } from './queue-log';

/**
 * The live queue board (CONTRACT §12 `queue/status`, the `queue_status` event), folded from the queue log
 * one event at a time: the server keeps one board per company and pushes what an event changed, however
 * many people watch it (docs/queues.md). Pure: the same events give the same board, in the browser's
 * tests and on the server.
 */

export interface BoardQueueConfig {
  /** The queue's record id (0 where there is none, as in the log's tests). */
  id?: number;
  number: string;
  name: string;
  /** The board label shown instead of the name (docs/queues.md "Board label and colours"); blank: none. */
  label?: string | null;
  /** The waits at which the board turns amber and red; blank: from `service_level_s`. */
  wait_warning_s?: number | null;
  wait_danger_s?: number | null;
  /** Answered within this many seconds counts for the service level. */
  service_level_s: number;
  /** The queue's members (extensions), in the board's order. */
  members: readonly string[];
}

export interface BoardConfig {
  queues: readonly BoardQueueConfig[];
  /** Agents' names by extension. */
  names: Readonly<Record<string, string>>;
}

interface Counters {
  offered: number;
  answered: number;
  answeredWithin: number;
  abandoned: number;
  abandonedWithin: number;
  timedOut: number;
  waitAnswered: number;
  completed: number;
  talk: number;
  resetAt: number | null;
  resetBy: string | null;
}

interface AgentNow {
  status: number;
  exten_status: number;
  state: AgentState;
  reason: PauseReason | null;
  /** When the agent entered this state (the reason's own start for a paused agent). */
  since: number;
}

export interface BoardState {
  counters: Map<string, Counters>;
  /** Callers waiting, by queue, then uniqueid: when they entered and who they are. */
  waiting: Map<string, Map<string, { caller: string; since: number }>>;
  agents: Map<string, AgentNow>;
}

export const emptyBoard = (): BoardState => ({ counters: new Map(), waiting: new Map(), agents: new Map() });

const zero = (resetAt: number | null = null, resetBy: string | null = null): Counters => ({
  offered: 0,
  answered: 0,
  answeredWithin: 0,
  abandoned: 0,
  abandonedWithin: 0,
  timedOut: 0,
  waitAnswered: 0,
  completed: 0,
  talk: 0,
  resetAt,
  resetBy,
});

function countersOf(board: BoardState, queue: string): Counters {
  let counters = board.counters.get(queue);
  if (!counters) board.counters.set(queue, (counters = zero()));
  return counters;
}

function waitingOf(board: BoardState, queue: string) {
  let waiting = board.waiting.get(queue);
  if (!waiting) board.waiting.set(queue, (waiting = new Map()));
  return waiting;
}

/**
 * One event into the board (in place, for speed: the server folds thousands a second). `thresholdOf`
 * gives a queue's service-level threshold in seconds. Returns the queue the event changed ('' for an
 * agent's), so the caller knows which board to push.
 */
export function foldQueueEvent(board: BoardState, event: QueueLogEvent, thresholdOf: (queue: string) => number): string {
  const { queue } = event;
  switch (event.event) {
    case 'ENTERQUEUE':
      countersOf(board, queue).offered += 1;
      waitingOf(board, queue).set(event.uniqueid, { caller: String(event.data.caller ?? ''), since: event.at });
      return queue;
    case 'CONNECT': {
      const counters = countersOf(board, queue);
      const wait = dataNumber(event, 'wait_s');
      counters.answered += 1;
      counters.waitAnswered += wait;
      if (wait <= thresholdOf(queue)) counters.answeredWithin += 1;
      waitingOf(board, queue).delete(event.uniqueid);
      return queue;
    }
    case 'ABANDON': {
      const counters = countersOf(board, queue);
      counters.abandoned += 1;
      if (dataNumber(event, 'wait_s') <= thresholdOf(queue)) counters.abandonedWithin += 1;
      waitingOf(board, queue).delete(event.uniqueid);
      return queue;
    }
    case 'EXITWITHTIMEOUT':
      countersOf(board, queue).timedOut += 1;
      waitingOf(board, queue).delete(event.uniqueid);
      return queue;
    case 'COMPLETE':
    case 'TRANSFER': {
      const counters = countersOf(board, queue);
      counters.completed += 1;
      counters.talk += dataNumber(event, 'talk_s');
      return queue;
    }
    case 'QUEUERESET':
      // Callers still waiting stay: they are not counters.
      board.counters.set(queue, zero(event.at, String(event.data.by ?? '')));
      return queue;
    case 'AGENTSTATUS': {
      const status = dataNumber(event, 'status');
      const extenStatus = dataNumber(event, 'exten_status');
      const { state, reason } = agentStateOf(status, extenStatus);
      const before = board.agents.get(event.agent);
      // The clock restarts when what the board shows changes, not on every repeated status.
      const unchanged = before && before.state === state && before.reason === reason;
      board.agents.set(event.agent, { status, exten_status: extenStatus, state, reason, since: unchanged ? before.since : event.at });
      return '';
    }
  }
}

export interface WaitingCaller {
  uniqueid: string;
  caller: string;
  entered_at: string;
  waited_s: number;
}

export interface BoardAgent {
  extension: string;
  name: string;
  exten_status: number;
  status: number;
  state: AgentState;
  reason: PauseReason | null;
  /** When the agent entered the state shown (ISO): the board counts the time in state from it. */
  since: string | null;
}

export interface QueueStatus {
  id: number;
  queue: string;
  name: string;
  label: string | null;
  service_level_s: number;
  wait_warning_s: number | null;
  wait_danger_s: number | null;
  waiting: WaitingCaller[];
  longest_wait_s: number;
  offered: number;
  answered: number;
  abandoned: number;
  /** Left unanswered by the queue itself (maximum wait), to the overflow destination. */
  timed_out: number;
  /** Answered within the threshold ÷ answered; null before the first answer. */
  service_level: number | null;
  /** (Answered + abandoned within the threshold) ÷ (answered + abandoned): Asterisk's second definition. */
  service_level_with_abandoned: number | null;
  /** Average speed of answer. */
  avg_wait_s: number | null;
  avg_talk_s: number | null;
  reset_at: string | null;
  reset_by: string | null;
  agents: BoardAgent[];
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);
const seconds = (ms: number) => Math.max(0, Math.floor(ms / 1000));
const iso = (ms: number) => new Date(ms).toISOString();

/** One queue's board at `now` (epoch ms). */
export function queueStatusOf(board: BoardState, config: BoardQueueConfig, names: BoardConfig['names'], now: number): QueueStatus {
  const counters = board.counters.get(config.number) ?? zero();
  const waiting = [...(board.waiting.get(config.number) ?? new Map()).entries()]
    .map(([uniqueid, call]) => ({ uniqueid, caller: call.caller, entered_at: iso(call.since), waited_s: seconds(now - call.since) }))
    .sort((a, b) => b.waited_s - a.waited_s);
  return {
    id: config.id ?? 0,
    queue: config.number,
    name: config.name,
    label: config.label || null,
    service_level_s: config.service_level_s,
    wait_warning_s: config.wait_warning_s ?? null,
    wait_danger_s: config.wait_danger_s ?? null,
    waiting,
    longest_wait_s: waiting[0]?.waited_s ?? 0,
    offered: counters.offered,
    answered: counters.answered,
    abandoned: counters.abandoned,
    timed_out: counters.timedOut,
    service_level: ratio(counters.answeredWithin, counters.answered),
    service_level_with_abandoned: ratio(counters.answeredWithin + counters.abandonedWithin, counters.answered + counters.abandoned),
    avg_wait_s: ratio(counters.waitAnswered, counters.answered),
    avg_talk_s: ratio(counters.talk, counters.completed),
    reset_at: counters.resetAt === null ? null : iso(counters.resetAt),
    reset_by: counters.resetBy,
    agents: config.members.map((extension) => agentOf(board, extension, names)),
  };
}

function agentOf(board: BoardState, extension: string, names: BoardConfig['names']): BoardAgent {
  const agent = board.agents.get(extension);
  const base = { extension, name: names[extension] ?? '' };
  if (!agent) return { ...base, exten_status: 0, status: 4, state: 'logged_out', reason: null, since: null };
  return { ...base, exten_status: agent.exten_status, status: agent.status, state: agent.state, reason: agent.reason, since: iso(agent.since) };
}

/** Every queue's board, or one. */
export function boardOf(board: BoardState, config: BoardConfig, now: number, queue?: string): QueueStatus[] {
  return config.queues.filter((q) => queue === undefined || q.number === queue).map((q) => queueStatusOf(board, q, config.names, now));
}
