// Where a call goes next, decided from the current snapshots of extensions and groups. Used by the PBX
// root to answer `call.route` and to hand waiting queue calls to freed agents, and by the driver to
// refuse a call up front (busy, logged out) with a typed error instead of a call that dies silently.

import { directCallRefusal, isAvailableForGroups, type ExtensionSnapshot } from './extension.machine';
import { pickMembers, type GroupContext } from './group.machine';
import { pickRingGroupMembers } from './ring-group-strategy';
import type { GroupEvent, RouteDecision, RouteRequest } from './protocol';

export interface RoutingView {
  extension(number: string): ExtensionSnapshot | undefined;
  group(number: string): GroupContext | undefined;
  /** Rung by the root a moment ago; its line has not caught up yet. */
  isReserved(ext: string): boolean;
  newChannel(ext: string): string;
  /** The PBX's clock (a queue member's wrap-up). */
  now(): number;
}

export interface RouteOutcome {
  decision: RouteDecision;
  groupEvents: { group: string; event: GroupEvent }[];
}

const MAX_FORWARD_HOPS = 5;

type Request = Pick<RouteRequest, 'uniqueid' | 'destination' | 'attempt' | 'tried' | 'callerExt'>;

export function decideRoute(view: RoutingView, request: Request): RouteOutcome {
  const destination = request.attempt === 'first' ? followForwarding(view, request.destination) : request.destination;
  const ext = view.extension(destination);
  if (ext) return { decision: routeToExtension(view, request, destination, ext), groupEvents: [] };
  const group = view.group(destination);
  if (group) return group.kind === 'ringGroup' ? routeToRingGroup(view, request, group) : routeToQueue(view, request, group);
  return { decision: { type: 'route.external', number: destination }, groupEvents: [] };
}

/** Unconditional forwarding, followed hop by hop; a loop stops at the last new extension. */
function followForwarding(view: RoutingView, destination: string): string {
  const seen = new Set<string>();
  let current = destination;
  for (let hop = 0; hop < MAX_FORWARD_HOPS; hop += 1) {
    const forward = view.extension(current)?.context.forward;
    if (!forward || seen.has(forward) || forward === destination) break;
    seen.add(current);
    current = forward;
  }
  return current;
}

function routeToExtension(view: RoutingView, request: Request, number: string, ext: ExtensionSnapshot): RouteDecision {
  // A direct call rings once; after the ring timeout it is missed.
  if (request.attempt === 'retry') return { type: 'route.fail', reason: 'noanswer' };
  if (number === request.callerExt) return { type: 'route.fail', reason: 'busy' };
  const refusal = directCallRefusal(ext) ?? (view.isReserved(number) ? 'busy' : null);
  if (refusal) return { type: 'route.fail', reason: refusal };
  return { type: 'route.ring', targets: [{ ext: number, channel: view.newChannel(number) }], ringGroup: '' };
}

/**
 * Queues keep offering the call by their strategy (group.machine.ts `pickMembers`) until someone answers,
 * the caller gives up or the maximum wait sends it to the overflow (the PBX root's timer); with nobody
 * free the caller waits.
 */
function routeToQueue(view: RoutingView, request: Request, group: GroupContext): RouteOutcome {
  const groupEvents: RouteOutcome['groupEvents'] = [{ group: group.number, event: { type: 'group.join', callId: request.uniqueid } }];
  const picked = pickMembers(group, (ext) => canRingExtension(view, request, ext), view.now(), request.tried);
  if (picked.length === 0) return { decision: { type: 'route.wait', ringGroup: group.number }, groupEvents };
  // Round robin carries on after this one next time.
  if (picked.length === 1) groupEvents.push({ group: group.number, event: { type: 'group.rung', ext: picked[0]! } });
  const targets = picked.map((ext) => ({ ext, channel: view.newChannel(ext) }));
  return { decision: { type: 'route.ring', targets, ringGroup: group.number }, groupEvents };
}

/**
 * A ring group rings by its strategy (ring-group-strategy.ts) for its ring time, extensions and outside
 * numbers alike (those through the trunk); when no stage is left, or nobody can ring, the call leaves
 * for the group's no-answer destination (hang up when it has none).
 */
function routeToRingGroup(view: RoutingView, request: Request, group: GroupContext): RouteOutcome {
  const groupEvents: RouteOutcome['groupEvents'] = [];
  if (request.attempt === 'first') groupEvents.push({ group: group.number, event: { type: 'group.join', callId: request.uniqueid } });
  const isExtension = (member: string) => view.extension(member) !== undefined;
  const canRing = (member: string) => !isExtension(member) || canRingExtension(view, request, member);
  const picked = pickRingGroupMembers(group.strategy, group.members, canRing, request.tried);
  if (picked.length === 0) {
    groupEvents.push({ group: group.number, event: { type: 'group.leave', callId: request.uniqueid, outcome: 'missed' } });
    const destination = group.noAnswer ?? { type: 'hangup', target: null };
    return { decision: { type: 'route.noAnswer', ringGroup: group.number, destination }, groupEvents };
  }
  groupEvents.push({ group: group.number, event: { type: 'group.rung', ext: picked[picked.length - 1] ?? '' } });
  const targets = picked.filter(isExtension).map((ext) => ({ ext, channel: view.newChannel(ext) }));
  const outside = picked.filter((member) => !isExtension(member)).map((number) => ({ number, channel: view.newChannel('trunk') }));
  const ringMs = group.ringTimeS ? group.ringTimeS * 1000 : undefined;
  return { decision: { type: 'route.ring', targets, ringGroup: group.number, outside, ...(ringMs ? { ringMs } : {}) }, groupEvents };
}

function canRingExtension(view: RoutingView, request: Request, ext: string): boolean {
  const snapshot = view.extension(ext);
  return ext !== request.callerExt && !!snapshot && isAvailableForGroups(snapshot) && !view.isReserved(ext);
}
