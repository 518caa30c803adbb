import { useEffect, useMemo, useState } from 'react';
import { getStateNodes, type AnyStateMachine, type StateValue } from 'xstate';
import { layoutMachineGraph, type EdgeTextFormatter, type MachineLayout } from './elk-layout';
import { machineToGraph } from './machine-graph';

export type LayoutResult =
  | { status: 'loading' }
  | { status: 'ready'; layout: MachineLayout }
  | { status: 'failed'; error: unknown };

/**
 * Layouts by machine (and label language): the telephony machines are module-scope constants, so
 * switching between actors of one machine, or back to one already seen, draws without a new ELK run.
 */
const cache = new WeakMap<AnyStateMachine, { formatText: EdgeTextFormatter; layout: Promise<MachineLayout> }>();

function layoutFor(machine: AnyStateMachine, formatText: EdgeTextFormatter): Promise<MachineLayout> {
  const cached = cache.get(machine);
  if (cached && cached.formatText === formatText) return cached.layout;
  const layout = layoutMachineGraph(machineToGraph(machine), formatText);
  cache.set(machine, { formatText, layout });
  return layout;
}

export function useMachineLayout(machine: AnyStateMachine, formatText: EdgeTextFormatter): LayoutResult {
  const [result, setResult] = useState<{ machine: AnyStateMachine; formatText: EdgeTextFormatter; value: LayoutResult } | null>(null);
  useEffect(() => {
    let current = true;
    layoutFor(machine, formatText).then(
      (layout) => current && setResult({ machine, formatText, value: { status: 'ready', layout } }),
      (error: unknown) => current && setResult({ machine, formatText, value: { status: 'failed', error } }),
    );
    return () => {
      current = false;
    };
  }, [machine, formatText]);
  // A result for another machine is stale: show loading rather than the wrong chart for a moment.
  return result && result.machine === machine && result.formatText === formatText ? result.value : { status: 'loading' };
}

/** Ids of the active state nodes; `getStateNodes` repeats ancestors, hence the Set. */
export function useActiveStateIds(machine: AnyStateMachine, value: StateValue | undefined): ReadonlySet<string> {
  return useMemo(() => {
    if (value === undefined) return new Set<string>();
    try {
      return new Set(getStateNodes(machine.root, value).map((node) => node.id));
    } catch {
      // A value that does not fit the machine (a hot reload swapped the definition): show nothing active.
      return new Set<string>();
    }
  }, [machine, value]);
}
