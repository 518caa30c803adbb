import { z } from 'zod';
import { defineResourceContract, lastPageOf, resourcePaths } from '../../../api/resources/resource-contract';
import { defineResourceView } from '../resource-view';

/**
 * A small resource for the mechanism's own tests: a "thing" with a name (renamed with the §5
 * confirmation) and a kind (a filter and a select field), served by an in-memory fake of the API.
 */
export const thingContract = defineResourceContract({
  entity: 'thing',
  path: 'thing',
  record: z.object({ id: z.number(), name: z.string(), kind: z.enum(['a', 'b']) }),
  input: z.object({ name: z.string().trim().min(1, 'validation.member_group_name_required'), kind: z.enum(['a', 'b']) }),
  filters: { kind: z.enum(['a', 'b']) },
  sortFields: ['id', 'name'],
  defaultSort: { sort_by: 'id', sort_order: 'asc' },
  searchable: true,
  access: { read: {}, create: { roles: ['manager'] }, update: { roles: ['manager'] }, delete: { roles: ['manager'] } },
  renameField: 'name',
});

export type Thing = z.infer<typeof thingContract.record>;

export const thingView = defineResourceView({
  contract: thingContract,
  nounId: 'member_group.noun',
  columns: [
    { key: 'name', labelId: 'member_group.field.name', sortField: 'name' },
    { key: 'kind', labelId: 'member_custom_field.field.field_type' },
  ],
  fields: [
    { kind: 'text', name: 'name', labelId: 'member_group.field.name', required: true },
    { kind: 'select', name: 'kind', labelId: 'member_custom_field.field.field_type', useOptions: () => [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] },
  ],
  filters: [{ name: 'kind', labelId: 'member_custom_field.field.field_type', useOptions: () => [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }] }],
  emptyValues: () => ({ name: '', kind: 'a' }),
  toFormValues: (thing) => ({ name: thing.name, kind: thing.kind }),
  describe: (thing) => thing.name,
});

export const axiosError = (status: number, data: unknown) => ({ isAxiosError: true, message: `Request failed with status code ${status}`, response: { status, data } });

type Body = Record<string, unknown>;

/** The API for things, in memory: answers list/store/update/delete and records every request. */
export function fakeThingServer(count: number) {
  let things: Thing[] = Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `thing ${String(i + 1).padStart(3, '0')}`, kind: i % 2 ? 'b' : 'a' }));
  const requests: { path: string; body: Body }[] = [];
  const paths = resourcePaths(thingContract);
  const handle = async (path: string, body: Body = {}) => {
    requests.push({ path, body });
    if (path === paths.list) {
      const perPage = Number(body.per_page ?? 10);
      const page = Number(body.page ?? 1);
      let rows = things.filter((t) => (!body.search || t.name.includes(String(body.search))) && (!body.kind || t.kind === body.kind));
      if (body.sort_by === 'name') rows = [...rows].sort((a, b) => a.name.localeCompare(b.name) * (body.sort_order === 'desc' ? -1 : 1));
      return { data: { data: rows.slice((page - 1) * perPage, page * perPage), current_page: page, per_page: perPage, total: rows.length, last_page: lastPageOf(rows.length, perPage) } };
    }
    if (path === paths.store || path === paths.update) {
      if (body.name === 'taken') throw axiosError(422, { message: 'Some fields need your attention.', errors: { name: ['A member group with this name already exists.'] } });
      const thing = { id: Number(body.id ?? things.length + 1), name: String(body.name), kind: body.kind as Thing['kind'] };
      things = [...things.filter((t) => t.id !== thing.id), thing].sort((a, b) => a.id - b.id);
      return { data: { data: thing } };
    }
    const deleted = /^thing\/delete\/(\d+)$/.exec(path);
    if (deleted) {
      things = things.filter((t) => t.id !== Number(deleted[1]));
      return { data: { result: 'success' } };
    }
    throw axiosError(404, { error: true, message: 'Not found' });
  };
  const lastRequest = (path: string) => [...requests].reverse().find((r) => r.path === path)?.body;
  return { handle, requests, lastRequest, paths };
}
