// Who a ring group rings next, by its strategy (FreePBX's ring group strategies):
//   ringall        every member that can ring, once, for the ring time;
//   hunt           one member at a time in list order, each for the ring time;
//   memoryhunt     the first, then the first and second, then the first three… each stage for the ring time;
//   firstavailable only the first member that can ring.
// Pure: the call says whom it has rung so far (`tried`, ring groups ring each stage once), the caller
// says who can ring now (an extension logged in, available and idle; an outside number always can).

import type { RingStrategy } from '../driver';

export function pickRingGroupMembers(
  strategy: RingStrategy,
  members: readonly string[],
  canRing: (member: string) => boolean,
  tried: readonly string[],
): string[] {
  if (strategy === 'hunt' || strategy === 'memoryhunt') {
    // The next stage starts after the furthest member rung so far; members that cannot ring are passed over.
    const reached = Math.max(-1, ...tried.map((member) => members.indexOf(member)));
    const next = members.findIndex((member, index) => index > reached && canRing(member));
    if (next < 0) return [];
    return strategy === 'hunt' ? [members[next]!] : members.slice(0, next + 1).filter(canRing);
  }
  // ringall and firstavailable ring once; whatever else a ring group is set to rings like ringall.
  if (tried.length > 0) return [];
  const ringable = members.filter(canRing);
  return strategy === 'firstavailable' ? ringable.slice(0, 1) : ringable;
}
