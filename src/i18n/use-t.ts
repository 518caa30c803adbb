import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { isMessageId, type MessageId } from './message-ids';

export type MessageValues = Record<string, string | number | boolean | null | undefined | Date>;
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** `const t = useT()`, then t(id): typed ids, plain strings (for attributes, titles, toasts). */
export function useT(): Translate {
  const intl = useIntl();
  return useCallback((id, values) => intl.formatMessage({ id }, values), [intl]);
}

/**
 * Text that may be a message id (client zod messages are ids, `validation.*`) or a text the server already
 * translated: ids are looked up, anything else is shown as it is.
 */
export function useTranslateMaybeId(): (text: string) => string {
  const t = useT();
  return useCallback((text) => (isMessageId(text) ? t(text) : text), [t]);
}
