import { z } from 'zod';
import { calendarDaySchema } from '../contracts/input-bounds';
import type { AccessRule, ResourceContract, ResourceOperation, SortOrder } from '../resources/resource-contract';
import { fileRulesOf, isMissing, secretFieldsOf, type FieldSpec } from './entity-fields';

/**
 * An entity described once (docs/resources.md "Entities"): its fields, who may do what, its screens.
 * Everything else is derived: the shared resource contract (record, input, filters, sort, access), the
 * server's table, repository and routes, the client's list, form, detail and delete screens, the SWR
 * hooks, the export, the contract test's walk and the OpenAPI description. An entity that needs more
 * adds it in slots on either side, found by the entity's name.
 */

type Fields = Readonly<Record<string, FieldSpec>>;

/** Who may do what. `write` is a shorthand for create, update and delete. */
export type EntityAccess = { read: AccessRule } & ({ write: AccessRule } | Record<Exclude<ResourceOperation, 'read'>, AccessRule>);

/** Required fields reported together when all are missing (specification §5's combined messages). */
export interface CombinedRequirement<K extends string> {
  fields: readonly [K, K, ...K[]];
  message: string;
}

/**
 * Two fields whose values, when both are given, must come in order (a forwarding's period ends after it
 * starts): the message goes under `then`. Moments and days compare in time, numbers as numbers.
 */
export interface OrderedFields<K extends string> {
  first: K;
  then: K;
  message: string;
}

/** The list filters `date_from` / `date_to` (whole days in Asia/Seoul) on when the record was written. */
export const PERIOD_FILTERS = ['date_from', 'date_to'] as const;

/** What an entity's pop-up shows: the empty form, a record's form (`:id`), or a record. */
export type EntityPopupRole = 'add' | 'edit' | 'view';

export interface EntityScreens {
  /** The route that lists the entity (`/blacklist`, `/messages/category`). */
  list?: string;
  /** Pop-up ids (src/app/popups/registry.ts) that show its form or record. */
  popups?: Partial<Record<EntityPopupRole, string>>;
}

export interface EntityInit<F extends Fields, Sort extends string> {
  /** The entity's name: cache key, OpenAPI tag, message prefix (`<name>.noun`, `<name>.field.<field>`). */
  name: string;
  /** Base of the API paths (CONTRACT §10). @default name */
  path?: string;
  /** The SQL table. */
  table: string;
  fields: F;
  combined?: readonly CombinedRequirement<keyof F & string>[];
  /** Pairs of fields that must come in order when both are given (a period's start and end). */
  ordered?: readonly OrderedFields<keyof F & string>[];
  /**
   * The list filters `date_from` and `date_to`: records written on or after / on or before these days
   * (Asia/Seoul), by `created_at` (a history's "when").
   */
  periodFilter?: boolean;
  defaultSort?: { sort_by: Sort; sort_order: SortOrder };
  access: EntityAccess;
  /** The writes it offers; lists and views always exist. @default ['create', 'update', 'delete'] */
  operations?: readonly Exclude<ResourceOperation, 'read'>[];
  /** Deleting marks the row deleted (`deleted_at`) and hides it, instead of removing it. */
  softDelete?: boolean;
  /** `GET <path>/export` (.xlsx of the list's search, filters and sort); `true` uses the read rule. */
  export?: boolean | AccessRule;
  routes?: { all?: boolean; byId?: boolean };
  /** Entities whose cached data changes when this one is written. */
  invalidates?: readonly string[];
  screens?: EntityScreens;
}

type InputShape<F extends Fields> = { [K in keyof F as F[K]['readOnly'] extends true ? never : K]: F[K]['input'] };
type RecordShape<F extends Fields> = { id: z.ZodNumber; created_at: z.ZodString; updated_at: z.ZodString } & {
  [K in keyof F as F[K]['serverOnly'] extends true ? never : K]: F[K]['record'];
};

export type EntityContract<F extends Fields, Sort extends string> = ResourceContract<
  z.ZodObject<RecordShape<F>>,
  z.ZodObject<InputShape<F>>,
  z.ZodRawShape,
  Sort | 'id' | 'created_at' | 'updated_at'
>;

export interface Entity<F extends Fields = Fields, Sort extends string = string> {
  name: string;
  path: string;
  table: string;
  fields: F;
  softDelete: boolean;
  /** `date_from` / `date_to` filter on `created_at` (EntityInit.periodFilter). */
  periodFilter: boolean;
  /** Fields that must come in order when both are given (EntityInit.ordered); samples and forms follow it. */
  ordered: readonly OrderedFields<string>[];
  screens: EntityScreens;
  /** The resource contract every generic part (routes, hooks, screens, tests) works from. */
  contract: EntityContract<F, Sort>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyEntity = Entity<any, any>;

const STAMPS = ['id', 'created_at', 'updated_at'] as const;

/** The field names and the message of each required field, with the combined messages applied. */
function requiredMessages(fields: Fields, combined: readonly CombinedRequirement<string>[], value: Record<string, unknown>): [string, string][] {
  // An update (the body has the record's `id`) without a file keeps the stored one: files are required on store.
  const updating = value.id !== undefined;
  const missing = Object.entries(fields).filter(([name, field]) => field.required && !field.readOnly && !(updating && field.kind === 'file') && isMissing(value[name]));
  const reported = new Set<string>();
  const issues: [string, string][] = [];
  for (const group of combined) {
    if (group.fields.every((name) => isMissing(value[name]))) {
      // Said once, under the first of them; the others are reported (no message of their own twice).
      issues.push([group.fields[0], group.message]);
      group.fields.forEach((name) => reported.add(name));
    }
  }
  for (const [name, field] of missing) if (!reported.has(name)) issues.push([name, field.required!]);
  return issues;
}

/** A value of an ordered field as something comparable: moments and days as times, numbers as they are. */
function orderValue(value: unknown): number | null {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}

/** The `then` fields whose value does not come after their `first` (both given). */
function disorderedFields(ordered: readonly OrderedFields<string>[], value: Record<string, unknown>): [string, string][] {
  const issues: [string, string][] = [];
  for (const pair of ordered) {
    const first = orderValue(value[pair.first]);
    const then = orderValue(value[pair.then]);
    if (first !== null && then !== null && then <= first) issues.push([pair.then, pair.message]);
  }
  return issues;
}

function writeAccess(access: EntityAccess): Record<ResourceOperation, AccessRule> {
  if ('write' in access) return { read: access.read, create: access.write, update: access.write, delete: access.write };
  return access;
}

export function defineEntity<const F extends Fields, const Sort extends keyof F & string = never>(init: EntityInit<F, Sort>): Entity<F, Sort> {
  const { fields } = init;
  const writable = Object.entries(fields).filter(([, field]) => !field.readOnly);
  const input = z
    .object(Object.fromEntries(writable.map(([name, field]) => [name, field.input])) as InputShape<F>)
    .superRefine((value, ctx) => {
      for (const [path, message] of requiredMessages(fields, init.combined ?? [], value as Record<string, unknown>)) {
        ctx.addIssue({ code: 'custom', message, path: [path] });
      }
      for (const [path, message] of disorderedFields(init.ordered ?? [], value as Record<string, unknown>)) {
        ctx.addIssue({ code: 'custom', message, path: [path] });
      }
    });
  const record = z.object({
    id: z.number().int(),
    ...Object.fromEntries(Object.entries(fields).filter(([, field]) => !field.serverOnly).map(([name, field]) => [name, field.record])),
    created_at: z.string(),
    updated_at: z.string(),
  }) as unknown as z.ZodObject<RecordShape<F>>;
  const filters = {
    ...Object.fromEntries(Object.entries(fields).filter(([, f]) => f.filter).map(([name, field]) => [name, field.input])),
    ...(init.periodFilter ? Object.fromEntries(PERIOD_FILTERS.map((name) => [name, calendarDaySchema])) : {}),
  };
  const sortable = Object.entries(fields).filter(([, f]) => f.sort).map(([name]) => name as Sort);
  const access = writeAccess(init.access);
  const exportRule = init.export === true ? access.read : init.export || undefined;
  const files = fileRulesOf(fields);
  // Secrets are answered once, by store (docs/resources.md "Secrets").
  const secrets = secretFieldsOf(fields);

  const contract = {
    entity: init.name,
    path: init.path ?? init.name,
    record,
    input: input as unknown as z.ZodObject<InputShape<F>>,
    filters,
    sortFields: [...sortable, ...STAMPS] as unknown as [Sort | (typeof STAMPS)[number], ...(Sort | (typeof STAMPS)[number])[]],
    defaultSort: init.defaultSort ?? { sort_by: 'created_at', sort_order: 'desc' },
    searchable: Object.values(fields).some((f) => f.search),
    access,
    operations: init.operations ?? ['create', 'update', 'delete'],
    ...(exportRule ? { export: exportRule } : {}),
    ...(init.routes ? { routes: init.routes } : {}),
    ...(init.invalidates ? { invalidates: init.invalidates } : {}),
    ...(Object.keys(files).length > 0 ? { files } : {}),
    ...(secrets.length > 0 ? { createdRecord: record.extend(Object.fromEntries(secrets.map((name) => [name, z.string()]))) } : {}),
  } as EntityContract<F, Sort>;

  return {
    name: init.name,
    path: contract.path,
    table: init.table,
    fields,
    softDelete: init.softDelete ?? false,
    periodFilter: init.periodFilter ?? false,
    ordered: init.ordered ?? [],
    screens: init.screens ?? {},
    contract,
  };
}
