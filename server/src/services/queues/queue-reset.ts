import { eq } from 'drizzle-orm';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import type { QueueLogRecorder } from './queue-log-recorder';

/**
 * A reset someone asked for (`queue/reset`, the CTI API's `queueReset`): recorded in the queue log with
 * their name, so the board says who reset it and when, and a report can tell (docs/queues.md).
 */
export async function recordQueueReset(scope: CompanyScope, recorder: QueueLogRecorder, userId: number, queue: string): Promise<void> {
  const [user] = await scope.db.select({ name: users.name }).from(users).where(scope.where(users, eq(users.id, userId)));
  await recorder.reset(scope.companyId, queue, user?.name ?? '');
}
