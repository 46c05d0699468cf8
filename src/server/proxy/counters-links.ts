/**
 * Every address of the counter service an answer carries (next/previous, a CSV `Link` header, a
 * redirect's `Location`) re-pointed at the proxy, so a client never learns the upstream's
 * address. What cannot be re-pointed (a path outside the upstream's base) is dropped, never
 * passed on.
 */
import { parseQueryString, serializeQuery, snakeCaseName } from '../drf/query-string';

export interface LinkMapping {
  /** COUNTERS_URL: the upstream's base, e.g. https://city.example/api/counters. */
  upstreamBase: string;
  /** What replaces it: `https://kerro.example/proxy/counters`, or just `/proxy/counters` for a redirect. */
  proxyBase: string;
  /**
   * The browsable page (`format=api`) is asked from the upstream as JSON: its links say json
   * where the client asked for api, by parameter or by suffix, and get api back.
   */
  formatBack?: 'parameter' | 'suffix';
}

/** The part of an upstream URL after its base path (`/7/`, `/`, `.csv`, ``), with the query; undefined outside the base. */
function underBase(link: string, upstreamBase: string): { rest: string; query: string } | undefined {
  let target: URL;
  try {
    // Relative links are read against the upstream, as a browser on its pages would.
    target = new URL(link, `${upstreamBase}/`);
  } catch {
    return undefined;
  }
  const basePath = new URL(upstreamBase).pathname.replace(/\/+$/, '');
  const rest = target.pathname.slice(basePath.length);
  // Any host: the upstream may name itself by a public name other than COUNTERS_URL's.
  if (!target.pathname.startsWith(basePath) || !(rest === '' || rest.startsWith('/') || rest.startsWith('.'))) return undefined;
  return { rest, query: target.search.slice(1) };
}

/** Every `format` parameter (in any spelling the service takes, `FORMAT` too) set to api. */
function formatParameterBack(query: string): string {
  const pairs = parseQueryString(query);
  if (!pairs.some(([name]) => snakeCaseName(name) === 'format')) return query;
  return serializeQuery(pairs.map(([name, value]) => [name, snakeCaseName(name) === 'format' ? 'api' : value] as const));
}

/** One upstream URL as the proxy's; undefined when it points outside the upstream's base. */
export function proxiedLink(link: string, mapping: LinkMapping): string | undefined {
  const found = underBase(link, mapping.upstreamBase);
  if (!found) return undefined;
  let { rest, query } = found;
  if (mapping.formatBack === 'suffix') rest = rest.replace(/\.json(\/?)$/, '.api$1');
  if (mapping.formatBack === 'parameter') query = formatParameterBack(query);
  return `${mapping.proxyBase}${rest}${query === '' ? '' : `?${query}`}`;
}

/**
 * A paging link of the upstream re-pointed at the proxy: whatever host the upstream named, the
 * part after its base path is kept (with every query parameter) and put under the proxy's base.
 * Null (no link) when it points outside the upstream's base; anything not a string stays as it is.
 */
export function rewritePageLink(link: unknown, upstreamBase: string, proxyBase: string, formatBack?: LinkMapping['formatBack']): unknown {
  if (typeof link !== 'string') return link;
  return proxiedLink(link, { upstreamBase, proxyBase, formatBack }) ?? null;
}

/** An RFC 8288 `Link` header with every target re-pointed; targets that cannot be are left out. */
export function rewriteLinkHeader(value: string, mapping: LinkMapping): string | undefined {
  const links: string[] = [];
  for (const match of value.matchAll(/<([^>]*)>([^,<]*(?:"[^"]*"[^,<]*)*)/g)) {
    const target = proxiedLink(match[1]!, mapping);
    if (target !== undefined) links.push(`<${target}>${match[2]!.trimEnd()}`);
  }
  return links.length > 0 ? links.join(', ') : undefined;
}
