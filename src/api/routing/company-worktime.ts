import { conditionHolds, seoulMoment, type TimeConditionRule } from './time-condition-rules';

/**
 * Company work time (docs/routing.md "Company work time"): the company is open while none of its
 * working-hour conditions holds (a working-hour condition holds outside its ranges), and the work-time
 * switch forces it open or closed until the hours alone next change from open to closed or back.
 * Pure: the server (view, update, the PBX, routing/simulate) and tests share it.
 */

export const WORKTIME_FORCES = ['open', 'closed'] as const;
export type WorktimeForce = (typeof WORKTIME_FORCES)[number];

/** The working-hour conditions among a company's time conditions, by id (the first is the one a forced close uses). */
export function workingHourConditions<C extends TimeConditionRule & { id: number }>(conditions: readonly C[]): C[] {
  return conditions.filter((condition) => condition.type === 'working_hour').sort((a, b) => a.id - b.id);
}

/** What the hours alone say at `at`: open when no working-hour condition holds. */
export function scheduledOpen(conditions: readonly TimeConditionRule[], at: Date): boolean {
  const moment = seoulMoment(at);
  return !conditions.some((condition) => condition.type === 'working_hour' && conditionHolds(condition, moment));
}

const MINUTE_MS = 60_000;
/** How far ahead a change of span is looked for: a week and a day covers every weekly pattern. */
export const SPAN_LOOKAHEAD_MS = 8 * 24 * 60 * MINUTE_MS;

/**
 * The next moment after `from` at which the hours alone change from open to closed or back (a whole
 * minute, Asia/Seoul), or null when they do not within eight days (no working-hour conditions, or a
 * span longer than that). Conditions change only on whole minutes, so minutes are enough.
 */
export function nextSpanChange(conditions: readonly TimeConditionRule[], from: Date): Date | null {
  const now = scheduledOpen(conditions, from);
  const first = Math.floor(from.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  for (let t = first; t <= from.getTime() + SPAN_LOOKAHEAD_MS; t += MINUTE_MS) {
    const at = new Date(t);
    if (scheduledOpen(conditions, at) !== now) return at;
  }
  return null;
}

export interface WorktimeForceState {
  force: WorktimeForce | null;
  /** When it was set. */
  forcedAt: Date | null;
  /** When it ends (the next change of span when it was set); null: until switched back. */
  forceUntil: Date | null;
}

/** The force in effect at `at`: set at or before it and not yet ended; else null (the hours decide). */
export function forceAt(state: WorktimeForceState | null | undefined, at: Date): WorktimeForce | null {
  if (!state?.force) return null;
  if (state.forcedAt && at.getTime() < state.forcedAt.getTime()) return null;
  if (state.forceUntil && at.getTime() >= state.forceUntil.getTime()) return null;
  return state.force;
}

/** Whether the company is open at `at`: the force when one is in effect, else the hours. */
export function openAt(conditions: readonly TimeConditionRule[], state: WorktimeForceState | null | undefined, at: Date): boolean {
  const force = forceAt(state, at);
  return force === null ? scheduledOpen(conditions, at) : force === 'open';
}
