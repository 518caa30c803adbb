import type { FastifyInstance } from 'fastify';
import { RECORDING_PATHS } from '../../../../src/api/contracts/call-recording.contract';
import { authOfLiveSession, type RequestAuth } from '../../plugins/auth';
import { createDownloadTokenSigner, type DownloadTokenSigner } from '../downloads/download-tokens';
import { loadAccountForToken } from '../session/account';

/**
 * Tokens for the recording stream (CONTRACT §3): an audio element cannot send the bearer header. They
 * are the shared download tokens (services/downloads, docs/api.md) with their own purpose, so an
 * export's token never plays a recording nor the other way round. They live longer than an export's
 * (10 minutes): the player asks for byte ranges again each time the user seeks.
 */
export const RECORDING_TOKEN_PURPOSE = RECORDING_PATHS.stream;
export const RECORDING_TOKEN_TTL_SECONDS = 600;

const signers = new Map<string, DownloadTokenSigner>();

export function recordingTokenSigner(jwtSecret: string, ttlSeconds = RECORDING_TOKEN_TTL_SECONDS): DownloadTokenSigner {
  const key = `${ttlSeconds}:${jwtSecret}`;
  let signer = signers.get(key);
  if (!signer) {
    signer = createDownloadTokenSigner(jwtSecret, ttlSeconds);
    signers.set(key, signer);
  }
  return signer;
}

export async function issueRecordingToken(app: FastifyInstance, auth: RequestAuth): Promise<{ token: string; expiresAt: Date }> {
  const { userId, companyId, familyId, loginType } = auth;
  const token = await recordingTokenSigner(app.config.jwtSecret).sign({ userId, companyId, familyId, loginType, purpose: RECORDING_TOKEN_PURPOSE });
  return { token, expiresAt: new Date(Date.now() + RECORDING_TOKEN_TTL_SECONDS * 1000) };
}

/**
 * The holder of a recording token, read fresh from the database like `app.authenticate` does, so a
 * logout or a deactivation stops playback at once. Null for a missing, expired, tampered or
 * other-purpose token, and for a login that has ended.
 */
export async function authFromRecordingToken(app: FastifyInstance, token: string): Promise<RequestAuth | null> {
  const claims = token ? await recordingTokenSigner(app.config.jwtSecret).verify(token, RECORDING_TOKEN_PURPOSE) : null;
  if (!claims) return null;
  const account = await loadAccountForToken(app.db, claims.userId, claims.familyId);
  return authOfLiveSession(account, claims);
}
