import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { authOfLiveSession, resolveAuth, type RequestAuth } from '../plugins/auth';
import { loadAccountForToken } from '../services/session/account';

/**
 * The socket's `auth: { token }` is checked exactly like `Authorization: Bearer` (CONTRACT §8), by the
 * same function. resolveAuth reads only `request.server` (the token signer and the database), so a
 * socket handshake passes an object with just that.
 */
export function authenticateSocketToken(app: FastifyInstance, token: unknown): Promise<RequestAuth | null> {
  if (typeof token !== 'string' || token === '') return Promise.resolve(null);
  const handshakeAsRequest = { server: app } as unknown as FastifyRequest;
  return resolveAuth(handshakeAsRequest, token);
}

/**
 * A socket outlives its access token (15 minutes) by design: agents stay connected for a shift and the
 * client re-sends the token on reconnect. What must not outlive is the session itself, so every socket
 * command re-reads the account: logout, a replayed refresh token, deactivation, deletion and a move to
 * another company end the socket's rights at its next command, and permission changes apply at once.
 */
export async function reloadSocketAuth(db: Database, auth: RequestAuth): Promise<RequestAuth | null> {
  const account = await loadAccountForToken(db, auth.userId, auth.familyId);
  return authOfLiveSession(account, auth);
}
