import en from './messages/en.json';

/**
 * Message ids are the keys of the English catalogue; `scripts/check-i18n.ts` keeps the Korean one in step.
 * Typing ids this way turns a misspelt id into a compile error instead of a raw key on screen.
 */
export type MessageId = keyof typeof en;

export function isMessageId(value: string): value is MessageId {
  return Object.prototype.hasOwnProperty.call(en, value);
}
