import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AVATAR_MAX_BYTES } from '../../../../src/api/contracts/user.contract';
import type { Database } from '../../db/client';
import type { CompanyScope } from '../../db/company-scope';
import { userAvatars, users } from '../../db/schema';
import { FieldValidationError } from '../../lib/errors';
import type { FieldErrors } from './user-checks';

export type AvatarType = 'image/png' | 'image/jpeg' | 'image/webp';

const startsWith = (data: Uint8Array, bytes: readonly number[], offset = 0) => bytes.every((byte, i) => data[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The image type from the file's first bytes (OWASP ASVS 5.2.2): the client's file name and MIME type
 * are not trusted. PNG, JPEG and WebP only; anything else (SVG with scripts, HTML, executables) is refused.
 */
export function detectImageType(data: Uint8Array): AvatarType | null {
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(data, ascii('RIFF')) && startsWith(data, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/** A checked photo, ready to store. */
export interface AvatarUpload {
  contentType: AvatarType;
  data: Buffer;
}

/** Why an upload cannot be a photo, under `file`; empty when it can (users/store reports it with the other fields). */
export function avatarProblems(data: Buffer): FieldErrors {
  if (data.length > AVATAR_MAX_BYTES) return { file: ['validation.avatar_too_large'] };
  if (!detectImageType(data)) return { file: ['validation.avatar_type'] };
  return {};
}

/** 422 under `file` for an empty, oversized or non-image upload. */
export function checkAvatar(data: Buffer): AvatarUpload {
  const contentType = detectImageType(data);
  if (!contentType || data.length > AVATAR_MAX_BYTES) throw new FieldValidationError(avatarProblems(data));
  return { contentType, data };
}

export const AVATAR_ROUTE_PREFIX = '/api/v1/users/avatar/';

/** Replaces the user's photo (new key, so the old address stops working) and answers its address. */
export async function storeAvatar(scope: CompanyScope, userId: number, avatar: AvatarUpload): Promise<string> {
  const key = randomBytes(16).toString('base64url');
  await scope.delete(userAvatars, eq(userAvatars.userId, userId));
  await scope.insert(userAvatars, { userId, key, contentType: avatar.contentType, data: avatar.data });
  const address = `${AVATAR_ROUTE_PREFIX}${key}`;
  await scope.update(users, { avatar: address, updatedAt: new Date() }, eq(users.id, userId));
  return address;
}

/** A photo by its key, for `GET /users/avatar/{key}`; deleted users' photos are gone too. */
export async function loadAvatar(db: Database, key: string): Promise<AvatarUpload | null> {
  const [row] = await db
    .select({ contentType: userAvatars.contentType, data: userAvatars.data, deletedAt: users.deletedAt })
    .from(userAvatars)
    .innerJoin(users, eq(users.id, userAvatars.userId))
    .where(eq(userAvatars.key, key))
    .limit(1);
  if (!row || row.deletedAt) return null;
  return { contentType: row.contentType as AvatarType, data: Buffer.from(row.data) };
}
