import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginThrottleConfig } from '../../config';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { tooManyAttempts } from '../../lib/errors';

/**
 * Throttling of failed sign-ins per username (CONTRACT §4, departs). Failures live in the database so
 * every app process sees the same count. Within the last hour: after `delayAfterFailures` failures each
 * attempt waits a growing delay; after `lockAfterFailures` failures within `lockWindowMinutes` attempts
 * are refused with 429 until the oldest of them leaves the window; `maxFailuresPerHour` is a hard cap.
 * Unknown usernames are counted like known ones, so the answers never reveal which accounts exist.
 */

const keyOf = (username: string) => username.trim().toLowerCase();
const minutesAgo = (minutes: number) => sql`now() - (${minutes} * interval '1 minute')`;

/** Throws 429 when the account is locked; otherwise answers how long to wait before checking. */
export async function checkLoginThrottle(db: Database, config: LoginThrottleConfig, username: string): Promise<number> {
  const [row] = await db
    .select({
      lastHour: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${loginFailures.failedAt} > ${minutesAgo(config.lockWindowMinutes)}))::int`,
    })
    .from(loginFailures)
    .where(and(eq(loginFailures.username, keyOf(username)), gt(loginFailures.failedAt, minutesAgo(60))));
  const lastHour = Number(row?.lastHour ?? 0);
  const recent = Number(row?.recent ?? 0);
  if (recent >= config.lockAfterFailures || lastHour >= config.maxFailuresPerHour) throw tooManyAttempts();
  return loginDelayMs(config, lastHour);
}

/** The wait before the next attempt, given the failures of the last hour. */
export function loginDelayMs(config: LoginThrottleConfig, failures: number): number {
  if (failures < config.delayAfterFailures) return 0;
  return Math.min(config.delayStepMs * (failures - config.delayAfterFailures + 1), config.maxDelayMs);
}

export async function recordLoginFailure(db: Database, username: string, ip: string | null): Promise<void> {
  const key = keyOf(username);
  await db.insert(loginFailures).values({ username: key, ip });
  // Rows older than the longest window no longer count; prune this account's as we go.
  await db.delete(loginFailures).where(and(eq(loginFailures.username, key), lt(loginFailures.failedAt, minutesAgo(60))));
}

export async function clearLoginFailures(db: Database, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.username, keyOf(username)));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
