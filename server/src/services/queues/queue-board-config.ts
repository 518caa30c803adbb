import { asc, isNotNull, isNull } from 'drizzle-orm';
import type { BoardConfig } from '../../../../src/api/queues/queue-board';
import type { CompanyScope } from '../../db/company-scope';
import { queueMembers, queues, users } from '../../db/schema';

/** Until queues carry their own threshold: the common target, 80 % answered within 20 s (guides). */
export const DEFAULT_SERVICE_LEVEL_S = 20;

/** A company's queues with their members and the agents' names: what its boards show (docs/queues.md). */
export async function loadBoardConfig(scope: CompanyScope): Promise<BoardConfig> {
  const [queueRows, memberRows, userRows] = await Promise.all([
    scope.db.select({ id: queues.id, number: queues.number, name: queues.name }).from(queues).where(scope.where(queues)).orderBy(asc(queues.number)),
    scope.db.select({ queueId: queueMembers.queueId, extension: queueMembers.extension }).from(queueMembers).where(scope.where(queueMembers)).orderBy(asc(queueMembers.id)),
    scope.db
      .select({ extension: users.extension, name: users.name })
      .from(users)
      .where(scope.where(users, isNull(users.deletedAt), isNotNull(users.extension))),
  ]);
  const names: Record<string, string> = {};
  for (const row of userRows) if (row.extension) names[row.extension] = row.name;
  return {
    queues: queueRows.map((queue) => ({
      number: queue.number,
      name: queue.name,
      service_level_s: DEFAULT_SERVICE_LEVEL_S,
      members: memberRows.filter((m) => m.queueId === queue.id).map((m) => m.extension),
    })),
    names,
  };
}
