import { Intent, Tag } from '@blueprintjs/core';
import type { InspectedActorStatus } from '../../shell/inspection/inspection-types';
import type { MessageId } from '../../i18n/message-ids';
import { useT } from '../../i18n/use-t';

const STATUS: Record<InspectedActorStatus, { intent: Intent; messageId: MessageId }> = {
  active: { intent: Intent.SUCCESS, messageId: 'inspector.status.active' },
  done: { intent: Intent.PRIMARY, messageId: 'inspector.status.done' },
  error: { intent: Intent.DANGER, messageId: 'inspector.status.error' },
  stopped: { intent: Intent.NONE, messageId: 'inspector.status.stopped' },
};

/** An actor's status as a small coloured tag (the list and the details share it). */
export function ActorStatusTag({ status }: { status: InspectedActorStatus }) {
  const t = useT();
  const { intent, messageId } = STATUS[status];
  return (
    <Tag minimal round intent={intent} data-status={status}>
      {t(messageId)}
    </Tag>
  );
}
