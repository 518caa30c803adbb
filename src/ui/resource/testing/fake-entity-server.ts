import type { AnyEntity } from '../../../api/entities/define-entity';
import { secretFieldsOf, type FieldSpec } from '../../../api/entities/entity-fields';
import { lastPageOf, resourcePaths, updateBodySchema } from '../../../api/resources/resource-contract';

type Row = Record<string, unknown>;
type Body = Record<string, unknown>;

export const axiosError = (status: number, data: unknown) => ({ isAxiosError: true, message: `Request failed with status code ${status}`, response: { status, data } });

/** The company's users as `users/extensions` answers them. */
export const FAKE_USERS = [
  { user_id: 3, name: 'Kim Minji', username: 'agent1', role: 'agent', status: 'active', extension: '1001' },
  { user_id: 4, name: 'Lee Jun', username: 'agent2', role: 'agent', status: 'active', extension: '1002' },
] as const;

/** A multipart body as the server's reader makes it: text parts as text, files as File. */
const bodyOf = (body: unknown): Body => (body instanceof FormData ? Object.fromEntries(body.entries()) : ((body ?? {}) as Body));

/**
 * The API of entities, in memory, as the server derives it (server/src/resources/entity-resource.ts):
 * list (search over `search` fields regardless of case, filters, sort, pages), all, view, store, update
 * and delete, each checked with the contract's own schemas; a 422 with the schema's messages, as the
 * server answers. Also `users/extensions` and `download-token`. Records every request.
 */
export function fakeEntityServer(entities: readonly AnyEntity[], seed: Readonly<Record<string, readonly Row[]>> = {}) {
  const rows = new Map<string, Row[]>(entities.map((entity) => [entity.path, [...(seed[entity.path] ?? [])]]));
  const requests: { path: string; body: Body }[] = [];
  let nextId = 100;
  let stamp = Date.parse('2026-11-27T00:00:00Z');

  const recordOf = (entity: AnyEntity, values: Body, before: Row | undefined): Row => {
    const now = new Date((stamp += 60_000)).toISOString();
    const record: Row = { id: before?.id ?? ++nextId, created_at: before?.created_at ?? now, updated_at: now };
    for (const [name, field] of Object.entries(entity.fields as Record<string, FieldSpec>)) {
      if (field.serverOnly) continue;
      if (field.fromFile) {
        const file = values[field.fromFile.field];
        record[name] = file instanceof File ? (field.fromFile.fact === 'name' ? file.name : 1000) : (before?.[name] ?? field.empty);
      } else if (field.kind === 'file') {
        const file = values[name];
        record[name] = file instanceof File ? { name: file.name, size: file.size, type: 'mp3' } : (before?.[name] ?? null);
      } else record[name] = field.readOnly ? (before?.[name] ?? field.empty) : (values[name] ?? field.empty);
    }
    return record;
  };

  const list = (entity: AnyEntity, body: Body): Row[] => {
    const fields = Object.entries(entity.fields as Record<string, FieldSpec>);
    const term = typeof body.search === 'string' ? body.search.toLowerCase() : '';
    let found = (rows.get(entity.path) ?? []).filter(
      (row) =>
        (!term || fields.some(([name, field]) => field.search && String(row[name] ?? '').toLowerCase().includes(term))) &&
        fields.every(([name, field]) => !field.filter || body[name] === undefined || String(row[name]) === String(body[name])),
    );
    const by = String(body.sort_by ?? entity.contract.defaultSort.sort_by);
    const order = (body.sort_order ?? (body.sort_by ? 'asc' : entity.contract.defaultSort.sort_order)) === 'desc' ? -1 : 1;
    found = [...found].sort((a, b) => String(a[by] ?? '').localeCompare(String(b[by] ?? ''), undefined, { numeric: true }) * order || Number(a.id) - Number(b.id));
    return found;
  };

  const invalid = (error: { issues: { path: PropertyKey[]; message: string }[] }) => {
    const errors: Record<string, string[]> = {};
    for (const issue of error.issues) (errors[issue.path.map(String).join('.')] ??= []).push(issue.message);
    return axiosError(422, { message: 'Some fields need your attention.', errors });
  };

  const handle = async (path: string, rawBody?: unknown) => {
    const body = bodyOf(rawBody);
    requests.push({ path, body });
    if (path === 'users/extensions') return { data: { data: FAKE_USERS } };
    if (path === 'download-token') return { data: { token: `download-token-${requests.length}`, expires_in: 60 } };
    for (const entity of entities) {
      const paths = resourcePaths(entity.contract);
      const own = rows.get(entity.path)!;
      if (path === paths.all && entity.contract.routes?.all) return { data: { data: list(entity, body), truncated: false } };
      if (path === paths.list) {
        const perPage = Number(body.per_page ?? 10);
        const page = Number(body.page ?? 1);
        const found = list(entity, body);
        return { data: { data: found.slice((page - 1) * perPage, page * perPage), current_page: page, per_page: perPage, total: found.length, last_page: lastPageOf(found.length, perPage) } };
      }
      if (path === paths.view) {
        const row = own.find((r) => r.id === Number(body.id));
        if (!row) throw axiosError(404, { message: 'Not found' });
        return { data: { data: row } };
      }
      if (path === paths.store || path === paths.update) {
        const schema = path === paths.store ? entity.contract.input : updateBodySchema(entity.contract);
        const parsed = schema.safeParse(body);
        if (!parsed.success) throw invalid(parsed.error);
        const before = path === paths.update ? own.find((r) => r.id === Number(body.id)) : undefined;
        if (path === paths.update && !before) throw axiosError(404, { message: 'Not found' });
        const record = recordOf(entity, parsed.data as Body, before);
        rows.set(entity.path, [...own.filter((r) => r.id !== record.id), record]);
        // Store answers a secret once (an API key's), never kept in the record.
        const secrets = path === paths.store ? secretFieldsOf(entity.fields).map((name) => [name, `secret-${String(record.id)}-${'s'.repeat(32)}`]) : [];
        return { data: { data: { ...record, ...Object.fromEntries(secrets) } } };
      }
      const deleted = new RegExp(`^${entity.path}/delete/(\\d+)$`).exec(path);
      if (deleted) {
        rows.set(entity.path, own.filter((r) => r.id !== Number(deleted[1])));
        return { data: { result: 'success' } };
      }
    }
    throw axiosError(404, { error: true, message: `Not found: ${path}` });
  };

  const lastRequest = (path: string) => [...requests].reverse().find((r) => r.path === path)?.body;
  return { handle, requests, lastRequest, rows: (path: string) => rows.get(path) ?? [] };
}
