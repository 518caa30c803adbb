import { isNull } from 'drizzle-orm';
import { companyScope } from '../../db/company-scope';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import { rollStatistics } from './statistics-rollup';

/** How often each process rolls every company's queue log up (statistics-rollup.ts). */
export const ROLL_EVERY_MS = 5 * 60_000;

/**
 * Rolls every company's queue log up, one company after another, each in its own scope. Every process
 * runs it: a roll is idempotent, so two at once only repeat work, and no lease is needed.
 */
export async function rollEveryCompany(db: Database, onError: (error: unknown, companyId: number) => void, now = Date.now()): Promise<void> {
  const rows = await db.select({ id: companies.id }).from(companies).where(isNull(companies.deletedAt));
  for (const { id } of rows) {
    try {
      await rollStatistics(companyScope(db, id), now);
    } catch (error) {
      onError(error, id);
    }
  }
}

/** Rolls soon after start and then every ROLL_EVERY_MS, never two rolls of this process at once; answers a stop. */
export function startRolling(db: Database, onError: (error: unknown, companyId: number) => void, every = ROLL_EVERY_MS): () => Promise<void> {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const roll = () => {
    if (busy) return;
    busy = true;
    running = rollEveryCompany(db, onError).finally(() => {
      busy = false;
    });
  };
  const first = setTimeout(roll, Math.min(every, 30_000));
  const timer = setInterval(roll, every);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
