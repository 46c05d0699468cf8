/**
 * DRF's pagers as the real counter service configures them: page numbers (PageNumberPagination,
 * `page` and `page_size`) with each list's default and maximum page size.
 */
import { invalidPage } from './errors';
import { lastValue, type QueryPairs } from './query-string';

/** Python's int() on a string: surrounding blanks, a sign and digit-group underscores allowed. */
export function parsePythonInt(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[+-]?\d+(?:_\d+)*$/.test(trimmed)) return undefined;
  return Number(trimmed.replaceAll('_', ''));
}

export interface PageSizes {
  defaultSize: number;
  maxSize: number;
}

/** The counter list: 100 a page, `page_size` up to 1000 (spec/notes.md, "Counter list"). */
export const counterListPageSizes: PageSizes = { defaultSize: 100, maxSize: 1000 };
/** Observations and their aggregate: 1000 a page, up to 10000 (the real LargeResultsSetPagination). */
export const observationPageSizes: PageSizes = { defaultSize: 1000, maxSize: 10_000 };

/** DRF's get_page_size: a positive integer capped at the maximum; anything else means the default. */
export function pageSizeOf(pairs: QueryPairs, sizes: PageSizes): number {
  const text = lastValue(pairs, 'page_size');
  const size = text === undefined ? undefined : parsePythonInt(text);
  if (size === undefined || size < 1) return sizes.defaultSize;
  return Math.min(size, sizes.maxSize);
}

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
