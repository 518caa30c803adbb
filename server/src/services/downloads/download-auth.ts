import type { FastifyRequest } from 'fastify';
import { DOWNLOAD_PURPOSES, type DownloadPurpose } from '../../../../src/api/contracts/download.contract';
import { allows } from '../../../../src/api/resources/resource-access';
import { forbidden, unauthenticated } from '../../lib/errors';
import { authOfLiveSession } from '../../plugins/auth';
import { loadAccountForToken } from '../session/account';
import { hashDownloadParams, verifyDownloadToken } from './download-tokens';

/** The parameters a download was asked with: its path parameters and query string, without the token. */
function requestParams(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const params = (request.params ?? {}) as Record<string, unknown>;
  return { ...params, ...query };
}

/**
 * onRequest hook for a download opened in a new tab: `?token=` must be a live download token for this
 * purpose and exactly these parameters. Sets `request.auth` like `app.authenticate` does, read fresh
 * from the database, so a logout, a deactivation or a lost permission stops the download at once.
 *
 * 401: no token, expired, tampered, or the login has ended. 403: a valid token for another purpose or
 * other parameters, or the holder may no longer download this.
 */
export function authenticateDownload(purpose: DownloadPurpose) {
  return async (request: FastifyRequest): Promise<void> => {
    const raw = (request.query as Record<string, unknown> | undefined)?.token;
    const token = typeof raw === 'string' ? raw : '';
    const claims = token ? await verifyDownloadToken(request.server.config.jwtSecret, token) : null;
    if (!claims) throw unauthenticated();
    if (claims.purpose !== purpose || claims.paramsHash !== hashDownloadParams(requestParams(request))) throw forbidden();
    const account = await loadAccountForToken(request.server.db, claims.userId, claims.familyId);
    const auth = authOfLiveSession(account, claims);
    if (!auth) throw unauthenticated();
    const rule = DOWNLOAD_PURPOSES[purpose];
    if (!rule || !allows(auth, rule)) throw forbidden();
    request.authOrNull = auth;
  };
}
