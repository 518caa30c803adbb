// An Asterisk configuration file as data: categories (`[name]`) of lines. The dialplan generator builds
// them, the loader sends them over AMI (UpdateConfig NewCat/Append), and tests compare them as text.

import { TelephonyError } from '../errors';

export interface ConfigLine {
  key: string;
  value: string;
  /** Written `key => value` (dialplan `exten`/`same`, queue `member`) rather than `key = value`. */
  object: boolean;
}

export interface ConfigSection {
  name: string;
  lines: ConfigLine[];
}

/**
 * Asterisk reads an AMI line into a 1,024-byte buffer and drops a message with a longer one
 * (manager.c), so no value may come near that once `Value-000000: >` is in front of it.
 */
export const MAX_VALUE_LENGTH = 900;

export const exten = (value: string): ConfigLine => ({ key: 'exten', value, object: true });
export const same = (value: string): ConfigLine => ({ key: 'same', value, object: true });
export const setting = (key: string, value: string): ConfigLine => ({ key, value, object: false });

/** The file as Asterisk would write it (for docs, logs and tests). */
export function renderConfig(sections: readonly ConfigSection[]): string {
  return sections.map((section) => [`[${section.name}]`, ...section.lines.map((line) => `${line.key} ${line.object ? '=>' : '='} ${line.value}`)].join('\n')).join('\n\n');
}

/**
 * Numbers that end up in the dialplan. Anything but digits could carry `${...}`, which Asterisk
 * evaluates (functions such as SHELL), so a value that is not plain digits is refused outright.
 */
export function dialplanNumber(value: string | null | undefined, what: string): string {
  if (typeof value !== 'string' || !/^[0-9]{1,20}$/.test(value)) throw new TelephonyError('invalid_config', `${what} must be 1 to 20 digits for the dialplan`);
  return value;
}

/**
 * The company's dialplan prefix: its `dcontext` when that is a plain Asterisk context name, else one
 * made from its id. A prefix is the start of every context this product writes for the company.
 */
export function companyContextPrefix(dcontext: string | null | undefined, companyId: number | string): string {
  const trimmed = (dcontext ?? '').trim();
  return /^[A-Za-z0-9_-]{1,60}$/.test(trimmed) ? trimmed : `company-${String(companyId).replace(/[^0-9]/g, '')}`;
}
