import { seededRandom } from '../../../src/api/auto-call/answer-model';

/**
 * Values for the OpenAPI fuzz test (openapi-fuzz.test.ts): a "valid-ish" value for a JSON schema (so the
 * other fields of a request get past validation and a bad value can reach the database), and the bad
 * values each field is replaced with in turn. Everything is derived from the schema, so endpoints added
 * later are covered without touching this file.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

// A small seeded generator (mulberry32, the auto-call answer model's): the same seed gives the same
// requests on every run.
export { seededRandom };

// Strings that satisfy the usual patterns of the contracts (extensions, phone numbers, dates, times).
const PATTERN_CANDIDATES = ['1001', '01055550001', '2024-01-15', '09:00', 'a1b2c3d4e5f6', 'fuzz'];

/** A record id that is a valid integer but names no row: a mutation never touches the demo data. */
const ABSENT_ID = 999_999;

function firstType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((type) => type !== 'null');
  return schema.type;
}

/** A value the schema probably accepts; `name` helps with ids and paging. */
export function sampleOf(schema: JsonSchema, name = ''): unknown {
  if ('const' in schema) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const option = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].find((s) => firstType(s) !== 'null');
  if (option) return sampleOf(option, name);
  if (schema.allOf?.[0]) return sampleOf(schema.allOf[0], name);
  if (schema.default !== undefined) return schema.default;
  switch (firstType(schema) ?? (schema.properties ? 'object' : 'string')) {
    case 'integer':
    case 'number':
      if (name === 'per_page') return 10;
      if (/(^|_)ids?$/.test(name)) return Math.min(ABSENT_ID, schema.maximum ?? ABSENT_ID);
      return Math.max(1, schema.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: schema.minItems ?? 1 }, () => sampleOf(schema.items ?? {}, name.replace(/s$/, '')));
    case 'object':
      return requiredObject(schema);
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  if (schema.format === 'uuid' || /uuid/i.test(schema.pattern ?? '')) return '00000000-0000-4000-8000-000000000000';
  if (schema.format === 'date-time') return '2024-01-15T09:00:00.000Z';
  if (schema.format === 'date') return '2024-01-15';
  if (schema.format === 'email' || name === 'email') return 'fuzz@example.com';
  if (/(^|_)ids?$/.test(name)) return String(ABSENT_ID);
  let text = 'fuzz';
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    text = PATTERN_CANDIDATES.find((candidate) => pattern.test(candidate)) ?? text;
  }
  return text.padEnd(schema.minLength ?? 0, 'z');
}

/** The object with only its required properties: optional ones are added one at a time by the mutations. */
export function requiredObject(schema: JsonSchema): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const key of schema.required ?? []) result[key] = sampleOf(schema.properties?.[key] ?? {}, key);
  return result;
}

export const NUL_TEXT = 'fu\u0000zz';

/**
 * Text that does not compress: PostgreSQL compresses long values before indexing them, so 100 KB of one
 * letter fits a btree index where 3 KB of varied text (a probe's) fails with a 500.
 */
function incompressibleText(length: number): string {
  const random = seededRandom(length);
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('');
}
const HUGE_TEXT = incompressibleText(100_000);
/** Just over a btree index row (about 2.7 KB). */
const LONG_TEXT = incompressibleText(3_000);

/** Tried on every property whatever the budget: the values issue 15's probe found 500s with. */
export const CORE_JSON_VALUES: readonly unknown[] = [NUL_TEXT, HUGE_TEXT, LONG_TEXT, 2 ** 31, '2147483648', '2024-13-45', {}];
export const CORE_URL_VALUES: readonly string[] = ['fu%00zz', '2147483648', '2024-13-45', '%ED%A0%80'];

/** JSON values each body property is replaced with (wrong types, NUL, huge strings and numbers). */
export const BAD_JSON_VALUES: readonly unknown[] = [
  ...CORE_JSON_VALUES,
  '\u0000',
  2 ** 63,
  1e308,
  -1,
  1.5,
  0,
  'NaN',
  '9223372036854775808',
  '',
  '\ud800',
  true,
  null,
  [],
  [NUL_TEXT],
  { nested: NUL_TEXT },
  [2 ** 31],
];

/** Query and path values, as raw URL text (already encoded where needed; some deliberately broken). */
export const BAD_URL_VALUES: readonly string[] = [
  'fu%00zz',
  '%00',
  '2147483648',
  '9223372036854775808',
  '1e308',
  '-1',
  '1.5',
  'NaN',
  'Infinity',
  '2024-13-45',
  '%ED%A0%80',
  '%',
  '%zz',
  '',
];

/** Query-only extras: a 100 KB value (a path segment that long is a 404 by Fastify's param limit). */
export const BAD_QUERY_ONLY_VALUES: readonly string[] = [HUGE_TEXT, LONG_TEXT];

/** Whole bodies that are not the object the route expects, as raw JSON text. */
export const BAD_JSON_BODIES: readonly string[] = [
  '[]',
  '[{}]',
  '"text"',
  '123',
  'null',
  '{',
  '{"a":"\\u0000"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
];

/** Marks of an answer that leaks internals: stack frames, source paths, SQL and database errors. */
const LEAKS: readonly RegExp[] = [
  /\n\s+at /,
  /\bat [^\s]+ \(/,
  /node_modules/,
  /\.ts:\d/,
  /\.js:\d/,
  /select "|select \*|select count|failed query/i,
  /insert into/i,
  /syntax error/i,
  /violates/i,
  /relation "/i,
  /invalid byte sequence|out of range for type|invalid input syntax/i,
];

/** The first leak found in an answer's text, or null. */
export function leakIn(text: string): string | null {
  for (const pattern of LEAKS) {
    const match = pattern.exec(text);
    if (match) return `${pattern.source}: …${text.slice(Math.max(0, match.index - 40), match.index + 60)}…`;
  }
  return null;
}
