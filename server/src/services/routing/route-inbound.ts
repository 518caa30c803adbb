import { isKoreanHoliday } from '../../../../src/api/holidays/korean-holidays';
import { routeCall, routeDestination } from '../../../../src/api/routing/route-call';
import type { RouteTarget } from '../../../../src/api/routing/routing.contract';
import { DESTINATION_TYPES } from '../../../../src/api/entities/entity-fields';
import type { CallDestination, InboundRoute } from '../../telephony/driver';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { normalisePhoneNumber } from '../../lib/phone';
import { forceAt } from '../../../../src/api/routing/company-worktime';
import { worktimeForce, type StoredForce } from './company-worktime';
import { liveRouting } from './routing-apply';
import type { StagedRouting } from './routing-config';

/** Whether a day (Asia/Seoul, `2026-09-25`) is a Korean public holiday (src/api/holidays). */
export const isPublicHoliday = (day: string) => isKoreanHoliday(day) !== null;

export interface InboundCallToRoute {
  to: string;
  from: string;
  at?: Date;
  digits?: string;
}

/**
 * What a call needs from the database, read at most once a second per company: the applied routing and
 * the work-time switch. Apply reaches the PBX's process through its directory reload and a switch through
 * its update, both forgetting it at once (forgetInboundRouting); the second bounds what another process's
 * change takes to arrive.
 */
const READ_EVERY_MS = 1_000;
const known = new Map<number, { readAt: number; live: Promise<StagedRouting | null>; force: Promise<StoredForce | null> }>();

export function forgetInboundRouting(companyId: number): void {
  known.delete(companyId);
}

function routingOf(db: Database, companyId: number) {
  const cached = known.get(companyId);
  if (cached && Date.now() - cached.readAt < READ_EVERY_MS) return cached;
  const scope = new CompanyScope(db, companyId);
  const read = { readAt: Date.now(), live: liveRouting(scope), force: worktimeForce(scope) };
  // A failed read is not kept: the next call reads again.
  Promise.all([read.live, read.force]).catch(() => known.get(companyId) === read && known.delete(companyId));
  known.set(companyId, read);
  return read;
}

/**
 * Where the built-in PBX sends an inbound call (docs/routing.md): through the company's live routing
 * (the last one applied). Null when the company has applied none, or the number dialled is none of its
 * inbound numbers: the PBX then rings the extension, queue or group dialled, as before routing existed.
 */
export async function routeInboundCall(db: Database, companyId: number, call: InboundCallToRoute): Promise<InboundRoute | null> {
  const read = routingOf(db, companyId);
  const live = await read.live;
  if (!live || !live.routing.inboundNumbers.some((number) => number.number === call.to)) return null;
  // The blacklist has already been asked by the PBX (CallScreen.refusesCaller).
  const routing = { ...live.routing, blacklist: [] };
  const at = call.at ?? new Date();
  // The work-time switch counts at once, without Apply (docs/routing.md "Company work time").
  const force = forceAt(await read.force, at);
  const routed = routeCall(routing, { to: call.to, from: normalisePhoneNumber(call.from), at, force, ...(call.digits ? { digits: call.digits } : {}) }, isPublicHoliday);
  return { destination: routed.destination, ringGroup: routed.ringGroup, ivrNumber: routed.ivrNumber };
}

/**
 * Where a ring group's no-answer destination leads (docs/routing.md): through the company's live routing,
 * so an IVR there plays its menu (no keys left: its timeout destination) and a queue or another ring group
 * rings; the same decision as a call's (`routeDestination`), not a second copy. An unknown type hangs up.
 */
export async function followRingGroupDestination(
  db: Database,
  companyId: number,
  call: { from: string; destination: CallDestination; at: Date },
): Promise<InboundRoute> {
  const type = (DESTINATION_TYPES as readonly string[]).includes(call.destination.type) ? call.destination.type : 'hangup';
  const target = { type, target: call.destination.target } as RouteTarget;
  const live = await routingOf(db, companyId).live;
  const routing = live?.routing ?? { inboundNumbers: [], timeConditions: [], ivrs: [], ringGroups: [], queues: [], callbackGroups: [], extensions: [], blacklist: [] };
  const routed = routeDestination(routing, target);
  return { destination: routed.destination, ringGroup: routed.ringGroup, ivrNumber: routed.ivrNumber };
}
