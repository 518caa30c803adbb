import { z } from 'zod';
import { recordIdNumber } from '../contracts/input-bounds';
import type { FileRule } from '../entities/entity-fields';
import type { CompanyPermission, Role, UserPermission } from '../permissions/catalogue';

/**
 * The shared half of a resource definition (docs/resources.md): what client and server must agree on.
 * The server adds its table and SQL (server/src/resources), the client its columns, form and slots
 * (src/ui/resource). Everything below the contract is derived from it: route paths, the list query
 * and page schemas, SWR keys and the OpenAPI description.
 */

/** Specification §9 and CONTRACT §3. */
export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** Page links shown either side of the current page (specification §9). */
export const PAGE_LINKS_EITHER_SIDE = 5;
/** `POST <path>` ("all") answers at most this many records; lists are for everything larger. */
export const ALL_RECORDS_LIMIT = 1000;

export type ResourceOperation = 'read' | 'create' | 'update' | 'delete';

/** Who may do an operation: roles first, then the shared permission check (specification §6). */
export interface AccessRule {
  roles?: readonly Role[];
  permission?: UserPermission;
  companyPermission?: CompanyPermission;
  /**
   * Message id of the 403 when the caller's company lacks `companyPermission` (the role and the user's
   * permission would pass): says what the company cannot do, instead of the generic "no permission".
   */
  companyDenied?: string;
}

export type SortOrder = 'asc' | 'desc';

// Loose bounds: every contract is built with z.object, whatever its shape.
type AnyObject = z.ZodObject<z.ZodRawShape>;

export interface ResourceContract<
  Rec extends AnyObject = AnyObject,
  Input extends AnyObject = AnyObject,
  Filters extends z.ZodRawShape = z.ZodRawShape,
  Sort extends string = string,
> {
  /** Cache and invalidation key (`member`); also the OpenAPI tag. */
  entity: string;
  /** Base of the routes: `<path>` (all), `<path>/list`, `/view`, `/store`, `/update`, `/delete/{id}`, `/{id}`. */
  path: string;
  /** One record as answered (snake_case). */
  record: Rec;
  /** The body of store; update takes the same plus `id`. Messages are message ids (`validation.*`). */
  input: Input;
  /** Extra list filters, each optional in the query (`group`, `phone_type`...). */
  filters: Filters;
  sortFields: readonly [Sort, ...Sort[]];
  defaultSort: { sort_by: Sort; sort_order: SortOrder };
  /** Whether the list takes `search` (the server decides which columns it reads). */
  searchable: boolean;
  access: Record<ResourceOperation, AccessRule>;
  /**
   * A field whose change renames the value inside other records (a group name inside members):
   * the client asks for the confirmation of specification §5 first, the server updates those records
   * in the same transaction.
   */
  renameField?: keyof z.infer<Input> & string;
  /** Entities whose cached data changes when this one is written (renaming a group changes members). */
  invalidates?: readonly string[];
  /**
   * Optional routes: `<path>` (all) and `<path>/{id}`; `view: false` leaves out `<path>/view`; `list`
   * names a list path of the specification's own instead of `<path>/list` (the call log's
   * `cti/calls/history`).
   */
  routes?: { all?: boolean; byId?: boolean; view?: boolean; list?: string };
  /**
   * The writes the resource offers (a history is read-only; an API key is created and revoked, never
   * edited): only these routes exist and only their buttons show. @default all three
   */
  operations?: readonly WriteOperation[];
  /** `GET <path>/export`: the list's search, filters and sort as .xlsx, for whoever this rule allows. */
  export?: AccessRule;
  /**
   * File fields (docs/resources.md "File fields"), by input key: store and update take multipart with
   * each file in a part of that name; `GET <path>/{id}/<route>` streams it with a download token.
   */
  files?: Readonly<Record<string, FileRule>>;
  /**
   * What store answers under `data` when it says more than `record`: the record plus what is shown only
   * once (an API key's secret, docs/resources.md "Secrets"). View, list and update answer `record` alone.
   */
  createdRecord?: AnyObject;
}

export type WriteOperation = Exclude<ResourceOperation, 'read'>;

/** Whether the resource offers a write at all (read is always offered). */
export function offers(contract: Pick<AnyResourceContract, 'operations'>, operation: ResourceOperation): boolean {
  return operation === 'read' || (contract.operations ?? ['create', 'update', 'delete']).includes(operation);
}

/** Keeps the literal types of a contract (sort names, filter shape) for everything derived from it. */
export function defineResourceContract<
  Rec extends AnyObject,
  Input extends AnyObject,
  Filters extends z.ZodRawShape,
  const Sort extends string,
>(contract: ResourceContract<Rec, Input, Filters, Sort>): ResourceContract<Rec, Input, Filters, Sort> {
  return contract;
}

// Loose enough to take any contract whatever its schemas (used where only paths and keys matter).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyResourceContract = ResourceContract<any, any, any, any>;

export type RecordOf<C extends AnyResourceContract> = z.infer<C['record']>;
export type InputOf<C extends AnyResourceContract> = z.input<C['input']>;
export type ParsedInputOf<C extends AnyResourceContract> = z.output<C['input']>;
export type SortOf<C extends AnyResourceContract> = C['sortFields'][number];
export type FiltersOf<C extends AnyResourceContract> = { [K in keyof C['filters']]?: z.infer<C['filters'][K]> };

/** What a list request carries (CONTRACT §3 pagination plus search, sort and the contract's filters). */
export type ListQuery<C extends AnyResourceContract> = {
  page?: number;
  per_page?: PageSize;
  search?: string;
  sort_by?: SortOf<C>;
  sort_order?: SortOrder;
} & FiltersOf<C>;

export interface Page<R> {
  data: R[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** Numbers may arrive as strings (forms, query strings of exports); empty strings mean "not given". */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), z.coerce.number().pipe(schema).optional());

export const pageNumberSchema = optionalNumber(z.number({ error: 'validation.page_invalid' }).int('validation.page_invalid').min(1, 'validation.page_invalid'));

export const perPageSchema = optionalNumber(
  z.number({ error: 'validation.per_page_invalid' }).refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'validation.per_page_invalid'),
);

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** The longest search a list takes (after trimming); the search box stops there too (ui/resource/resource-toolbar.tsx). */
export const MAX_SEARCH_LENGTH = 100;

/** The list body: `page` from 1, `per_page` one of PAGE_SIZES (422 otherwise), search, sort, filters. */
export function listQuerySchema<C extends AnyResourceContract>(contract: C) {
  const filters: Record<string, z.ZodType> = {};
  for (const [name, schema] of Object.entries(contract.filters as z.ZodRawShape)) {
    filters[name] = z.preprocess(blankToUndefined, (schema as z.ZodType).optional());
  }
  return z.object({
    page: pageNumberSchema,
    per_page: perPageSchema,
    search: z.preprocess(blankToUndefined, z.string().trim().max(MAX_SEARCH_LENGTH, 'validation.search_too_long').optional()),
    sort_by: z.preprocess(blankToUndefined, z.enum(contract.sortFields as [string, ...string[]], { error: 'validation.sort_invalid' }).optional()),
    sort_order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], { error: 'validation.sort_invalid' }).optional()),
    ...filters,
  });
}

export function pageSchema<R extends z.ZodType>(record: R) {
  return z.object({
    data: z.array(record),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
  });
}

/** A record id in a body or path; at most MAX_RECORD_ID, so 2147483648 is a 422, not an integer overflow. */
export const recordIdSchema = recordIdNumber();
export const idBodySchema = z.object({ id: recordIdSchema });
export const idParamsSchema = z.object({ id: recordIdSchema });

/** `{ data: record }`: the answer of view, store, update and `<path>/{id}`. */
export const recordResponseSchema = <R extends z.ZodType>(record: R) => z.object({ data: record });
/** `{ data, truncated }`: the answer of `<path>` (all), capped at ALL_RECORDS_LIMIT. */
export const allResponseSchema = <R extends z.ZodType>(record: R) => z.object({ data: z.array(record), truncated: z.boolean() });

export function updateBodySchema<C extends AnyResourceContract>(contract: C) {
  // safeExtend keeps the input's own checks (an entity's required and combined messages).
  return (contract.input as AnyObject).safeExtend({ id: recordIdSchema });
}

/** The paths of a contract, relative to /api/v1. */
export function resourcePaths(contract: Pick<AnyResourceContract, 'path'> & { routes?: AnyResourceContract['routes'] }) {
  const base = contract.path;
  return {
    all: base,
    list: contract.routes?.list ?? `${base}/list`,
    view: `${base}/view`,
    store: `${base}/store`,
    update: `${base}/update`,
    delete: (id: number | string) => `${base}/delete/${encodeURIComponent(String(id))}`,
    export: `${base}/export`,
    byId: (id: number | string) => `${base}/${encodeURIComponent(String(id))}`,
    /** A file field's stream (`route` from the contract's `files`). */
    file: (id: number | string, route: string) => `${base}/${encodeURIComponent(String(id))}/${route}`,
  };
}

export function lastPageOf(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
