import type { SnapshotFrom } from 'xstate';
import type { autoCallRunMachine } from './auto-call-run.machine';
import { finishedCount, remainingCount, type ResultCounts } from './run-counts';

export type AutoCallRunSnapshot = SnapshotFrom<typeof autoCallRunMachine>;

/** The campaign `state` of CONTRACT §10/§13. */
export type AutoCallRunState = 'ready' | 'on_going' | 'paused' | 'complete' | 'cancelled';

/** Machine state → CONTRACT `state`. Waiting for the call window is still `on_going`: the run goes on by itself. */
export function runStateOf(snapshot: Pick<AutoCallRunSnapshot, 'matches'>): AutoCallRunState {
  if (snapshot.matches('ready')) return 'ready';
  if (snapshot.matches('complete')) return 'complete';
  if (snapshot.matches('cancelled')) return 'cancelled';
  if (snapshot.matches({ on_going: 'paused' })) return 'paused';
  return 'on_going';
}

export interface AutoCallRunView {
  state: AutoCallRunState;
  /** On going but outside the call window: nothing is dialled until it opens. */
  waitingForWindow: boolean;
  total: number;
  dialled: number;
  inFlight: number;
  finished: number;
  remaining: number;
  /** Numbers waiting for another attempt. */
  retrying: number;
  results: ResultCounts;
  canStart: boolean;
  canPause: boolean;
  canResume: boolean;
  canCancel: boolean;
}

export function viewAutoCallRun(snapshot: AutoCallRunSnapshot): AutoCallRunView {
  const { counts } = snapshot.context;
  return {
    state: runStateOf(snapshot),
    waitingForWindow: snapshot.matches({ on_going: 'waiting_window' }),
    total: counts.total,
    dialled: counts.dialled,
    inFlight: counts.inFlight.length,
    finished: finishedCount(counts),
    remaining: remainingCount(counts),
    retrying: counts.retries.length,
    results: counts.results,
    canStart: snapshot.can({ type: 'START' }),
    canPause: snapshot.can({ type: 'PAUSE' }),
    canResume: snapshot.can({ type: 'RESUME' }),
    canCancel: snapshot.can({ type: 'CANCEL' }),
  };
}
