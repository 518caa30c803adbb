// Where a call goes next, decided from the current snapshots of extensions and groups. Used by the PBX
// root to answer `call.route` and to hand waiting queue calls to freed agents, and by the driver to
// refuse a call up front (busy, logged out) with a typed error instead of a call that dies silently.

import { directCallRefusal, isAvailableForGroups, type ExtensionSnapshot } from './extension.machine';
import { pickMembers, type GroupContext } from './group.machine';
import type { GroupEvent, RouteDecision, RouteRequest } from './protocol';

export interface RoutingView {
  extension(number: string): ExtensionSnapshot | undefined;
  group(number: string): GroupContext | undefined;
  /** Rung by the root a moment ago; its line has not caught up yet. */
  isReserved(ext: string): boolean;
  newChannel(ext: string): string;
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
  if (group) return routeToGroup(view, request, group);
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

function routeToGroup(view: RoutingView, request: Request, group: GroupContext): RouteOutcome {
  const groupEvents: RouteOutcome['groupEvents'] = [];
  const available = (ext: string) => {
    const snapshot = view.extension(ext);
    return ext !== request.callerExt && !!snapshot && isAvailableForGroups(snapshot) && !view.isReserved(ext);
  };
  const ringGroupDone = group.kind === 'ringGroup' && request.attempt === 'retry' && group.strategy === 'ringall';
  // Ring groups ring each member once; queues keep trying everyone until the caller gives up.
  const exclude = group.kind === 'ringGroup' ? request.tried : [];
  const picked = ringGroupDone ? [] : pickMembers(group, available, exclude);

  if (request.attempt === 'first' || group.kind === 'queue') {
    groupEvents.push({ group: group.number, event: { type: 'group.join', callId: request.uniqueid } });
  }
  if (picked.length === 0) {
    if (group.kind === 'queue') return { decision: { type: 'route.wait', ringGroup: group.number }, groupEvents };
    const reason = request.attempt === 'first' ? 'unreachable' : 'noanswer';
    return { decision: { type: 'route.fail', reason }, groupEvents };
  }
  if (group.strategy === 'roundrobin') {
    groupEvents.push({ group: group.number, event: { type: 'group.rung', ext: picked[picked.length - 1] ?? '' } });
  }
  const targets = picked.map((ext) => ({ ext, channel: view.newChannel(ext) }));
  return { decision: { type: 'route.ring', targets, ringGroup: group.number }, groupEvents };
}
