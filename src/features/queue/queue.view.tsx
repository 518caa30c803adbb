import type { QueueMember } from '../../api/contracts/queue.contract';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';

/** A queue's members in one cell, in order: `1001, 1002 (2)` — the penalty when above 0. */
export function membersText(members: readonly Pick<QueueMember, 'extension' | 'penalty'>[] | undefined): string {
  return (members ?? []).map((m) => (m.penalty ? `${m.extension} (${m.penalty})` : m.extension)).join(', ');
}

/**
 * What the queues' list adds to its derived view (docs/queues.md "Queues"): the members with their
 * penalties as a column, so who takes a queue's calls is seen without opening each queue.
 */
export const queueView: EntityViewOverrides = {
  columns: {
    members: { key: 'members', labelId: 'queue.field.members', render: (record) => membersText(record.members as QueueMember[] | undefined) },
  },
};
