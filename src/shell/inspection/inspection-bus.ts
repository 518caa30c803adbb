import type { AnyActorRef, AnyStateMachine, InspectionEvent } from 'xstate';
import { sanitizeEventPayload } from './sanitize';
import { transitionKey } from './transition-key';
import type { InspectedActor, InspectedActorStatus, InspectionLogEntry, InspectionState } from './inspection-types';

/**
 * The app's actor registry (docs/inspector.md). Every root actor passes `inspect: inspectionBus.observe`
 * to createActor; xstate honours that option on roots only and reports their children through it, so
 * one line per root makes the whole tree visible. The bus records from the first event on, which is
 * what lets a page opened later see actors that started at boot (xstate replays nothing to a late
 * `system.inspect` subscriber, guides/xstate.md §2.2).
 *
 * Cheap by design: it is imported by the session actor at boot, so no React and no layout code here,
 * and listeners are told about changes once per microtask, not once per inspection event.
 */
export interface InspectionBus {
  /** The `inspect` option of createActor. Never throws into xstate. */
  readonly observe: (event: InspectionEvent) => void;
  /**
   * Names a root for the page, and inspects it if it was created without `observe` (its running tree is
   * adopted as it is now). Returns a function that stops that extra inspection.
   */
  readonly registerRootActor: (name: string, actorRef: AnyActorRef) => () => void;
  readonly subscribe: (listener: () => void) => () => void;
  readonly getSnapshot: () => InspectionState;
}

export interface InspectionBusOptions {
  /** Size of the event ring buffer. @default 500 */
  maxLogEntries?: number;
  /** Finished (done, error, stopped) actors kept for a look after the fact. @default 50 */
  maxFinishedActors?: number;
  /** Created-but-never-started actors kept while waiting for `xstate.init`. @default 100 */
  maxPendingActors?: number;
  now?: () => number;
}

interface ActorRecord extends InspectedActor {
  pendingTransitions: string[];
}

const hasMachineLogic = (ref: AnyActorRef): AnyStateMachine | null => {
  const logic: unknown = (ref as { logic?: unknown }).logic;
  return typeof logic === 'object' && logic !== null && 'root' in logic ? (logic as AnyStateMachine) : null;
};

// On the Actor class, not on the ActorRef interface the inspection events are typed with.
const systemIdOf = (ref: AnyActorRef): string | undefined => (ref as { systemId?: string }).systemId;

function statusFrom(snapshot: unknown, eventType?: string): InspectedActorStatus {
  if (eventType === 'xstate.stop') return 'stopped';
  const status = (snapshot as { status?: string } | undefined)?.status;
  return status === 'done' || status === 'error' || status === 'stopped' ? status : 'active';
}

export function createInspectionBus(options: InspectionBusOptions = {}): InspectionBus {
  const { maxLogEntries = 500, maxFinishedActors = 50, maxPendingActors = 100, now = Date.now } = options;
  const pending = new Map<string, ActorRecord>();
  const actors = new Map<string, ActorRecord>();
  const rootNames = new Map<string, string>();
  const observedSystems = new WeakSet<object>();
  const listeners = new Set<() => void>();
  const log: InspectionLogEntry[] = [];
  let seq = 0;
  let state: InspectionState = { actors: [], log: [] };
  let dirty = false;
  let notifyQueued = false;

  const changed = () => {
    dirty = true;
    if (notifyQueued) return;
    notifyQueued = true;
    queueMicrotask(() => {
      notifyQueued = false;
      for (const listener of [...listeners]) listener();
    });
  };

  const nameOf = (ref: AnyActorRef): string => {
    const machine = hasMachineLogic(ref);
    const fallback = typeof ref.src === 'string' ? ref.src : (machine?.id ?? ref.sessionId);
    return rootNames.get(ref.sessionId) ?? systemIdOf(ref) ?? (ref.id !== ref.sessionId ? ref.id : fallback);
  };

  const newRecord = (ref: AnyActorRef, rootId: string): ActorRecord => ({
    sessionId: ref.sessionId,
    id: ref.id,
    name: nameOf(ref),
    systemId: systemIdOf(ref),
    parentId: ref._parent?.sessionId ?? null,
    rootId,
    actorRef: ref,
    machine: hasMachineLogic(ref),
    status: 'active',
    snapshot: undefined,
    lastTransitions: [],
    transitionSeq: 0,
    startedAt: now(),
    endedAt: null,
    pendingTransitions: [],
  });

  const setStatus = (record: ActorRecord, status: InspectedActorStatus) => {
    if (record.status === status) return;
    record.status = status;
    record.endedAt = status === 'active' ? null : now();
    if (status === 'active') return;
    finishedOrder.set(record.sessionId, (finishCount += 1));
    pruneFinished();
  };

  // Finishing order, not time: a parent and its children stop in the same millisecond.
  const finishedOrder = new Map<string, number>();
  let finishCount = 0;

  const pruneFinished = () => {
    const finished = [...actors.values()].filter((record) => record.status !== 'active');
    finished.sort((a, b) => (finishedOrder.get(a.sessionId) ?? 0) - (finishedOrder.get(b.sessionId) ?? 0));
    for (const record of finished.slice(0, Math.max(0, finished.length - maxFinishedActors))) {
      actors.delete(record.sessionId);
      finishedOrder.delete(record.sessionId);
    }
    // A finished child whose parent is gone would show up as a root of its own.
    for (const record of finished) {
      if (record.parentId && !actors.has(record.parentId) && actors.delete(record.sessionId)) {
        finishedOrder.delete(record.sessionId);
      }
    }
  };

  const start = (ref: AnyActorRef, rootId: string): ActorRecord => {
    const record = pending.get(ref.sessionId) ?? actors.get(ref.sessionId) ?? newRecord(ref, rootId);
    pending.delete(ref.sessionId);
    actors.set(ref.sessionId, record);
    // A StrictMode restart (stopRootWithRehydration) starts the same actor again.
    setStatus(record, 'active');
    record.snapshot = ref.getSnapshot();
    return record;
  };

  const record = (event: InspectionEvent) => {
    const ref = event.actorRef as AnyActorRef;
    switch (event.type) {
      case '@xstate.actor': {
        observedSystems.add(ref.system);
        if (actors.has(ref.sessionId)) return;
        pending.set(ref.sessionId, newRecord(ref, event.rootId));
        // Phantoms never start; keep only the newest few waiting.
        for (const key of [...pending.keys()].slice(0, Math.max(0, pending.size - maxPendingActors))) pending.delete(key);
        return;
      }
      case '@xstate.event': {
        const target = event.event.type === 'xstate.init' ? start(ref, event.rootId) : actors.get(ref.sessionId);
        if (!target) return; // an event for an actor that never started
        const source = event.sourceRef as AnyActorRef | undefined;
        log.push({
          seq: ++seq,
          at: now(),
          type: event.event.type,
          targetId: target.sessionId,
          targetName: target.name,
          sourceId: source?.sessionId ?? null,
          sourceName: source ? (actors.get(source.sessionId)?.name ?? nameOf(source)) : null,
          payload: sanitizeEventPayload(event.event),
        });
        if (log.length > maxLogEntries) log.splice(0, log.length - maxLogEntries);
        break;
      }
      case '@xstate.microstep': {
        actors.get(ref.sessionId)?.pendingTransitions.push(...event._transitions.map(transitionKey));
        return; // shown with the snapshot that ends the macrostep
      }
      case '@xstate.snapshot': {
        const target = actors.get(ref.sessionId);
        if (!target) return;
        target.snapshot = event.snapshot;
        if (target.pendingTransitions.length) {
          target.lastTransitions = target.pendingTransitions;
          target.pendingTransitions = [];
          target.transitionSeq += 1;
        }
        setStatus(target, statusFrom(event.snapshot, event.event.type));
        break;
      }
      default:
        return; // actions are not shown
    }
    changed();
  };

  const observe = (event: InspectionEvent) => {
    try {
      record(event);
    } catch (err) {
      // The inspector must never break the app it watches.
      console.warn('inspection bus: event not recorded', err);
    }
  };

  const adopt = (ref: AnyActorRef, rootId: string) => {
    const adopted = start(ref, rootId);
    setStatus(adopted, statusFrom(adopted.snapshot));
    const children = (adopted.snapshot as { children?: Record<string, AnyActorRef | undefined> }).children ?? {};
    for (const child of Object.values(children)) if (child) adopt(child, rootId);
  };

  const registerRootActor = (name: string, actorRef: AnyActorRef) => {
    rootNames.set(actorRef.sessionId, name);
    const known = actors.get(actorRef.sessionId) ?? pending.get(actorRef.sessionId);
    if (known) known.name = name;
    changed();
    if (observedSystems.has(actorRef.system)) return () => {};
    observedSystems.add(actorRef.system);
    const subscription = actorRef.system.inspect(observe);
    adopt(actorRef, actorRef.sessionId);
    return () => subscription.unsubscribe();
  };

  const build = (): InspectionState => ({
    actors: [...actors.values()].map(({ pendingTransitions: _pending, ...actor }) => {
      // A transition that throws errors the actor without a snapshot event; its getSnapshot() knows.
      const status = actor.status === 'active' ? statusFrom(actor.actorRef.getSnapshot()) : actor.status;
      return { ...actor, status };
    }),
    log: log.slice(),
  });

  return {
    observe,
    registerRootActor,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => {
      if (dirty) {
        dirty = false;
        state = build();
      }
      return state;
    },
  };
}

/** The app's one bus: module scope, so it exists before the first actor does. */
export const inspectionBus: InspectionBus = createInspectionBus();
