import { readFileSync } from 'node:fs';
import type { Language } from '../../../src/api/contracts/session.contract';
import type { MessageId } from '../../../src/i18n/message-ids';

/**
 * The server translates with the client's catalogues (src/i18n/messages), so a message reads the same
 * whichever side shows it. They are read from disk rather than imported so Node needs no JSON import
 * attributes; the id type is the client's (src/i18n/message-ids.ts).
 */
export type { MessageId };
type Catalogue = Record<string, string>;

function readCatalogue(language: Language): Catalogue {
  const file = new URL(`../../../src/i18n/messages/${language}.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
}

const catalogues: Record<Language, Catalogue> = { en: readCatalogue('en'), kr: readCatalogue('kr') };

/** Values for a message's simple `{name}` arguments (the server's messages use no plural or select). */
export type MessageValues = Record<string, string | number>;

/** Translates a message id; unknown ids pass through unchanged (they may already be text). */
export function translate(id: string, language: Language, values?: MessageValues): string {
  const text = catalogues[language][id] ?? catalogues.en[id] ?? id;
  if (!values) return text;
  // One pass over the template: a value that itself contains `{x}` is inserted as it is.
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? String(values[name]) : whole));
}

/**
 * Picks the answer language from Accept-Language: the preferred tag wins; `ko*` or `kr` mean Korean,
 * anything else English (the product's default).
 */
export function languageFromHeader(header: string | string[] | undefined): Language {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return 'en';
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const first = ranked[0]?.tag ?? '';
  return first === 'kr' || first === 'ko' || first.startsWith('ko-') ? 'kr' : 'en';
}
