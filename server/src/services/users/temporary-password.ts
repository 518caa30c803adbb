import { randomInt } from 'node:crypto';

/**
 * Letters and digits that cannot be mistaken for each other when read out over the phone or copied by
 * hand (no 0/O, 1/l/I). 12 characters from 55 symbols is about 69 bits: plenty for a password the
 * user replaces, and it still passes the 8-character minimum.
 */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
export const TEMPORARY_PASSWORD_LENGTH = 12;

export function generateTemporaryPassword(length = TEMPORARY_PASSWORD_LENGTH): string {
  let password = '';
  for (let i = 0; i < length; i++) password += ALPHABET[randomInt(ALPHABET.length)];
  return password;
}
