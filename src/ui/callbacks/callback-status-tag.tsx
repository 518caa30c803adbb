import { Tag } from '@blueprintjs/core';
import type { Callback } from '../../api/contracts/callback.contract';
import { useT } from '../../i18n/use-t';
import { CALLBACK_STATUS_INTENTS, CALLBACK_STATUS_LABELS } from './callback-labels';

/** A callback's status as a coloured tag (the list, the outbound pop-up's callback strip). */
export function CallbackStatusTag({ callback }: { callback: Callback }) {
  const t = useT();
  return (
    <Tag minimal intent={CALLBACK_STATUS_INTENTS[callback.status]} data-testid={`callback-state-${callback.id}`}>
      {t(CALLBACK_STATUS_LABELS[callback.status])}
    </Tag>
  );
}
