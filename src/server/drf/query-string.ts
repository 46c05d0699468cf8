/**
 * Query strings read and rewritten the way Django and Django REST Framework do, so paging links
 * match the real service byte for byte: parameters parsed like QueryDict (blank values kept,
 * "+" is a space, the last of repeated values wins on lookup) and links re-encoded like DRF's
 * replace_query_param / remove_query_param (every parameter kept, keys sorted, quote_plus).
 */

export type QueryPairs = ReadonlyArray<readonly [string, string]>;

const decoder = new TextDecoder('utf-8');
const encoder = new TextEncoder();

/** Python's unquote_plus: runs of %XX are UTF-8 bytes (bad ones become U+FFFD), stray "%" stays. */
function unquotePlus(text: string): string {
  const spaced = text.replaceAll('+', ' ');
  if (!spaced.includes('%')) return spaced;
  return spaced.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
    const bytes = new Uint8Array(run.length / 3);
    for (let index = 0; index < bytes.length; index += 1) bytes[index] = parseInt(run.slice(index * 3 + 1, index * 3 + 3), 16);
    return decoder.decode(bytes);
  });
}

/** Python's quote_plus: letters, digits and "_.-~" stay, a space is "+", the rest %XX of UTF-8. */
function quotePlus(text: string): string {
  if (/^[A-Za-z0-9_.~-]*$/.test(text)) return text;
  let out = '';
  for (const byte of encoder.encode(text)) {
    const isSafe =
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) ||
      byte === 0x5f || byte === 0x2e || byte === 0x2d || byte === 0x7e;
    if (isSafe) out += String.fromCharCode(byte);
    else if (byte === 0x20) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** The raw query part of a request URL ("" when there is none). */
export function rawQueryOf(url: string): string {
  const mark = url.indexOf('?');
  return mark === -1 ? '' : url.slice(mark + 1);
}

export function parseQueryString(raw: string): QueryPairs {
  const pairs: [string, string][] = [];
  for (const piece of raw.split('&')) {
    if (piece === '') continue;
    const equals = piece.indexOf('=');
    const key = equals === -1 ? piece : piece.slice(0, equals);
    const value = equals === -1 ? '' : piece.slice(equals + 1);
    pairs.push([unquotePlus(key), unquotePlus(value)]);
  }
  return pairs;
}

/**
 * A query name as the real service reads it: its middleware (djangorestframework-camel-case)
 * turns camelCase names into snake_case and lowercases every name before DRF and django-filter
 * see them, so `pageSize`, `municipalityCode` and `FORMAT` work there as `page_size`,
 * `municipality_code` and `format`.
 */
export function snakeCaseName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase()
    .replace(/^_+/, '');
}

/**
 * The query as the real service's views read it: every name in snake_case (above). When two
 * names become one (`pageSize` and `page_size`), the one that appeared last in the query (by
 * its first appearance) wins with all its values, as the middleware rebuilds the QueryDict.
 * Links are built from the query as sent, as DRF builds them from the request's own URL.
 */
export function effectiveQuery(pairs: QueryPairs): QueryPairs {
  const byName = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    const values = byName.get(name);
    if (values) values.push(value);
    else byName.set(name, [value]);
  }
  const bySnakeName = new Map<string, string[]>();
  for (const [name, values] of byName) bySnakeName.set(snakeCaseName(name), values);
  return [...bySnakeName].flatMap(([name, values]) => values.map((value) => [name, value] as const));
}

/** The pairs as a query string in their own order, each part encoded with quote_plus. */
export function serializeQuery(pairs: QueryPairs): string {
  return pairs.map(([name, value]) => `${quotePlus(name)}=${quotePlus(value)}`).join('&');
}

/** QueryDict.get: the last value given for the key. */
export function lastValue(pairs: QueryPairs, key: string): string | undefined {
  for (let index = pairs.length - 1; index >= 0; index -= 1) {
    if (pairs[index]![0] === key) return pairs[index]![1];
  }
  return undefined;
}

/**
 * The query with `key` set to the single `value` (or removed when undefined), every other
 * parameter kept; as in DRF, keys come out sorted and repeated keys grouped in their order.
 */
export function withQueryParam(pairs: QueryPairs, key: string, value: string | undefined): string {
  const grouped = new Map<string, string[]>();
  for (const [name, item] of pairs) {
    const values = grouped.get(name);
    if (values) values.push(item);
    else grouped.set(name, [item]);
  }
  if (value === undefined) grouped.delete(key);
  else grouped.set(key, [value]);
  const keys = [...grouped.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  for (const name of keys) {
    for (const item of grouped.get(name)!) parts.push(`${quotePlus(name)}=${quotePlus(item)}`);
  }
  return parts.join('&');
}

/** urlunsplit: no "?" when the query is empty. */
export const joinUrl = (base: string, query: string) => (query === '' ? base : `${base}?${query}`);
