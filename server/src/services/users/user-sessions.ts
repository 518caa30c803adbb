import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { refreshTokens } from '../../db/schema';
import { ANNOUNCEMENT_NAMESPACE } from '../../../../src/api/realtime/socket-events';
import { familyRoom, userRoom } from '../../realtime/rooms';

/**
 * Ends every login of a user (OWASP ASVS 7.4.2: deactivating or deleting a user, or resetting their
 * password, ends their sessions). Revoking the refresh-token families is what counts: every request
 * checks the family, so the user's access tokens stop working at once, not after 15 minutes.
 */
export async function revokeAllLogins(db: Database, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Sockets re-check their session at their next command (realtime/socket-auth.ts), but a socket that sends
 * nothing would keep receiving calls: this closes them now, in every app process (with Redis the room
 * disconnect goes through the adapter). Best effort: the revoked logins are what protects, so a slow peer
 * is logged, not fatal.
 */
async function disconnectRooms(app: FastifyInstance, rooms: string[], about: Record<string, unknown>): Promise<void> {
  if (rooms.length === 0) return;
  try {
    app.io.in(rooms).disconnectSockets(true);
    app.io.of(ANNOUNCEMENT_NAMESPACE).in(rooms).disconnectSockets(true);
  } catch (error) {
    app.log.warn({ err: error, ...about }, 'could not disconnect the sockets of an ended session');
  }
}

export const disconnectUserSockets = (app: FastifyInstance, userId: number) => disconnectRooms(app, [userRoom(userId)], { userId });

/** The sockets of revoked logins: logout, a replayed refresh token, a password change's other logins. */
export const disconnectFamilySockets = (app: FastifyInstance, familyIds: Iterable<string>) =>
  disconnectRooms(app, [...familyIds].map(familyRoom), { familyIds: [...familyIds] });

/**
 * Tells the user's open pages that a manager changed them (permissions, queue report, name, extension):
 * they fetch their user info again and their menus and rights follow at once. Best effort, like the
 * disconnect above: the server checks every request against the stored user anyway.
 */
export function announceUserChange(app: FastifyInstance, userId: number): void {
  try {
    app.io.to(userRoom(userId)).emit('user_updated');
  } catch (error) {
    app.log.warn({ err: error, userId }, 'could not tell the sockets of a changed user');
  }
}

/** What the users service needs from the app to end a user's sessions. */
export type EndSessions = (userId: number) => Promise<void>;

export function sessionEnder(app: FastifyInstance): EndSessions {
  return async (userId) => {
    await revokeAllLogins(app.db, userId);
    await disconnectUserSockets(app, userId);
  };
}
