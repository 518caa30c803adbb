import { createHash, createHmac, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { loginTypeSchema, type LoginType } from '../../../../src/api/contracts/session.contract';

/**
 * Download tokens (CONTRACT §3): a file that opens in a new tab (or plays in an <audio> element) cannot
 * send the Authorization header, so its URL carries one of these instead of the session token. Each is
 * - short-lived (DOWNLOAD_TOKEN_TTL_SECONDS by default), so one that leaks into a history or a proxy
 *   log soon dies;
 * - single-purpose (`member-export`, `users-export`, a recording...), so it opens that one download;
 * - optionally bound to the exact parameters of the download (`paramsHash`), so it cannot be replayed
 *   with other filters;
 * - tied to the caller's login family, so logging out, deactivation or deletion ends it too (the routes
 *   re-read the account, see download-auth.ts).
 * They are stateless JWTs signed with a key derived from JWT_SECRET, distinct from the access-token key
 * and audience: an access token is never accepted as a download token, nor the other way round.
 *
 * Two ways in, one token format: `signDownloadToken`/`verifyDownloadToken` (the `POST /download-token`
 * flow with purposes from src/api/contracts/download.contract.ts) and `createDownloadTokenSigner` (a
 * signer with its own lifetime that checks the purpose itself, e.g. recordings).
 */

export const DOWNLOAD_TOKEN_TTL_SECONDS = 60;
/** Files a media element plays (STREAM_PURPOSES): it asks for byte ranges again on every seek. */
export const STREAM_TOKEN_TTL_SECONDS = 600;

const ISSUER = 'callcentre';
const AUDIENCE = 'callcentre-download';

export interface DownloadClaims {
  userId: number;
  companyId: number | null;
  familyId: string;
  loginType: LoginType;
  purpose: string;
  /** hashDownloadParams of the parameters the token was issued for; null when not bound to any. */
  paramsHash?: string | null;
}

/** The caller fields a token is issued to (RequestAuth has them all). */
export type DownloadHolder = Pick<DownloadClaims, 'userId' | 'companyId' | 'familyId' | 'loginType'>;

const payloadSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  cid: z.number().int().nullable(),
  fid: z.string().uuid(),
  lt: loginTypeSchema,
  pur: z.string(),
  ph: z.string().nullable().optional(),
});

const keyOf = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('callcentre download tokens').digest();

async function sign(key: Uint8Array, claims: DownloadClaims, ttlSeconds: number): Promise<string> {
  return new SignJWT({ cid: claims.companyId, fid: claims.familyId, lt: claims.loginType, pur: claims.purpose, ph: claims.paramsHash ?? null })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setJti(randomUUID())
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ttlSeconds}s`)
    .sign(key);
}

async function verify(key: Uint8Array, token: string): Promise<DownloadClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
    const parsed = payloadSchema.safeParse(payload);
    if (!parsed.success) return null;
    const { sub, cid, fid, lt, pur, ph } = parsed.data;
    return { userId: Number(sub), companyId: cid, familyId: fid, loginType: lt, purpose: pur, paramsHash: ph ?? null };
  } catch {
    return null;
  }
}

/** Keys that are not part of what a download is: the token itself and the page's language. */
const UNBOUND_KEYS = new Set(['token', 'lang']);

/**
 * A digest of a download's parameters, the same whether they come from the token request's JSON
 * (numbers, booleans) or from the download URL (text): keys sorted, values as text, empty values and
 * `token`/`lang` left out.
 */
export function hashDownloadParams(params: Record<string, unknown>): string {
  const entries = Object.entries(params)
    .filter(([key, value]) => !UNBOUND_KEYS.has(key) && value !== undefined && value !== null && value !== '')
    .map(([key, value]) => [key, Array.isArray(value) ? value.map(String) : String(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify(entries)).digest('hex');
}

/** A token for one purpose and exactly these parameters (the `POST /download-token` flow). */
export function signDownloadToken(
  jwtSecret: string,
  holder: DownloadHolder,
  purpose: string,
  params: Record<string, unknown> = {},
  ttlSeconds = DOWNLOAD_TOKEN_TTL_SECONDS,
): Promise<string> {
  const { userId, companyId, familyId, loginType } = holder;
  return sign(keyOf(jwtSecret), { userId, companyId, familyId, loginType, purpose, paramsHash: hashDownloadParams(params) }, ttlSeconds);
}

/** The claims of a valid token, whatever its purpose (the caller compares purpose and paramsHash). */
export function verifyDownloadToken(jwtSecret: string, token: string): Promise<DownloadClaims | null> {
  return verify(keyOf(jwtSecret), token);
}

export interface DownloadTokenSigner {
  sign(claims: DownloadClaims): Promise<string>;
  /** Null for a missing, expired, tampered token, or one made for another purpose. */
  verify(token: string, purpose: string): Promise<DownloadClaims | null>;
}

/** A signer with its own lifetime that checks the purpose on verify. */
export function createDownloadTokenSigner(jwtSecret: string, ttlSeconds = DOWNLOAD_TOKEN_TTL_SECONDS): DownloadTokenSigner {
  const key = keyOf(jwtSecret);
  return {
    sign: (claims) => sign(key, claims, ttlSeconds),
    async verify(token, purpose) {
      const claims = await verify(key, token);
      return claims && claims.purpose === purpose ? claims : null;
    },
  };
}
