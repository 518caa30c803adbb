import { useSyncExternalStore } from 'react';
import type { User } from '../../api/contracts/user.contract';

/**
 * Which user a row action opened a dialog for. Row actions are plain data in the resource definition
 * (users.resource.tsx), so they cannot hold React state; the users screen renders the dialog this store
 * names.
 */
export type UserDialog = { kind: 'reset-password'; user: User } | null;

let current: UserDialog = null;
const listeners = new Set<() => void>();

export function openUserDialog(dialog: UserDialog): void {
  current = dialog;
  listeners.forEach((notify) => notify());
}

export const closeUserDialog = () => openUserDialog(null);

export function useUserDialog(): UserDialog {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => current,
    () => null,
  );
}
