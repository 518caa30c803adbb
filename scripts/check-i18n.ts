/**
 * `npm run check:i18n` (also the first step of `npm test`). Fails, with one line per problem, when
 *   - an id is in one catalogue (src/i18n/messages/{en,kr}.json) and not the other,
 *   - a value is empty,
 *   - an id used in the code is in neither catalogue.
 * What counts as "used" is the regular expressions of src/i18n/check-catalogues.ts (ID_PATTERNS):
 * t('id'), formatMessage({ id }), <FormattedMessage id>, titleId / labelId / messageId / descriptionId /
 * actionId values, ids inside defineMessages({...}), and every 'validation.*' or 'errors.*' string literal.
 * Scanned: src/**\/*.{ts,tsx} and server/src/**\/*.ts, except tests (*.test.*), which may name ids on purpose.
 * Ids built at run time (template strings with ${...}) cannot be checked; keep such ids in typed tables.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCatalogues, extractMessageIds, formatProblems, type UsedId } from '../src/i18n/check-catalogues';

const root = fileURLToPath(new URL('..', import.meta.url));
const SCANNED_DIRS = ['src', 'server/src'];
const SOURCE_FILE = /\.(ts|tsx)$/;
const SKIPPED_FILE = /\.test\.(ts|tsx)$/;

function* walk(dir: string): Generator<string> {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of entries) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* walk(path);
    else if (SOURCE_FILE.test(name) && !SKIPPED_FILE.test(name)) yield path;
  }
}

const readCatalogue = (lang: string) =>
  JSON.parse(readFileSync(join(root, 'src/i18n/messages', `${lang}.json`), 'utf8')) as Record<string, unknown>;

const used: UsedId[] = [];
for (const dir of SCANNED_DIRS) {
  for (const file of walk(join(root, dir))) {
    for (const id of extractMessageIds(readFileSync(file, 'utf8'))) used.push({ id, file: relative(root, file) });
  }
}

const problems = checkCatalogues(readCatalogue('en'), readCatalogue('kr'), used);
if (problems.length) {
  console.error(`check:i18n found ${problems.length} problem(s):\n${formatProblems(problems)}`);
  process.exit(1);
}
console.log(`check:i18n ok: ${Object.keys(readCatalogue('en')).length} ids in both catalogues, ${used.length} uses checked`);
