import type { User } from '../../api/contracts/user.contract';
import { useUserInfo } from '../../shell/session/session-selectors';
import type { MessageId } from '../../i18n/message-ids';

/**
 * On their own row a manager may not delete, deactivate, demote or reset the password: it would lock them
 * out (the server answers 403 `errors.user_self_change` anyway; docs/users.md). The controls stay visible
 * but disabled, with the reason as their tooltip (the user form's role field says it under itself), so the row does
 * not look broken.
 */
export const OWN_ACCOUNT_REASON: MessageId = 'user.own_account_locked';

/** Row actions (by key) refused on one's own row, and why; the status switch asks `useIsOwnAccount` itself. */
const SELF_LOCKING_ACTIONS: ReadonlyMap<string, MessageId> = new Map<string, MessageId>([
  ['delete', OWN_ACCOUNT_REASON],
  ['reset-password', 'user.own_password_in_my_account'],
]);

/** Whether a user is the one signed in. */
export function useIsOwnAccount(): (user: Pick<User, 'id'>) => boolean {
  const ownId = useUserInfo()?.user.id;
  return (user) => ownId !== undefined && user.id === ownId;
}

/** For ResourceListPanel's `actionRefusal`: the reason on the signed-in user's own row, else nothing. */
export function useOwnAccountRefusal(): (user: User, actionKey: string) => MessageId | undefined {
  const isOwn = useIsOwnAccount();
  return (user, actionKey) => (isOwn(user) ? SELF_LOCKING_ACTIONS.get(actionKey) : undefined);
}
