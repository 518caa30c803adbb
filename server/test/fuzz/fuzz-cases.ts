import {
  BAD_JSON_BODIES,
  BAD_JSON_VALUES,
  BAD_QUERY_ONLY_VALUES,
  BAD_URL_VALUES,
  CORE_JSON_VALUES,
  CORE_URL_VALUES,
  NUL_TEXT,
  requiredObject,
  sampleOf,
  type JsonSchema,
} from './fuzz-values';

/**
 * The operations of the OpenAPI document and the malformed requests made for each: every path, query
 * and body property replaced in turn by each bad value (the others kept valid-ish), bodies of the wrong
 * shape, and broken multipart. Every property gets the core values (NUL, long text, 2³¹, an impossible
 * day); the other mutations are sampled with a seeded generator down to a budget per operation, so the
 * test's length stays bounded as endpoints are added.
 */

export interface Param {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. `/api/v1/member/delete/{id}`. */
  path: string;
  pathParams: Param[];
  queryParams: Param[];
  body: JsonSchema | null;
  /** The body's content types; empty when the document names none. */
  contentTypes: string[];
  /** Needs `Authorization: Bearer` (the document's `security`). */
  secured: boolean;
}

export interface FuzzCase {
  label: string;
  method: string;
  url: string;
  /** Path and query values as the download-token check sees them (decoded), for downloads. */
  params: Record<string, string>;
  headers: Record<string, string>;
  payload?: string;
}

interface OpenApiOperation {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

export function operationsOf(document: { paths: Record<string, Record<string, OpenApiOperation>> }): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const params = (where: string) =>
        (op.parameters ?? []).filter((p) => p.in === where).map((p) => ({ name: p.name, required: Boolean(p.required), schema: p.schema ?? {} }));
      const content = op.requestBody?.content ?? {};
      const contentTypes = Object.keys(content);
      const body = content['application/json']?.schema ?? Object.values(content)[0]?.schema ?? null;
      operations.push({ method: method.toUpperCase(), path, pathParams: params('path'), queryParams: params('query'), body, contentTypes, secured: Boolean(op.security?.length) });
    }
  }
  return operations;
}

const HAS_BODY = new Set(['POST', 'PUT', 'PATCH']);
const BOUNDARY = 'fuzzboundary';

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Text of a value in a form or multipart field. */
const fieldText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value) ?? '');

function multipart(fields: Record<string, unknown>, tail = `--${BOUNDARY}--\r\n`): string {
  const parts = Object.entries(fields).map(([name, value]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${fieldText(value)}\r\n`);
  return parts.join('') + tail;
}

export function casesFor(op: Operation, random: () => number, budget: number): FuzzCase[] {
  const pathBase = Object.fromEntries(op.pathParams.map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema, p.name)))]));
  const queryBase = Object.fromEntries(op.queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(sampleOf(p.schema, p.name)))]));
  const jsonBody = op.contentTypes.length === 0 || op.contentTypes.includes('application/json');
  const bodyBase = op.body ? requiredObject(op.body) : {};

  const build = (label: string, parts: { path?: Record<string, string>; query?: [string, string][]; headers?: Record<string, string>; payload?: string }): FuzzCase => {
    const pathValues = { ...pathBase, ...parts.path };
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValues[name] ?? '');
    const query = [...Object.entries(queryBase).filter(([name]) => !parts.query?.some(([n]) => n === name)), ...(parts.query ?? [])];
    const search = query.map(([name, value]) => `${name}=${value}`).join('&');
    const params = Object.fromEntries([...Object.entries(pathValues), ...query].map(([name, value]) => [name, safeDecode(value)]));
    return { label, method: op.method, url: search ? `${url}?${search}` : url, params, headers: parts.headers ?? {}, payload: parts.payload };
  };
  const json = { 'content-type': 'application/json' };
  const bodyCase = (label: string, body: Record<string, unknown>) =>
    jsonBody
      ? build(label, { headers: json, payload: JSON.stringify(body) })
      : build(label, { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart(body) });

  const core: FuzzCase[] = [];
  const mutations: FuzzCase[] = [];
  const add = (isCore: boolean, c: FuzzCase) => (isCore ? core : mutations).push(c);
  for (const param of op.pathParams) {
    for (const bad of BAD_URL_VALUES) add(CORE_URL_VALUES.includes(bad), build(`path ${param.name}=${bad.slice(0, 20)}`, { path: { [param.name]: bad } }));
  }
  for (const param of op.queryParams) {
    for (const bad of [...BAD_URL_VALUES, ...BAD_QUERY_ONLY_VALUES]) {
      add(CORE_URL_VALUES.includes(bad) || BAD_QUERY_ONLY_VALUES.includes(bad), build(`query ${param.name}=${bad.slice(0, 20)}`, { query: [[param.name, bad]] }));
    }
    mutations.push(build(`query ${param.name} twice`, { query: [[param.name, '1'], [param.name, '2']] }));
  }
  if (HAS_BODY.has(op.method)) {
    for (const name of Object.keys(op.body?.properties ?? {})) {
      for (const bad of BAD_JSON_VALUES) add(CORE_JSON_VALUES.includes(bad), bodyCase(`body ${name}=${JSON.stringify(bad)?.slice(0, 20)}`, { ...bodyBase, [name]: bad }));
    }
  }
  // Fisher–Yates with the seeded generator, then the budget.
  for (let i = mutations.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [mutations[i], mutations[j]] = [mutations[j]!, mutations[i]!];
  }
  const valid = HAS_BODY.has(op.method) ? bodyCase('valid-ish', bodyBase) : build('valid-ish', {});
  const cases = [valid, ...core, ...mutations.slice(0, budget)];
  if (!HAS_BODY.has(op.method)) return cases;

  const base = JSON.stringify(bodyBase);
  for (const raw of BAD_JSON_BODIES) cases.push(build(`json ${raw.slice(0, 30)}`, { headers: json, payload: raw }));
  cases.push(
    build('unknown key', { headers: json, payload: `${base.slice(0, -1)}${base.length > 2 ? ',' : ''}"zz_unknown":"x"}` }),
    build('__proto__ beside fields', { headers: json, payload: `${base.slice(0, -1)}${base.length > 2 ? ',' : ''}"__proto__":{"role":"admin"}}` }),
    build('form body', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(Object.entries(bodyBase).map(([k, v]) => [k, fieldText(v)])).toString() }),
    build('text body', { headers: { 'content-type': 'text/plain' }, payload: 'hello' }),
    build('multipart without boundary', { headers: { 'content-type': 'multipart/form-data' }, payload: 'x' }),
    build('multipart empty boundary', { headers: { 'content-type': 'multipart/form-data; boundary=' }, payload: 'x' }),
    build('multipart empty body', { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: '' }),
    build('multipart no parts', { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: `--${BOUNDARY}--\r\n` }),
    build('multipart garbage', { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: 'garbage\r\n\r\n' }),
    build('multipart truncated file', {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nabc`,
    }),
    build('multipart NUL fields', {
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart({ ...Object.fromEntries(Object.keys(op.body?.properties ?? { name: 1 }).map((k) => [k, NUL_TEXT])), commit: NUL_TEXT, mapping: `{"${NUL_TEXT}":0}` }).replace(
        `--${BOUNDARY}--`,
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a${NUL_TEXT}.xlsx"\r\n\r\nabc\r\n--${BOUNDARY}--`,
      ),
    }),
    build('multipart __proto__ field', { headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, payload: multipart({ __proto__x: 1 }).replace('__proto__x', '__proto__') }),
  );
  return cases;
}
