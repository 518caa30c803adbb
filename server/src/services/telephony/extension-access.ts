import type { Role } from '../../../../src/api/permissions/catalogue';
import type { Database } from '../../db/client';
import { fieldError, forbidden, HttpError } from '../../lib/errors';
import { companyHasExtension, ownExtensionOf } from './company-directory';

/** The part of the caller the rules read (the HTTP request's auth and a socket's auth both fit). */
export interface TelephonyCaller {
  userId: number;
  role: Role;
  companyId: number | null;
  /** The caller's own extension when it was read with the session; absent, it is read here. */
  extension?: string | null;
}

export interface ActingExtension {
  companyId: number;
  extension: string;
  /** The caller's own extension (as opposed to a manager acting on an agent's). */
  own: boolean;
}

/** The platform administrator has no company, hence no PBX to act on. */
export function companyOfCaller(caller: TelephonyCaller): number {
  if (caller.companyId === null) throw forbidden();
  return caller.companyId;
}

/**
 * Which extension a CTI command or socket room acts on, by the rules of CONTRACT §7: an agent only on
 * their own extension (toll fraud: an agent dials only from their own phone), a manager on any extension
 * of their company. Another company's extension answers 404, as for any other company's record, so its
 * existence is never revealed; `requested` defaults to the caller's own extension.
 */
export async function actingExtension(db: Database, caller: TelephonyCaller, requested: string | undefined): Promise<ActingExtension> {
  const companyId = companyOfCaller(caller);
  const own = caller.extension !== undefined ? caller.extension : await ownExtensionOf(db, caller.userId);
  const extension = requested ?? own;
  if (!extension) throw fieldError('extension', 'validation.cti_extension_required');
  if (extension === own) return { companyId, extension, own: true };
  if (caller.role !== 'manager') throw forbidden();
  await requireCompanyExtension(db, companyId, extension);
  return { companyId, extension, own: false };
}

/** A listen/whisper target or a manager's extension must be one of the company's. */
export async function requireCompanyExtension(db: Database, companyId: number, extension: string): Promise<void> {
  if (!(await companyHasExtension(db, companyId, extension))) throw new HttpError(404, 'errors.cti_unknown_extension');
}
