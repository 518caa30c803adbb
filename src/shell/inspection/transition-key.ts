import type { AnyTransitionDefinition } from 'xstate';

/**
 * A stable name for one transition of a machine definition. The bus records the keys of the transitions
 * a microstep took; the graph names its edges with the same keys, so the two meet without the bus
 * holding on to machine internals or the graph guessing from event names (two guarded `on` entries for
 * one event are two different edges).
 *
 * Relies on xstate building `StateNode.transitions` and `.always` once per machine: the definitions a
 * microstep reports are the very objects found there.
 */
export function transitionKey(transition: AnyTransitionDefinition): string {
  const { source } = transition;
  const alwaysIndex = source.always?.indexOf(transition) ?? -1;
  if (alwaysIndex >= 0) return `${source.id}#always#${alwaysIndex}`;
  const eventType = String(transition.eventType);
  const index = source.transitions.get(transition.eventType)?.indexOf(transition) ?? -1;
  if (index >= 0) return `${source.id}#on:${eventType}#${index}`;
  // Initial transitions are in neither list; nothing in the graph flashes for them.
  return `${source.id}#other:${eventType}`;
}

export function alwaysKey(sourceId: string, index: number): string {
  return `${sourceId}#always#${index}`;
}

export function eventKey(sourceId: string, eventType: string, index: number): string {
  return `${sourceId}#on:${eventType}#${index}`;
}
