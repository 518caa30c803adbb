import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import { loginTypeSchema, roleSchema } from '../../../src/api/contracts/session.contract';

/** What an access token says about its holder. Permissions are not in it: they are read per request. */
export interface AccessClaims {
  userId: number;
  role: z.infer<typeof roleSchema>;
  companyId: number | null;
  familyId: string;
  loginType: z.infer<typeof loginTypeSchema>;
  /** The platform administrator who started this login with login-as (docs/administration.md). */
  impersonatedBy?: number | null;
}

const ISSUER = 'callcentre';
const AUDIENCE = 'callcentre-api';
const VERIFIED_TOKENS_KEPT = 10_000;

// Short claim names keep the token small; `sub` carries the user id as the JWT standard asks.
const payloadSchema = z.object({
  sub: z.string().regex(/^\d+$/),
  role: roleSchema,
  cid: z.number().int().nullable(),
  fid: z.string().uuid(),
  lt: loginTypeSchema,
  imp: z.number().int().optional(),
});

export interface AccessTokenSigner {
  sign(claims: AccessClaims): Promise<string>;
  /** Null for a missing, expired, tampered or malformed token. */
  verify(token: string): Promise<AccessClaims | null>;
}

export function createAccessTokenSigner(secret: string, ttlSeconds: number): AccessTokenSigner {
  if (!secret) throw new Error('JWT_SECRET must not be empty');
  // Imported once as a WebCrypto key: handed raw bytes, jose imports a key on every call, which cost
  // about a tenth of an authenticated request's CPU (bench:phone-lookup profile, docs/benchmarks.md).
  /**
   * Tokens whose signature was already checked, by their exact text: a signed token never changes, so
   * only its expiry is looked at again. Checking the HMAC through WebCrypto was about a sixth of a phone
   * lookup's CPU (bench:phone-lookup profile). Bounded; the oldest entry goes first.
   */
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAt: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAt });
  };
  const key = globalThis.crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    sign: async (claims) =>
      new SignJWT({ role: claims.role, cid: claims.companyId, fid: claims.familyId, lt: claims.loginType, ...(claims.impersonatedBy ? { imp: claims.impersonatedBy } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(claims.userId))
        // Unique per token, so two tokens issued in the same second still differ (and can be told apart in logs).
        .setJti(randomUUID())
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt > Date.now()) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'], issuer: ISSUER, audience: AUDIENCE });
        const parsed = payloadSchema.safeParse(payload);
        if (!parsed.success) return null;
        const { sub, role, cid, fid, lt, imp } = parsed.data;
        const claims: AccessClaims = { userId: Number(sub), role, companyId: cid, familyId: fid, loginType: lt, impersonatedBy: imp ?? null };
        remember(token, claims, (payload.exp ?? 0) * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/** Opaque refresh tokens and API keys are stored only as this digest. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** 256 random bits, URL-safe, for refresh tokens. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}
