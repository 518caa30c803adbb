import { userInfoSchema, type UserInfo } from '../../api/contracts/session.contract';
import { STORAGE_KEYS } from '../../api/storage-keys';

/** The user info as stored, whatever order its keys were written in. */
function normalised(value: unknown): string | null {
  const parsed = userInfoSchema.safeParse(value);
  return parsed.success ? JSON.stringify(parsed.data) : null;
}

/**
 * Other tabs of this browser and the same user: when one of them stores new user info (the tab holding
 * the phone after the socket's `user_updated`, a language change, My account), `apply` gets it here too,
 * so menus and rights change in every tab at once instead of at the next reload. Only the same user's
 * info is taken (another user signing in elsewhere is the session's business, not this), and only when it
 * differs from this tab's, so two tabs never echo each other.
 */
export function followOtherTabs(current: () => UserInfo | null, apply: (user: UserInfo) => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEYS.userInfo || !event.newValue) return;
    const mine = current();
    if (!mine) return;
    let theirs: UserInfo;
    try {
      const parsed = userInfoSchema.safeParse(JSON.parse(event.newValue));
      if (!parsed.success) return;
      theirs = parsed.data;
    } catch {
      return;
    }
    if (theirs.user.id !== mine.user.id || JSON.stringify(theirs) === normalised(mine)) return;
    apply(theirs);
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
