import { eq, inArray, sql } from 'drizzle-orm';
import type { CallDisposition } from '../../../../src/api/contracts/call.contract';
import { OPEN_CALLBACK_STATUSES } from '../../../../src/api/contracts/callback.contract';
import type { Database } from '../../db/client';
import { CompanyScope } from '../../db/company-scope';
import { callbacks } from '../../db/schema';
import { isUniqueViolation } from '../../resources/db-errors';
import type { CallSnapshot } from './call-track';

interface MissedCall {
  /** Normalised digits. */
  phoneNumber: string;
  uniqueid: string;
  queue: string | null;
  at: Date;
}

/**
 * The callback rule of a call that is over (docs/calls.md), whether it ended, was given up by the
 * recorder or was closed by the sweep after a restart: a missed or abandoned inbound queue call from a
 * number we can dial back opens or bumps that number's callback. Direct calls do not: the agent sees
 * them in the log.
 */
export async function callbackForEndedCall(
  db: Database,
  companyId: number,
  call: CallSnapshot,
  disposition: CallDisposition | null,
): Promise<void> {
  const lost = disposition === 'missed' || disposition === 'abandoned';
  // A ring group that ended at a callback group has left that group's request already (services/routing).
  if (call.routedTo?.type === 'callback_group') return;
  if (!lost || !call.endedAt || call.direction !== 'inbound' || !call.queue || !/^\d+$/.test(call.callerNumber)) return;
  await callbackForMissedCall(db, companyId, { phoneNumber: call.callerNumber, uniqueid: call.uniqueid, queue: call.queue, at: call.endedAt });
}

/**
 * One open callback per company and number (the duplicate-callback complaint): a missed call from a
 * number that already has one raises its attempts; otherwise it opens one. A call already counted is
 * not counted again, and two processes racing to open the first one meet the partial unique index:
 * the loser retries and finds the winner's row.
 */
export async function callbackForMissedCall(db: Database, companyId: number, missed: MissedCall): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await db.transaction((tx) => upsert(new CompanyScope(tx as unknown as Database, companyId), missed));
      return;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 2) throw error;
    }
  }
}

async function upsert(scope: CompanyScope, missed: MissedCall): Promise<void> {
  const [open] = await scope.findMany(
    callbacks,
    eq(callbacks.phoneNumber, missed.phoneNumber),
    inArray(callbacks.status, [...OPEN_CALLBACK_STATUSES]),
  );
  if (!open) {
    await scope.insert(callbacks, {
      phoneNumber: missed.phoneNumber,
      status: 'open',
      attempts: 1,
      lastCallAt: missed.at,
      lastUniqueid: missed.uniqueid,
      uniqueids: [missed.uniqueid],
      queue: missed.queue,
      source: 'missed_call',
    });
    return;
  }
  if (open.uniqueids.includes(missed.uniqueid)) return;
  // Increment in SQL: two missed calls counted at once must both count.
  await scope.db
    .update(callbacks)
    .set({
      attempts: sql`${callbacks.attempts} + 1`,
      lastCallAt: sql`greatest(${callbacks.lastCallAt}, ${missed.at.toISOString()}::timestamptz)`,
      lastUniqueid: missed.uniqueid,
      uniqueids: sql`array_append(${callbacks.uniqueids}, ${missed.uniqueid})`,
      queue: missed.queue ?? open.queue,
      updatedAt: new Date(),
    })
    .where(scope.where(callbacks, eq(callbacks.id, open.id)));
}
