/**
 * `format=api` through the proxy. The upstream's own browsable page links to the upstream (its
 * paging links, a real DRF page's breadcrumbs, forms and static files, blocked here by the CSP
 * anyway), so the proxy asks for the JSON instead, re-points its links and shows it on the same
 * browsable page the embedded service renders. Nothing of the upstream's page reaches the client.
 */
import { browsableHtml, browsableSecurityHeaders } from '../drf/browsable';
import { resolvePage } from '../drf/pagination';
import { counterListPageSizes, pageSizeOf } from '../drf/pagination';
import { effectiveQuery, joinUrl, lastValue, parseQueryString, serializeQuery, snakeCaseName, withQueryParam } from '../drf/query-string';
import type { CachedUpstreamAnswer } from './upstream';

/** Where an answer asks for the browsable page: the suffix of the path, else the format parameter. */
export function browsableRequest(suffix: string | undefined, rawQuery: string): 'suffix' | 'parameter' | undefined {
  if (suffix !== undefined) return suffix === 'api' ? 'suffix' : undefined;
  return lastValue(effectiveQuery(parseQueryString(rawQuery)), 'format') === 'api' ? 'parameter' : undefined;
}

/** The query with every `format` parameter (any spelling) set to json: what the upstream is asked instead of api. */
export function asJsonQuery(rawQuery: string): string {
  const pairs = parseQueryString(rawQuery);
  return serializeQuery(pairs.map(([name, value]) => [name, snakeCaseName(name) === 'format' ? 'json' : value] as const));
}

export interface BrowsableProxyPage {
  statusCode: number;
  /** The upstream's JSON, links already re-pointed. */
  json: unknown;
  /** A single counter (`/7/`) rather than the list. */
  instance: boolean;
  /** The path and query as the client asked (`/proxy/counters/?format=api&page=2`). */
  requestUrl: string;
  rawQuery: string;
  /** The absolute proxy URL of this list or counter without suffix or query, for the format links. */
  resourceUrl: string;
}

/** "Page 2 of 20", when the page's position can be told from the query and the count. */
function position(json: unknown, rawQuery: string): string | undefined {
  const count = (json as { count?: unknown } | null)?.count;
  if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) return undefined;
  const query = effectiveQuery(parseQueryString(rawQuery));
  const pageSize = pageSizeOf(query, counterListPageSizes);
  try {
    const page = resolvePage(lastValue(query, 'page'), count, pageSize);
    return `Page ${page} of ${Math.max(1, Math.ceil(count / pageSize))}`;
  } catch {
    return undefined;
  }
}

const linkOf = (value: unknown) => (typeof value === 'string' ? value : null);

export function renderBrowsableProxyPage(page: BrowsableProxyPage): CachedUpstreamAnswer {
  const envelope = page.json !== null && typeof page.json === 'object' && !Array.isArray(page.json) ? (page.json as Record<string, unknown>) : {};
  const isPage = !page.instance && page.statusCode === 200 && 'count' in envelope;
  // The pager shows whenever there is a page; its position only when the query and count tell it.
  const where = isPage ? (position(page.json, page.rawQuery) ?? '') : undefined;
  const pairs = parseQueryString(page.rawQuery);
  const html = browsableHtml({
    title: page.instance ? 'Counter Instance' : 'Counter List',
    statusCode: page.statusCode,
    requestUrl: page.requestUrl,
    json: JSON.stringify(page.json),
    ...(isPage ? { next: linkOf(envelope.next), previous: linkOf(envelope.previous) } : {}),
    ...(where === undefined ? {} : { position: where }),
    ...(page.statusCode === 200
      ? {
          formats: {
            json: joinUrl(page.resourceUrl, withQueryParam(pairs, 'format', 'json')),
            csv: joinUrl(page.resourceUrl, withQueryParam(pairs, 'format', 'csv')),
          },
        }
      : {}),
  });
  return {
    statusCode: page.statusCode,
    headers: { 'content-type': 'text/html; charset=utf-8', ...browsableSecurityHeaders },
    body: Buffer.from(html),
  };
}
