import type { AnyActorRef, AnyStateMachine } from 'xstate';

/**
 * What the inspection bus knows, as the inspector page reads it. Everything here is a fresh object per
 * change (useSyncExternalStore compares by identity); `actorRef` and `snapshot` are the live xstate
 * objects and must be sanitised (sanitize.ts) before anything in them is shown.
 */

/** `starting` is never listed: an actor that never got `xstate.init` is a StrictMode phantom. */
export type InspectedActorStatus = 'active' | 'done' | 'error' | 'stopped';

export interface InspectedActor {
  /** Unique in the whole app for the page's lifetime (xstate's `x:N`); the key everywhere in the page. */
  sessionId: string;
  /** The id relative to its parent (invoke id, or the root's `id` option). */
  id: string;
  /** What the page shows: the name given to registerRootActor, else the systemId, the id or the machine id. */
  name: string;
  systemId: string | undefined;
  /** The parent's sessionId; null for a root actor. */
  parentId: string | null;
  rootId: string;
  actorRef: AnyActorRef;
  /** The machine to draw; null for promise, callback, observable and transition actors. */
  machine: AnyStateMachine | null;
  status: InspectedActorStatus;
  /** The latest snapshot the actor reported. */
  snapshot: unknown;
  /** transitionKey()s of the latest macrostep that took any transition (edges to flash). */
  lastTransitions: readonly string[];
  /** Grows with every macrostep that took a transition, so the same edge taken twice flashes twice. */
  transitionSeq: number;
  startedAt: number;
  /** When the actor reached done, error or stopped. */
  endedAt: number | null;
}

export interface InspectionLogEntry {
  /** Grows by one per recorded event, for the whole life of the bus. */
  seq: number;
  /** Epoch milliseconds. */
  at: number;
  type: string;
  targetId: string;
  targetName: string;
  /** Null when the event came from outside any actor (a component, a socket handler). */
  sourceId: string | null;
  sourceName: string | null;
  /** The event without `type`, sanitised; null when it carried nothing else. */
  payload: Record<string, unknown> | null;
}

export interface InspectionState {
  /** Started actors in the order they started; finished ones stay (marked) until pruned. */
  actors: readonly InspectedActor[];
  /** Oldest first; bounded (the ring buffer). */
  log: readonly InspectionLogEntry[];
}
