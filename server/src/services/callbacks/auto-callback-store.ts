import { and, eq, inArray, isNotNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { callbacks, calls, users } from '../../db/schema';
import { afterDelay, autoCallbackRule } from './auto-callback-rules';
import { statementRows } from '../../db/statement-rows';

/**
 * The automatic callbacks' schedule, in the callbacks table (docs/calls.md "Automatic callbacks"), so a
 * restart loses nothing and every app process can run tries. Each step is one conditional UPDATE: a
 * try is claimed by exactly one process, and a callback closed or taken by hand meanwhile is never
 * moved on by a step that started before.
 *
 * Candidates are read across companies (the runner is the process's own housekeeping, like the call
 * log's sweep); everything done to one callback afterwards is scoped to its company.
 */

/** A try that never reports back (its process died, the PBX lost the call) is given up after this. */
export const TRY_TIMEOUT_S = 180;

export interface ClaimedTry {
  id: number;
  companyId: number;
  phoneNumber: string;
  assignedUserId: number | null;
  autoAttempts: number;
  autoGroup: string | null;
}

/**
 * Claims up to `limit` due tries: `scheduled` → `calling`, counting the try. The SELECT … FOR UPDATE
 * SKIP LOCKED lets two processes polling at once take different rows; the outer conditions are checked
 * again on the row as it is when locked, so a row another process already claimed (or someone closed)
 * is not claimed twice. The candidates are a MATERIALIZED CTE, not `id in (select … limit n for update
 * skip locked)`: PostgreSQL may run such a subquery again for each row it updates, skipping the rows this
 * statement has just locked, and so take more than `limit` (found by the auto-call runner's tests).
 */
export async function claimDueTries(db: Database, limit = 10): Promise<ClaimedTry[]> {
  const result = await db.execute(sql`
    with due as materialized (
      select id from callbacks
      where auto_state = 'scheduled' and status = 'open' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    update callbacks c
    set auto_state = 'calling', auto_attempts = c.auto_attempts + 1, next_attempt_at = ${afterDelay(TRY_TIMEOUT_S)},
        auto_extension = null, auto_uniqueid = null, updated_at = now()
    from due
    where c.id = due.id and c.auto_state = 'scheduled' and c.status = 'open' and c.next_attempt_at <= now()
    returning c.id, c.company_id as "companyId", c.phone_number as "phoneNumber", c.assigned_user_id as "assignedUserId",
              c.auto_attempts as "autoAttempts", c.auto_group as "autoGroup"`);
  return statementRows<ClaimedTry>(result);
}

/** The try's call was placed: the call log will say how it went. */
export async function notePlacedTry(db: Database, claimed: ClaimedTry, extension: string, uniqueid: string): Promise<void> {
  const scope = new CompanyScope(db, claimed.companyId);
  await scope.db
    .update(callbacks)
    .set({ autoExtension: extension, autoUniqueid: uniqueid, updatedAt: new Date() })
    .where(scope.where(callbacks, eq(callbacks.id, claimed.id), eq(callbacks.autoState, 'calling')));
}

/**
 * A try that did not reach the caller (nobody free, the agent or the caller did not answer, the PBX
 * refused): the next one after the group's delay, or none once `max_attempts` tries have run.
 * `uniqueid` names the try being given up (null before its call was placed), so a later try is never
 * failed by news of an earlier one.
 */
export async function failTry(db: Database, companyId: number, id: number, uniqueid: string | null): Promise<void> {
  const scope = new CompanyScope(db, companyId);
  const [row] = await scope.findMany(callbacks, eq(callbacks.id, id));
  if (!row || row.autoState !== 'calling' || row.autoUniqueid !== uniqueid) return;
  const rule = row.autoGroup ? await autoCallbackRule(scope, row.autoGroup) : null;
  const more = rule !== null && row.autoAttempts < rule.maxAttempts;
  await scope.db
    .update(callbacks)
    .set({
      autoState: more ? 'scheduled' : 'exhausted',
      nextAttemptAt: more ? afterDelay(rule.delaySeconds) : null,
      autoExtension: null,
      autoUniqueid: null,
      updatedAt: new Date(),
    })
    .where(
      scope.where(
        callbacks,
        eq(callbacks.id, id),
        eq(callbacks.autoState, 'calling'),
        eq(callbacks.autoAttempts, row.autoAttempts),
        uniqueid === null ? sql`${callbacks.autoUniqueid} is null` : eq(callbacks.autoUniqueid, uniqueid),
      ),
    );
}

/**
 * The caller answered the try: the callback is in progress, assigned to the agent whose extension took
 * it (when that extension is a user's), who marks it done as for any callback.
 */
export async function connectTry(db: Database, companyId: number, id: number, uniqueid: string, extension: string): Promise<void> {
  const scope = new CompanyScope(db, companyId);
  const [agent] = await scope.db
    .select({ id: users.id })
    .from(users)
    .where(scope.where(users, eq(users.extension, extension), sql`${users.deletedAt} is null`))
    .limit(1);
  await scope.db
    .update(callbacks)
    .set({
      status: 'in_progress',
      autoState: 'connected',
      nextAttemptAt: null,
      ...(agent ? { assignedUserId: agent.id } : {}),
      updatedAt: new Date(),
    })
    .where(scope.where(callbacks, eq(callbacks.id, id), eq(callbacks.autoState, 'calling'), eq(callbacks.autoUniqueid, uniqueid), eq(callbacks.status, 'open')));
}

export interface TryOutcome {
  id: number;
  companyId: number;
  uniqueid: string | null;
  extension: string | null;
  answered: boolean;
}

/**
 * Tries whose fate is known: their call was answered or has ended (the call log, written by whichever
 * process holds the PBX), or they have been calling past TRY_TIMEOUT_S.
 */
export async function settledTries(db: Database): Promise<TryOutcome[]> {
  const rows = await db
    .select({
      id: callbacks.id,
      companyId: callbacks.companyId,
      uniqueid: callbacks.autoUniqueid,
      extension: callbacks.autoExtension,
      answeredAt: calls.answeredAt,
    })
    .from(callbacks)
    .leftJoin(calls, and(eq(calls.companyId, callbacks.companyId), eq(calls.uniqueid, callbacks.autoUniqueid)))
    .where(
      and(
        eq(callbacks.autoState, 'calling'),
        or(isNotNull(calls.answeredAt), isNotNull(calls.endedAt), lte(callbacks.nextAttemptAt, sql`now()`)),
      ),
    );
  return rows.map((row) => ({ id: row.id, companyId: row.companyId, uniqueid: row.uniqueid, extension: row.extension, answered: row.answeredAt !== null }));
}

/**
 * Callbacks closed or taken by hand while a try was scheduled or running: no more tries, and the list
 * says the automatic callback stopped rather than showing a schedule that will never run.
 */
export async function stopHandledTries(db: Database): Promise<void> {
  await db
    .update(callbacks)
    .set({ autoState: 'stopped', nextAttemptAt: null })
    .where(and(inArray(callbacks.autoState, ['scheduled', 'calling']), ne(callbacks.status, 'open')));
}
