import { PAGE_LINKS_EITHER_SIDE } from '../../api/resources/resource-contract';

/**
 * The page numbers a pagination bar links to: the current page and up to five either side of it
 * (specification §9), never below 1 or beyond the last page.
 */
export function pageLinks(current: number, lastPage: number, eitherSide: number = PAGE_LINKS_EITHER_SIDE): number[] {
  const last = Math.max(1, lastPage);
  const page = Math.min(Math.max(1, current), last);
  const from = Math.max(1, page - eitherSide);
  const to = Math.min(last, page + eitherSide);
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

/** "11–20 of 57": the records shown on a page (0–0 of 0 when empty). */
export function pageRange(page: number, perPage: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = (page - 1) * perPage + 1;
  return { from: Math.min(from, total), to: Math.min(page * perPage, total) };
}
