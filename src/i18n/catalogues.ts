import en from './messages/en.json';
import kr from './messages/kr.json';
import type { Language } from '../api/contracts/session.contract';
import type { MessageId } from './message-ids';

/** Both catalogues, keyed by the product's language names. */
export const CATALOGUES: Record<Language, Record<MessageId, string>> = {
  en,
  // kr.json is checked against en.json by scripts/check-i18n.ts, so the cast only restates that check.
  kr: kr as Record<MessageId, string>,
};
