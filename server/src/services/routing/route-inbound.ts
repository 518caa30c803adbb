import { isKoreanHoliday } from '../../../../src/api/holidays/korean-holidays';
import { routeCall } from '../../../../src/api/routing/route-call';
import type { InboundRoute } from '../../telephony/driver';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { normalisePhoneNumber } from '../../lib/phone';
import { forceAt } from '../../../../src/api/routing/company-worktime';
import { worktimeForce } from './company-worktime';
import { liveRouting } from './routing-apply';

/** Whether a day (Asia/Seoul, `2026-09-25`) is a Korean public holiday (src/api/holidays). */
export const isPublicHoliday = (day: string) => isKoreanHoliday(day) !== null;

export interface InboundCallToRoute {
  to: string;
  from: string;
  at?: Date;
  digits?: string;
}

/**
 * Where the built-in PBX sends an inbound call (docs/routing.md): through the company's live routing
 * (the last one applied). Null when the company has applied none, or the number dialled is none of its
 * inbound numbers: the PBX then rings the extension, queue or group dialled, as before routing existed.
 */
export async function routeInboundCall(db: Database, companyId: number, call: InboundCallToRoute): Promise<InboundRoute | null> {
  const scope = new CompanyScope(db, companyId);
  const live = await liveRouting(scope);
  if (!live || !live.routing.inboundNumbers.some((number) => number.number === call.to)) return null;
  // The blacklist has already been asked by the PBX (CallScreen.refusesCaller).
  const routing = { ...live.routing, blacklist: [] };
  const at = call.at ?? new Date();
  // The work-time switch counts at once, without Apply (docs/routing.md "Company work time").
  const force = forceAt(await worktimeForce(scope), at);
  const routed = routeCall(routing, { to: call.to, from: normalisePhoneNumber(call.from), at, force, ...(call.digits ? { digits: call.digits } : {}) }, isPublicHoliday);
  return { destination: routed.destination, ringGroup: routed.ringGroup, ivrNumber: routed.ivrNumber };
}
