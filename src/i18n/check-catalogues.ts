/**
 * The core of `npm run check:i18n` (scripts/check-i18n.ts), kept free of file-system access so it can be
 * tested. Extraction is deliberately simple: regular expressions over source text, recognising only
 * the shapes this code base uses to refer to a message id. What they are is listed in ID_PATTERNS.
 */

export type Catalogue = Record<string, unknown>;

export interface UsedId {
  id: string;
  file: string;
}

export interface CatalogueProblem {
  kind: 'missing-in-en' | 'missing-in-kr' | 'empty-value' | 'unknown-id';
  id: string;
  detail: string;
}

const ID = String.raw`([A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)+)`;
const Q = String.raw`['"\`]`;

/** Every shape that names a message id; the id is capture group 1. */
export const ID_PATTERNS: readonly RegExp[] = [
  // t('id') from useT(), and intl.formatMessage({ id: 'id' })
  new RegExp(String.raw`\bt\(\s*${Q}${ID}${Q}`, 'g'),
  new RegExp(String.raw`formatMessage\(\s*\{\s*id:\s*${Q}${ID}${Q}`, 'g'),
  // <FormattedMessage id="id" /> and id={'id'}
  new RegExp(String.raw`<FormattedMessage[^>]*?\bid=\{?${Q}${ID}${Q}`, 'g'),
  // titleId: 'id', labelId="id", messageId: 'id', descriptionId, actionId (route table, props, option lists)
  new RegExp(String.raw`\b(?:titleId|labelId|messageId|descriptionId|actionId)\s*[:=]\s*\{?\s*${Q}${ID}${Q}`, 'g'),
  // zod and server messages are ids: any string literal starting with validation. or errors.
  new RegExp(String.raw`${Q}((?:validation|errors)\.[A-Za-z0-9_.-]+)${Q}`, 'g'),
];

/** `defineMessages({ a: { id: 'x' } })`: every `id:` inside the call's braces. */
function defineMessagesIds(source: string): string[] {
  const ids: string[] = [];
  for (const start of source.matchAll(/defineMessages\(\s*\{/g)) {
    let depth = 0;
    let end = start.index ?? 0;
    for (let i = end + start[0].length - 1; i < source.length; i += 1) {
      if (source[i] === '{') depth += 1;
      if (source[i] === '}') depth -= 1;
      if (depth === 0) {
        end = i;
        break;
      }
    }
    const body = source.slice(start.index ?? 0, end);
    for (const match of body.matchAll(new RegExp(String.raw`\bid:\s*${Q}${ID}${Q}`, 'g'))) ids.push(match[1] ?? '');
  }
  return ids;
}

export function extractMessageIds(source: string): string[] {
  const found = new Set<string>(defineMessagesIds(source));
  for (const pattern of ID_PATTERNS) {
    for (const match of source.matchAll(pattern)) if (match[1]) found.add(match[1]);
  }
  return [...found];
}

export function checkCatalogues(en: Catalogue, kr: Catalogue, used: readonly UsedId[] = []): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const id of Object.keys(en)) {
    if (!(id in kr)) problems.push({ kind: 'missing-in-kr', id, detail: 'present in en.json only' });
  }
  for (const id of Object.keys(kr)) {
    if (!(id in en)) problems.push({ kind: 'missing-in-en', id, detail: 'present in kr.json only' });
  }
  for (const [name, catalogue] of [['en', en], ['kr', kr]] as const) {
    for (const [id, value] of Object.entries(catalogue)) {
      if (typeof value !== 'string' || value.trim() === '') {
        problems.push({ kind: 'empty-value', id, detail: `empty or not a string in ${name}.json` });
      }
    }
  }
  const reported = new Set<string>();
  for (const { id, file } of used) {
    if (id in en || reported.has(id)) continue;
    reported.add(id);
    problems.push({ kind: 'unknown-id', id, detail: `used in ${file}, missing from both catalogues` });
  }
  return problems;
}

export function formatProblems(problems: readonly CatalogueProblem[]): string {
  return problems.map((p) => `  ${p.kind.padEnd(14)} ${p.id}  (${p.detail})`).join('\n');
}
