import { isNotNull, isNull } from 'drizzle-orm';
import { QUEUE_DEFAULT_SERVICE_LEVEL_S } from '../../../../src/api/contracts/queue.contract';
import type { BoardConfig } from '../../../../src/api/queues/queue-board';
import type { CompanyScope } from '../../db/company-scope';
import { users } from '../../db/schema';
import { loadCompanyQueues } from './company-queues';

/** A queue whose threshold is blank: the common target, 80 % answered within 20 s (guides). */
export const DEFAULT_SERVICE_LEVEL_S = QUEUE_DEFAULT_SERVICE_LEVEL_S;

/** A company's queues with their members, thresholds, board labels and colours and the agents' names: what its boards show (docs/queues.md). */
export async function loadBoardConfig(scope: CompanyScope): Promise<BoardConfig> {
  const [queueRows, userRows] = await Promise.all([
    loadCompanyQueues(scope),
    scope.db
      .select({ extension: users.extension, name: users.name })
      .from(users)
      .where(scope.where(users, isNull(users.deletedAt), isNotNull(users.extension))),
  ]);
  const names: Record<string, string> = {};
  for (const row of userRows) if (row.extension) names[row.extension] = row.name;
  return {
    queues: queueRows.map((queue) => ({
      id: queue.id,
      number: queue.number,
      name: queue.name,
      label: queue.board_label,
      service_level_s: queue.service_level_s ?? DEFAULT_SERVICE_LEVEL_S,
      wait_warning_s: queue.wait_warning_s,
      wait_danger_s: queue.wait_danger_s,
      members: queue.members.map((m) => m.extension),
    })),
    names,
  };
}
