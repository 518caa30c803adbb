import { checkUser } from '../api/session-api';
import { sessionActor } from '../shell/session/session-actor';

/**
 * A manager changed this user (the socket's `user_updated`: permissions, queue report, extension...):
 * the user info is fetched again, so menus, pop-up rights and the other windows follow at once instead
 * of at the next sign-in (QA). A failed fetch changes nothing; the server checks every request anyway.
 */
export async function refreshUserInfo(): Promise<void> {
  try {
    sessionActor.send({ type: 'USER_UPDATED', user: await checkUser() });
  } catch {
    // Offline or signed out meanwhile: the next change or sign-in brings the user again.
  }
}
