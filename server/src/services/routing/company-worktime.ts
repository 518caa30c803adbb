import { eq } from 'drizzle-orm';
import type { CompanyWorktime } from '../../../../src/api/contracts/company-worktime.contract';
import { forceAt, nextSpanChange, scheduledOpen, workingHourConditions, type WorktimeForce, type WorktimeForceState } from '../../../../src/api/routing/company-worktime';
import type { TimeConditionOfRouting } from '../../../../src/api/routing/route-call';
import type { CompanyScope } from '../../db/company-scope';
import { companyWorktime, users } from '../../db/schema';
import { liveRouting } from './routing-apply';
import { loadRoutingConfig } from './routing-config';

/**
 * Company work time (docs/routing.md "Company work time"): the hours are the working-hour conditions of
 * the live routing (the staged records before any Apply); the switch, one row per company in
 * `company_worktime`, forces the company open or closed until the next change of span. The PBX and
 * routing/simulate read the force through `worktimeForce`, at once, without Apply.
 */

export interface StoredForce extends WorktimeForceState {
  forcedBy: string | null;
}

/** The switch as stored (it may have ended: `forceAt` says whether it holds at a moment). */
export async function worktimeForce(scope: CompanyScope): Promise<StoredForce | null> {
  const [row] = await scope.db
    .select({ force: companyWorktime.force, forcedAt: companyWorktime.forcedAt, forceUntil: companyWorktime.forceUntil, forcedBy: users.name })
    .from(companyWorktime)
    .leftJoin(users, eq(users.id, companyWorktime.forcedBy))
    .where(scope.where(companyWorktime))
    .limit(1);
  if (!row) return null;
  return { force: row.force === 'open' || row.force === 'closed' ? row.force : null, forcedAt: row.forcedAt, forceUntil: row.forceUntil, forcedBy: row.forcedBy };
}

/** The time conditions the hours are read from: the live routing's, else (before any Apply) the records'. */
async function worktimeConditions(scope: CompanyScope): Promise<readonly TimeConditionOfRouting[]> {
  const live = await liveRouting(scope);
  return live ? live.routing.timeConditions : (await loadRoutingConfig(scope)).timeConditions;
}

/** `company/worktime/view`: open now or not, why, and the hours. */
export async function viewCompanyWorktime(scope: CompanyScope, now = new Date()): Promise<CompanyWorktime> {
  const [conditions, stored] = await Promise.all([worktimeConditions(scope), worktimeForce(scope)]);
  const force = forceAt(stored, now);
  const scheduled = scheduledOpen(conditions, now);
  return {
    open: force === null ? scheduled : force === 'open',
    scheduled_open: scheduled,
    force,
    force_until: force && stored?.forceUntil ? stored.forceUntil.toISOString() : null,
    forced_by: force ? (stored?.forcedBy ?? null) : null,
    hours: workingHourConditions(conditions).map((c) => ({
      id: c.id,
      name: c.name,
      start_weekday: c.start_weekday,
      end_weekday: c.end_weekday,
      start_hour: c.start_hour,
      start_minute: c.start_minute,
      end_hour: c.end_hour,
      end_minute: c.end_minute,
    })),
  };
}

/** `company/worktime/update`: force open or closed until the hours next change, or null to go back to them. */
export async function setCompanyWorktime(scope: CompanyScope, userId: number, force: WorktimeForce | null, now = new Date()): Promise<CompanyWorktime> {
  const conditions = await worktimeConditions(scope);
  const values = force
    ? { force, forcedAt: now, forceUntil: nextSpanChange(conditions, now), forcedBy: userId, updatedAt: now }
    : { force: null, forcedAt: null, forceUntil: null, forcedBy: userId, updatedAt: now };
  await scope.db
    .insert(companyWorktime)
    .values({ ...values, companyId: scope.companyId })
    .onConflictDoUpdate({ target: companyWorktime.companyId, set: values });
  return viewCompanyWorktime(scope, now);
}
