import { Tag } from '@blueprintjs/core';
import { useT } from '../../i18n/use-t';
import { STATUS_LABEL_INTENTS, STATUS_LABEL_MESSAGES, statusLabelOf } from './status-labels';

export interface ExtensionStatusLabelProps {
  /** The specification's status code (`status` of load / extension_status); null shows "default". */
  code: number | null | undefined;
  /** @default 'extension-status-label' */
  testId?: string;
}

/** An extension's status as a coloured tag, wherever an extension is shown (CTI bar, boards). */
export function ExtensionStatusLabel({ code, testId = 'extension-status-label' }: ExtensionStatusLabelProps) {
  const t = useT();
  const label = statusLabelOf(code);
  return (
    <Tag minimal round intent={STATUS_LABEL_INTENTS[label]} data-testid={testId} data-status={code ?? ''} data-label={label}>
      {t(STATUS_LABEL_MESSAGES[label])}
    </Tag>
  );
}
