import type { InspectedActor } from '../../shell/inspection/inspection-types';

export interface ActorTreeItem {
  actor: InspectedActor;
  children: ActorTreeItem[];
}

/**
 * The bus's flat actor list as a tree (session, phone → calls → …), in start order. Finished actors are
 * left out unless asked for; a live child of a hidden parent cannot happen (children stop with it).
 */
export function buildActorTree(actors: readonly InspectedActor[], includeFinished: boolean): ActorTreeItem[] {
  const shown = actors.filter((actor) => includeFinished || actor.status === 'active');
  const ids = new Set(shown.map((actor) => actor.sessionId));
  const items = new Map(shown.map((actor) => [actor.sessionId, { actor, children: [] as ActorTreeItem[] }]));
  const roots: ActorTreeItem[] = [];
  for (const item of items.values()) {
    const { parentId } = item.actor;
    const parent = parentId && ids.has(parentId) ? items.get(parentId) : undefined;
    (parent ? parent.children : roots).push(item);
  }
  return roots;
}

/** The actor to show when none is chosen, or the chosen one is gone: the first root machine. */
export function defaultActorId(actors: readonly InspectedActor[]): string | null {
  const live = actors.filter((actor) => actor.status === 'active');
  return (live.find((actor) => actor.parentId === null && actor.machine) ?? live[0])?.sessionId ?? null;
}
