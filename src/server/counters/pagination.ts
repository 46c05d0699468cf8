import { invalidPage } from './errors';
import { parsePythonInt } from './query';

/** Django's Paginator.num_pages with allow_empty_first_page: an empty list still has page 1. */
export const pageCount = (count: number, pageSize: number) => Math.max(1, Math.ceil(count / pageSize));

/**
 * DRF's PageNumberPagination page choice: absent or blank means 1, "last" the last page;
 * anything not an integer from 1 to the page count is a 404 "Invalid page.".
 */
export function resolvePage(pageParam: string | undefined, count: number, pageSize: number): number {
  const pages = pageCount(count, pageSize);
  if (pageParam === undefined || pageParam === '') return 1;
  if (pageParam === 'last') return pages;
  const page = parsePythonInt(pageParam);
  if (page === undefined || page < 1 || page > pages) throw invalidPage();
  return page;
}
