import { eq } from 'drizzle-orm';
import type { PbxRoutingLoad } from '../../../../src/api/routing/routing.contract';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { companies } from '../../db/schema';
import { companyContextPrefix } from '../../telephony/asterisk/config-sections';
import type { TelephonyDriver } from '../../telephony/driver';
import { isTelephonyError } from '../../telephony/errors';
import { liveRouting } from '../routing/routing-apply';

/**
 * After Apply (docs/routing.md "Apply"): a PBX that keeps its own routing (the Asterisk driver's
 * `loadRouting`, docs/telephony.md "Inbound routing on Asterisk") is handed the company's applied routing
 * under the company's context prefix (its `dcontext`, else one made from its id). The built-in PBX reads
 * the applied routing itself and a remote CTI server routes for itself: for them nothing is loaded.
 */
export async function loadAppliedRouting(db: Database, companyId: number, driver: TelephonyDriver): Promise<boolean> {
  if (!driver.loadRouting) return false;
  const applied = await liveRouting(new CompanyScope(db, companyId));
  if (!applied) return false;
  const [company] = await db.select({ dcontext: companies.dcontext }).from(companies).where(eq(companies.id, companyId)).limit(1);
  await driver.loadRouting({ prefix: companyContextPrefix(company?.dcontext, companyId), applied });
  return true;
}

export interface RoutingLoader {
  /** `{ loaded: true }` when the company's PBX took the applied routing, null when it keeps none. */
  loadRouting(companyId: number): Promise<{ loaded: true } | null>;
}

/**
 * What Apply answers about the PBX: `{ loaded: true }`, `{ loaded: false, error, message }` when the PBX
 * refused it or could not be reached (the Apply itself stands), or null when the PBX keeps no routing.
 */
export async function pbxAfterApply(telephony: RoutingLoader, companyId: number): Promise<PbxRoutingLoad | null> {
  try {
    return await telephony.loadRouting(companyId);
  } catch (error) {
    return { loaded: false, error: isTelephonyError(error) ? error.code : 'pbx_error', message: error instanceof Error ? error.message : String(error) };
  }
}
