import { eq } from 'drizzle-orm';
import type { QueueLabelBody } from '../../../../src/api/contracts/queue-status.contract';
import type { CompanyScope } from '../../db/company-scope';
import { queues } from '../../db/schema';

/**
 * Saves a queue's board label and colour thresholds (`queue/label`, docs/queues.md "Board label and
 * colours") and answers its number, or null when the company has no queue with that id (another
 * company's id is just as missing). The queue's other settings, and its `updated_at`, stay: they are the
 * configuration screen's.
 */
export async function saveQueueBoardLabel(scope: CompanyScope, body: QueueLabelBody): Promise<string | null> {
  const [row] = await scope.update(queues, { board_label: body.label, wait_warning_s: body.wait_warning_s, wait_danger_s: body.wait_danger_s } as never, eq(queues.id, body.id));
  return row ? String((row as { number: unknown }).number) : null;
}
