import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { LoginThrottleConfig } from '../../config';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { tooManyAttempts } from '../../lib/errors';

/**
 * Throttling of failed sign-ins (CONTRACT §4, departs): per username for passwords, per client address
 * for company and agent API keys. Failures live in the database so every app process sees the same count.
 * Within the last hour: after `delayAfterFailures` failures each attempt waits a growing delay; after
 * `lockAfterFailures` failures within `lockWindowMinutes` attempts are refused with 429 until the oldest
 * of them leaves the window; `maxFailuresPerHour` is a hard cap. Unknown usernames are counted like known
 * ones, so the answers never reveal which accounts exist.
 *
 * An attempt is counted *before* its secret is checked: the reservation is a failure row written under a
 * lock on its subject, released only if the secret was right. Counting first and recording after let 30
 * parallel guesses all be evaluated, since none had failed yet when the others were counted.
 */

export type ThrottleKind = 'password' | 'api_key';

/** The subject of a throttle: a username (password sign-in) or a client address (API keys). */
export interface ThrottleSubject {
  kind: ThrottleKind;
  key: string;
}

export const usernameSubject = (username: string): ThrottleSubject => ({ kind: 'password', key: username.trim().toLowerCase() });
export const addressSubject = (ip: string | null): ThrottleSubject => ({ kind: 'api_key', key: ip ?? 'unknown' });

/** A counted attempt: released when the secret was right, kept as the failure when it was wrong. */
export interface ReservedAttempt {
  id: number;
  /** How long to wait before checking the secret. */
  delayMs: number;
}

const minutesAgo = (minutes: number) => sql`now() - (${minutes} * interval '1 minute')`;
const ofSubject = (subject: ThrottleSubject) => and(eq(loginFailures.kind, subject.kind), eq(loginFailures.username, subject.key));

/**
 * Counts this attempt against its subject, or throws 429 when the subject is locked. One transaction
 * under an advisory lock on the subject, so concurrent attempts (in this process or another) are counted
 * one after the other; the count runs after the lock is held, so it sees every earlier reservation.
 */
export async function reserveLoginAttempt(
  db: Database,
  config: LoginThrottleConfig,
  subject: ThrottleSubject,
  ip: string | null,
): Promise<ReservedAttempt> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`login:${subject.kind}:${subject.key}`}, 0))`);
    const [row] = await tx
      .select({
        lastHour: sql<number>`count(*)::int`,
        recent: sql<number>`(count(*) filter (where ${loginFailures.failedAt} > ${minutesAgo(config.lockWindowMinutes)}))::int`,
      })
      .from(loginFailures)
      .where(and(ofSubject(subject), gt(loginFailures.failedAt, minutesAgo(60))));
    const lastHour = Number(row?.lastHour ?? 0);
    const recent = Number(row?.recent ?? 0);
    if (recent >= config.lockAfterFailures || lastHour >= config.maxFailuresPerHour) throw tooManyAttempts();
    const [reserved] = await tx
      .insert(loginFailures)
      .values({ username: subject.key, kind: subject.kind, ip })
      .returning({ id: loginFailures.id });
    return { id: reserved!.id, delayMs: loginDelayMs(config, lastHour) };
  });
}

/** The wait before the next attempt, given the failures of the last hour. */
export function loginDelayMs(config: LoginThrottleConfig, failures: number): number {
  if (failures < config.delayAfterFailures) return 0;
  return Math.min(config.delayStepMs * (failures - config.delayAfterFailures + 1), config.maxDelayMs);
}

/** The secret was wrong: the reservation stays as the failure; older rows no longer count, so prune them. */
export async function keepAsFailure(db: Database, subject: ThrottleSubject): Promise<void> {
  await db.delete(loginFailures).where(and(ofSubject(subject), lt(loginFailures.failedAt, minutesAgo(60))));
}

/** The secret was right: the attempt was no failure. */
export async function releaseAttempt(db: Database, attempt: ReservedAttempt): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, attempt.id));
}

/** A successful password sign-in forgives the account's earlier failures (and its own reservation). */
export async function clearLoginFailures(db: Database, subject: ThrottleSubject): Promise<void> {
  await db.delete(loginFailures).where(ofSubject(subject));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
