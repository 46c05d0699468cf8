/**
 * The real service's two pagers for observations: a cursor (the default; `{next, previous,
 * results}`) and, when `page` is given, page numbers (LargeResultsSetPagination: `{count, next,
 * previous, results}`, whose link to page 1 keeps `page=1` and drops any `cursor`). Both default
 * to 1000 rows a page; `page_size` sets it up to 10000.
 */
import { DrfError } from './errors';
import { observationPageSizes, pageCount, pageSizeOf as pageSizesOf, parsePythonInt, resolvePage } from './pagination';
import { joinUrl, lastValue, withQueryParam, type QueryPairs } from './query-string';
import type { ObservationPosition } from '../storage/repositories/types';

/** DRF's get_page_size for observations: 1000 unless asked, at most 10000. */
export const pageSizeOf = (pairs: QueryPairs): number => pageSizesOf(pairs, observationPageSizes);

export interface Cursor {
  offset: number;
  reverse: boolean;
  position?: string[];
}

const invalidCursor = () => new DrfError(404, 'Invalid cursor');

/** DRF's cursor token: base64 of `o=offset&r=1&p=position`, the position a JSON list of strings. */
export function encodeCursor(cursor: Cursor): string {
  const tokens = new URLSearchParams();
  if (cursor.offset !== 0) tokens.set('o', String(cursor.offset));
  if (cursor.reverse) tokens.set('r', '1');
  if (cursor.position !== undefined) tokens.set('p', JSON.stringify(cursor.position));
  return Buffer.from(tokens.toString(), 'ascii').toString('base64');
}

export function decodeCursor(text: string | undefined, positionLength: number): Cursor {
  if (text === undefined) return { offset: 0, reverse: false };
  // Python's b64decode wants the padding too.
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) throw invalidCursor();
  const tokens = new URLSearchParams(Buffer.from(text, 'base64').toString('latin1'));
  const offset = parsePythonInt(tokens.get('o') ?? '0');
  if (offset === undefined || offset < 0 || offset > 1_000_000) throw invalidCursor();
  const positionText = tokens.get('p');
  let position: string[] | undefined;
  if (positionText !== null) {
    try {
      position = JSON.parse(positionText) as string[];
    } catch {
      throw invalidCursor();
    }
    if (!Array.isArray(position) || position.length !== positionLength || !position.every((item) => typeof item === 'string')) throw invalidCursor();
  }
  return { offset, reverse: tokens.get('r') === '1', position };
}

/** A cursor position as stored values: numbers where the sort field is numeric. */
export function positionValues(position: readonly string[], numeric: readonly boolean[]): ObservationPosition {
  return position.map((item, index) => {
    if (!numeric[index]) return item;
    const value = Number(item);
    if (!/^-?\d+$/.test(item) || !Number.isSafeInteger(value)) throw invalidCursor();
    return value;
  });
}

export const cursorLink = (url: string, pairs: QueryPairs, cursor: Cursor) => joinUrl(url, withQueryParam(pairs, 'cursor', encodeCursor(cursor)));

export interface NumberedPage {
  page: number;
  offset: number;
  next: string | null;
  previous: string | null;
}

/** LargeResultsSetPagination's page and links over `count` rows. */
export function numberedPage(url: string, pairs: QueryPairs, count: number, pageSize: number): NumberedPage {
  const page = resolvePage(lastValue(pairs, 'page'), count, pageSize);
  const withoutCursor = pairs.filter(([name]) => name !== 'cursor');
  const link = (target: number) => joinUrl(url, withQueryParam(withoutCursor, 'page', String(target)));
  return {
    page,
    offset: (page - 1) * pageSize,
    next: page < pageCount(count, pageSize) ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
  };
}
