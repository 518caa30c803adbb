import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { alwaysKey, eventKey } from '../../../shell/inspection/transition-key';

/**
 * A machine definition as plain nodes and edges, ready for layout (elk-layout.ts). Walks the
 * definition itself rather than using `toDirectedGraph` from xstate/graph, which leaves out `always`
 * transitions and does not say which edges are delays or invoke completions (guides/xstate.md §2.3).
 */

export type StateType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface GraphState {
  /** The state node id (`machine.child.grandchild`); also the id used for the active-state highlight. */
  id: string;
  key: string;
  type: StateType;
  /** Null for the machine's root node. */
  parentId: string | null;
  /** The initial child of a compound parent (parallel regions are all entered, so none is initial). */
  isInitial: boolean;
  /** Names of the actors this state invokes while active. */
  invokes: string[];
}

export type EdgeLabel =
  | { kind: 'event'; eventType: string }
  | { kind: 'always' }
  | { kind: 'after'; delay: string }
  | { kind: 'invokeDone'; actor: string }
  | { kind: 'invokeError'; actor: string }
  | { kind: 'stateDone' };

export interface GraphEdge {
  id: string;
  /** transitionKey() of the transition; several edges share it when a transition has several targets. */
  transitionKey: string;
  source: string;
  target: string;
  label: EdgeLabel;
  /** The guard's name, when the transition has one. */
  guard: string | null;
  /** No target: actions only, the state is not left. Drawn as a loop onto itself. */
  targetless: boolean;
}

export interface MachineGraph {
  rootId: string;
  /** Parents before children, siblings in definition order. */
  states: GraphState[];
  edges: GraphEdge[];
}

const DONE_ACTOR = 'xstate.done.actor.';
const ERROR_ACTOR = 'xstate.error.actor.';
const DONE_STATE = 'xstate.done.state.';

/** 500 → '500ms', 10000 → '10s', 1500 → '1.5s', 120000 → '2m'; named delays stay as they are. */
export function formatDelay(delay: string | number): string {
  if (typeof delay !== 'number') return delay;
  if (delay < 1000) return `${delay}ms`;
  if (delay % 60_000 === 0) return `${delay / 60_000}m`;
  return `${delay / 1000}s`;
}

function guardName(guard: unknown): string | null {
  if (!guard) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'ƒ';
  if (typeof guard === 'object' && 'type' in guard) return String(guard.type);
  return null;
}

/** `src` unless xstate made it up for an inline actor, in which case the invoke id reads better. */
function invokeName(invoke: { id: string; src: unknown }): string {
  return typeof invoke.src === 'string' && !invoke.src.startsWith('xstate.invoke.') ? invoke.src : invoke.id;
}

function collectStates(node: AnyStateNode, states: GraphState[], invokeNames: Map<string, string>): void {
  const parent = node.parent;
  states.push({
    id: node.id,
    key: node.key,
    type: node.type,
    parentId: parent?.id ?? null,
    isInitial: parent?.type === 'compound' && parent.initial.target.includes(node),
    invokes: node.invoke.map(invokeName),
  });
  for (const invoke of node.invoke) invokeNames.set(invoke.id, invokeName(invoke));
  for (const child of Object.values(node.states)) collectStates(child, states, invokeNames);
}

function labelFor(node: AnyStateNode, eventType: string, invokeNames: Map<string, string>): EdgeLabel {
  const delayed = node.after.find((after) => after.eventType === eventType);
  if (delayed) return { kind: 'after', delay: formatDelay(delayed.delay as string | number) };
  if (eventType.startsWith(DONE_ACTOR)) {
    const id = eventType.slice(DONE_ACTOR.length);
    return { kind: 'invokeDone', actor: invokeNames.get(id) ?? id };
  }
  if (eventType.startsWith(ERROR_ACTOR)) {
    const id = eventType.slice(ERROR_ACTOR.length);
    return { kind: 'invokeError', actor: invokeNames.get(id) ?? id };
  }
  if (eventType.startsWith(DONE_STATE)) return { kind: 'stateDone' };
  return { kind: 'event', eventType };
}

function edgesOf(key: string, transition: AnyTransitionDefinition, label: EdgeLabel): GraphEdge[] {
  const source = transition.source.id;
  const guard = guardName(transition.guard);
  const targets = transition.target?.map((target) => target.id) ?? [];
  if (targets.length === 0) return [{ id: `${key}->self`, transitionKey: key, source, target: source, label, guard, targetless: true }];
  return targets.map((target) => ({ id: `${key}->${target}`, transitionKey: key, source, target, label, guard, targetless: false }));
}

export function machineToGraph(machine: AnyStateMachine): MachineGraph {
  const states: GraphState[] = [];
  const invokeNames = new Map<string, string>();
  collectStates(machine.root, states, invokeNames);
  const edges: GraphEdge[] = [];
  for (const { id } of states) {
    const node = machine.getStateNodeById(id);
    for (const [eventType, transitions] of node.transitions) {
      const label = labelFor(node, eventType, invokeNames);
      transitions.forEach((transition, index) => edges.push(...edgesOf(eventKey(id, eventType, index), transition, label)));
    }
    (node.always ?? []).forEach((transition, index) => edges.push(...edgesOf(alwaysKey(id, index), transition, { kind: 'always' })));
  }
  return { rootId: machine.root.id, states, edges };
}

/** English, in the terms of the XState docs; the page passes a translated formatter. */
export function defaultEdgeText(edge: GraphEdge): string {
  const { label } = edge;
  const text =
    label.kind === 'event'
      ? label.eventType
      : label.kind === 'always'
        ? 'always'
        : label.kind === 'after'
          ? `after ${label.delay}`
          : label.kind === 'invokeDone'
            ? `done: ${label.actor}`
            : label.kind === 'invokeError'
              ? `error: ${label.actor}`
              : 'done';
  return edge.guard ? `${text} [${edge.guard}]` : text;
}
