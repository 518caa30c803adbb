import { eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { CALLBACK_GROUP_DEFAULTS } from '../../../../src/api/contracts/callback-group.contract';
import type { CompanyScope } from '../../db/company-scope';
import { callbacks } from '../../db/schema';
import { liveRouting } from '../routing/routing-apply';

/** How a callback group calls back (CONTRACT §10): its members, the wait before each try, how many tries. */
export interface AutoCallbackRule {
  members: string[];
  delaySeconds: number;
  maxAttempts: number;
}

/** The group as the PBX follows it (the applied routing); null when it is no longer there. */
export async function autoCallbackRule(scope: CompanyScope, group: string): Promise<AutoCallbackRule | null> {
  const found = (await liveRouting(scope))?.callbackGroups.find((g) => g.number === group);
  if (!found) return null;
  return {
    members: found.members,
    delaySeconds: found.callback_delay_s ?? CALLBACK_GROUP_DEFAULTS.callback_delay_s,
    maxAttempts: found.max_attempts ?? CALLBACK_GROUP_DEFAULTS.max_attempts,
  };
}

/** `now() + delay` in the database's clock, the one every process's runner compares against. */
export const afterDelay = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * A caller left a callback request through callback group `group`: the number's open callback (just
 * opened or bumped) is called back by the system `callback_delay_s` from now. A callback already
 * scheduled or being called keeps its schedule (the request is de-duplicated like the callback
 * itself); one whose tries ran out or stopped, one reached before and reopened, or one that was never
 * automatic (a missed queue call), starts afresh.
 * A callback already in progress is someone's work: it is left alone.
 */
export async function scheduleAutoCallback(scope: CompanyScope, phoneNumber: string, group: string): Promise<void> {
  const rule = await autoCallbackRule(scope, group);
  if (!rule) return;
  await scope.db
    .update(callbacks)
    .set({
      autoState: 'scheduled',
      autoAttempts: 0,
      autoGroup: group,
      nextAttemptAt: afterDelay(rule.delaySeconds),
      autoExtension: null,
      autoUniqueid: null,
      updatedAt: new Date(),
    })
    .where(
      scope.where(
        callbacks,
        eq(callbacks.phoneNumber, phoneNumber),
        eq(callbacks.status, 'open'),
        or(isNull(callbacks.autoState), inArray(callbacks.autoState, ['exhausted', 'stopped', 'connected'])),
      ),
    );
}
