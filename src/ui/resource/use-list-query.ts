import { useCallback, useEffect, useState } from 'react';
import { rememberedListQuery, rememberListQuery } from '../../api/list-query-memory';
import { DEFAULT_PAGE_SIZE, type AnyResourceContract, type ListQuery, type PageSize } from '../../api/resources/resource-contract';

/** The order a list's header marks. */
export interface SortShown {
  by: string;
  order: 'asc' | 'desc';
}

export interface ListQueryControls<C extends AnyResourceContract> {
  query: ListQuery<C>;
  setPage: (page: number) => void;
  setPageSize: (perPage: PageSize) => void;
  setSearch: (search: string) => void;
  setFilter: (name: string, value: string | undefined) => void;
  /**
   * A click on a column header: a new column sorts ascending, the column the rows are sorted by flips.
   * `shown` is the order the header marks: the one asked for, else the contract's default, so the first
   * click on a column sorted by default flips it too (QA: it asked for the same order again).
   */
  toggleSort: (sortField: string, shown: SortShown) => void;
}

/**
 * The list's request state: page, page size (default 10), search, sort and filters. Anything that
 * changes which records match goes back to page 1, so a user never lands beyond the last page. With a
 * `memoryKey` the state outlives a reload of the tab (api/list-query-memory.ts).
 */
export function useListQuery<C extends AnyResourceContract>(initial: Partial<ListQuery<C>> = {}, memoryKey?: string): ListQueryControls<C> {
  const [query, setQuery] = useState<ListQuery<C>>(
    () => ({ page: 1, per_page: DEFAULT_PAGE_SIZE, ...initial, ...(memoryKey ? rememberedListQuery(memoryKey, initial) : null) }) as ListQuery<C>,
  );
  // The starting query as it was at mount: what a remembered query belongs to.
  const [start] = useState(initial);
  useEffect(() => {
    if (memoryKey) rememberListQuery(memoryKey, start, query);
  }, [memoryKey, start, query]);
  const update = useCallback((changes: Record<string, unknown>) => setQuery((prev) => ({ ...prev, ...changes }) as ListQuery<C>), []);

  const setPage = useCallback((page: number) => update({ page }), [update]);
  const setPageSize = useCallback((perPage: PageSize) => update({ per_page: perPage, page: 1 }), [update]);
  const setSearch = useCallback((search: string) => update({ search: search.trim() || undefined, page: 1 }), [update]);
  const setFilter = useCallback((name: string, value: string | undefined) => update({ [name]: value || undefined, page: 1 }), [update]);
  const toggleSort = useCallback(
    (sortField: string, shown: SortShown) => {
      const sort_order = shown.by === sortField && shown.order === 'asc' ? 'desc' : 'asc';
      update({ sort_by: sortField, sort_order, page: 1 });
    },
    [update],
  );
  return { query, setPage, setPageSize, setSearch, setFilter, toggleSort };
}
