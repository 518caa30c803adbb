// Phone numbers cross a trust boundary twice: caller ID arrives from outside (a crafted caller-id once
// gave shell injection in Asterisk) and dialled numbers go to a PBX that may bill them. Both are
// reduced to digits here, once, before any driver sees them.

import { TelephonyError } from './errors';

const MAX_DIGITS = 20;
const CALLER_ID = /^\+?[0-9]{1,20}$/;
const DIALLED = /^[0-9]{1,20}$/;
/** Separators people type and caller-ID providers send; they carry no meaning. */
const SEPARATORS = /[\s\-().]/g;

/**
 * Normalise an outside caller ID: separators are dropped, a leading + is kept, anything else
 * (letters, control characters, `*`, `#`, line breaks) is refused.
 */
export function normaliseCallerId(raw: unknown): string {
  if (typeof raw !== 'string') throw new TelephonyError('invalid_number', 'caller ID must be a string');
  const compact = raw.trim().replace(SEPARATORS, '');
  if (!CALLER_ID.test(compact)) throw new TelephonyError('invalid_number', 'caller ID must be digits with an optional leading +');
  return compact;
}

/** A number an agent dials (or forwards/transfers to): digits only, separators dropped. */
export function normaliseDialledNumber(raw: unknown): string {
  if (typeof raw !== 'string') throw new TelephonyError('invalid_number', 'number must be a string');
  const compact = raw.trim().replace(SEPARATORS, '');
  if (!DIALLED.test(compact)) throw new TelephonyError('invalid_number', `number must be 1 to ${MAX_DIGITS} digits`);
  return compact;
}

/** Extension, queue and ring-group numbers: 2 to 10 digits. */
export function isDirectoryNumber(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9]{2,10}$/.test(value);
}
