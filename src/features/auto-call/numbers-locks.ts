import type { AutoCallState } from '../../api/contracts/auto-call.contract';
import type { MessageId } from '../../i18n/message-ids';

/**
 * When a campaign's numbers may not change, and why (the server's rule, campaign-numbers.ts): none are
 * added while it runs (a paused run takes in what was added when it resumes), and none are deleted while
 * it runs or is paused (the paused run still holds numbers it dialled and will retry). Undefined: allowed.
 */
export const uploadLock = (state: AutoCallState | null): MessageId | undefined => (state === 'on_going' ? 'auto-call.numbers_locked_running' : undefined);

export const deleteLock = (state: AutoCallState | null): MessageId | undefined => (state === 'paused' ? 'auto-call.numbers_locked_paused' : uploadLock(state));
