import { AUTO_CALL_ACTIONS_BY_STATE, type AutoCallRunAction } from '../../../../src/api/contracts/auto-call.contract';
import type { AutoCallRunStatus } from '../../../../src/api/contracts/auto-call-run.contract';
import type { AutoCallRunView } from '../../../../src/machines/auto-call-run/auto-call-run.selectors';
import { emptyResults } from '../../../../src/machines/auto-call-run/run-counts';
import type { RunStep } from './run-store';

/** The run as `auto-call/status` and the socket's `auto_call_run` tell it (auto-call-run.contract.ts). */
export function statusOfView(id: number, view: AutoCallRunView): AutoCallRunStatus {
  const allowed: Record<AutoCallRunAction, boolean> = { start: view.canStart, pause: view.canPause, resume: view.canResume, cancel: view.canCancel };
  return {
    id,
    state: view.state,
    waiting_for_window: view.waitingForWindow,
    counts: {
      total: view.total,
      dialled: view.dialled,
      in_flight: view.inFlight,
      finished: view.finished,
      remaining: view.remaining,
      retrying: view.retrying,
      results: { ...view.results },
    },
    actions: AUTO_CALL_ACTIONS_BY_STATE[view.state].filter((action) => allowed[action]),
  };
}

export const statusOfStep = (step: RunStep): AutoCallRunStatus => statusOfView(step.campaignId, step.view);

/** A campaign never started: `ready` (or what its row says), its pending numbers still to dial. */
export function statusBeforeRun(id: number, state: AutoCallRunStatus['state'], pending: number): AutoCallRunStatus {
  return {
    id,
    state,
    waiting_for_window: false,
    counts: { total: pending, dialled: 0, in_flight: 0, finished: 0, remaining: pending, retrying: 0, results: emptyResults() },
    actions: state === 'ready' ? ['start'] : [],
  };
}
