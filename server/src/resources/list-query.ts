import { asc, desc, type SQL } from 'drizzle-orm';
import {
  DEFAULT_PAGE_SIZE,
  type AnyResourceContract,
  type SortOrder,
} from '../../../src/api/resources/resource-contract';
import type { CompanyOwnedTable } from '../db/company-scope';
import type { Caller, ServerResource } from './resource-definition';

/** A list request after its schema has parsed it (numbers coerced, blanks dropped). */
export interface ParsedListQuery {
  page?: number;
  per_page?: number;
  search?: string;
  sort_by?: string;
  sort_order?: SortOrder;
  [filter: string]: unknown;
}

const PAGING_KEYS = new Set(['page', 'per_page', 'search', 'sort_by', 'sort_order']);

/** The search and filter conditions of a list request (the company condition is the scope's). */
export function listConditions<C extends AnyResourceContract, T extends CompanyOwnedTable>(
  definition: ServerResource<C, T>,
  query: ParsedListQuery,
  caller?: Caller,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (query.search && definition.search) conditions.push(definition.search(query.search));
  const filters = definition.filters as Record<string, (value: unknown, caller?: Caller) => SQL | undefined>;
  for (const [name, value] of Object.entries(query)) {
    if (PAGING_KEYS.has(name) || value === undefined) continue;
    const filter = filters[name];
    if (filter) conditions.push(filter(value, caller));
  }
  return conditions;
}

/** ORDER BY the requested (or default) sort, then id in the same direction so pages never overlap. */
export function listOrder<C extends AnyResourceContract, T extends CompanyOwnedTable>(
  definition: ServerResource<C, T>,
  query: ParsedListQuery,
): SQL[] {
  const { defaultSort } = definition.contract;
  const sortBy = (query.sort_by ?? defaultSort.sort_by) as string;
  const order = query.sort_order ?? (query.sort_by ? 'asc' : defaultSort.sort_order);
  const direction = order === 'desc' ? desc : asc;
  const columns = definition.sortColumns as Record<string, Parameters<typeof asc>[0]>;
  const column = columns[sortBy] ?? definition.table.id;
  return column === definition.table.id ? [direction(column)] : [direction(column), direction(definition.table.id)];
}

export function pagingOf(query: ParsedListQuery): { page: number; perPage: number } {
  return { page: query.page ?? 1, perPage: query.per_page ?? DEFAULT_PAGE_SIZE };
}
