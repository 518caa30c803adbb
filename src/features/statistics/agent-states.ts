import { Colors } from '@blueprintjs/core';
import type { AgentState, PauseReason } from '../../api/queues/queue-log';
import type { MessageId } from '../../i18n/message-ids';

/** The order states are shown in: working first, away last. */
export const STATE_ORDER: readonly AgentState[] = ['available', 'ringing', 'on_call', 'after', 'rest', 'lunch', 'dnd', 'logged_out'];

/** One colour per state, the same in the stacked bars, the timeline and their legends. */
export const STATE_COLOURS: Record<AgentState, string> = {
  available: Colors.GREEN3,
  ringing: Colors.GOLD4,
  on_call: Colors.BLUE3,
  after: Colors.CERULEAN4,
  rest: Colors.VIOLET4,
  lunch: Colors.ORANGE4,
  dnd: Colors.RED3,
  logged_out: Colors.GRAY4,
};

/** The queue board's names for the states and reasons, so an agent's state reads the same everywhere. */
export const STATE_LABELS: Record<AgentState, MessageId> = {
  available: 'queue_board.state.available',
  ringing: 'queue_board.state.ringing',
  on_call: 'queue_board.state.on_call',
  dnd: 'queue_board.state.dnd',
  rest: 'queue_board.state.rest',
  lunch: 'queue_board.state.lunch',
  after: 'queue_board.state.after',
  logged_out: 'queue_board.state.logged_out',
};
export const REASON_LABELS: Record<PauseReason, MessageId> = {
  rest: 'queue_board.reason.rest',
  lunch: 'queue_board.reason.lunch',
  after: 'queue_board.reason.after',
  dnd: 'queue_board.reason.dnd',
};

/** A reason worth showing beside its state: one that says more than the state does ("on a call (lunch)"). */
export const shownReason = (state: AgentState, reason: PauseReason | null): PauseReason | null => (reason && reason !== state ? reason : null);

export const DAY_SECONDS = 86_400;

/** The seconds of a day across every state. */
export const totalSeconds = (seconds: Partial<Record<AgentState, number>>): number => STATE_ORDER.reduce((sum, state) => sum + (seconds[state] ?? 0), 0);

export interface TimelineSpan {
  state: AgentState;
  reason: PauseReason | null;
  start: string;
  end: string;
  /** Percent of the Seoul day 00:00–24:00 before the span, and its length. */
  left: number;
  width: number;
}

/** An interval's place on the day's line 00:00–24:00 (Seoul), clipped to the day. */
export function timelineSpans(intervals: readonly { state: AgentState; reason: PauseReason | null; start: string; end: string }[], day: string): TimelineSpan[] {
  const dayStart = Date.parse(`${day}T00:00:00+09:00`);
  const dayMs = DAY_SECONDS * 1000;
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  const part = (at: string) => Math.min(Math.max((Date.parse(at) - dayStart) / dayMs, 0), 1) * 100;
  return intervals
    // Four decimals are far finer than a pixel and keep the styles free of floating-point noise.
    .map((interval) => ({ ...interval, left: round(part(interval.start)), width: round(part(interval.end) - part(interval.start)) }))
    .filter((span) => span.width > 0);
}
