/**
 * GET /api/counters/: one page of the filtered list in the format asked for, with DRF's
 * next/previous links (Link headers in CSV, links on the browsable page).
 */
import type { CounterRepository } from '../storage/repositories/types';
import { browsableHtml } from '../drf/browsable';
import { joinedAnswer } from '../http/joined-answer';
import { csvHeaderLine } from './csv';
import { distanceCsvHeaderLine, distanceFeatureJson, withDistanceColumn } from './distance-features';
import { drfCsvDistanceFields, drfCsvFields, wantsDrfCsv } from './drf-csv';
import { drfCsv } from '../drf/csv';
import { pageCount, resolvePage } from '../drf/pagination';
import { parseFilter, parsePageSize } from './query';
import { parseFormat } from '../drf/negotiation';
import { effectiveQuery, joinUrl, lastValue, withQueryParam, type QueryPairs } from '../drf/query-string';
import type { CounterRenderings } from './renderings';
import { contentTypes, formatHeaders, listAllowedMethods, type CounterResponse } from './responses';

/** The links to the neighbouring pages; as DRF, the link to page 1 carries no page parameter at all. */
export function pageLinks(listUrl: string, pairs: QueryPairs, page: number, pages: number) {
  const next = page < pages ? joinUrl(listUrl, withQueryParam(pairs, 'page', String(page + 1))) : null;
  const previous =
    page > 1 ? joinUrl(listUrl, withQueryParam(pairs, 'page', page === 2 ? undefined : String(page - 1))) : null;
  return { next, previous };
}

export interface ListPageRequest {
  /** The query as sent, in order. */
  pairs: QueryPairs;
  /** A format suffix of the path (`counters.csv`), which wins over the format parameter. */
  suffix?: string;
  /** The absolute URL of the list as asked for (`…/api/counters/` or `…/api/counters.csv`), without a query: the base of paging links. */
  listUrl: string;
  /** The absolute URL of the list without a suffix: the base of the browsable page's format links. */
  formatsUrl?: string;
  /** The path and query as sent, shown on the browsable page. */
  requestUrl: string;
  /** The Accept header, when sent: chooses the format where the query names none. */
  accept?: string;
}

export async function renderListPage(
  repository: CounterRepository,
  renderings: CounterRenderings,
  { pairs, suffix, listUrl, formatsUrl = listUrl, requestUrl, accept }: ListPageRequest,
): Promise<CounterResponse> {
  // Read as the real service reads it (camelCase names too); links keep the query as sent.
  const query = effectiveQuery(pairs);
  const format = parseFormat(query, suffix, accept);
  const { filter, matchesNothing } = parseFilter(query);
  const pageSize = parsePageSize(query);
  const count = matchesNothing ? 0 : await repository.countMatching(filter);
  const page = resolvePage(lastValue(query, 'page'), count, pageSize);
  const offset = (page - 1) * pageSize;
  const { near } = filter;
  const drfLayout = format === 'csv' && wantsDrfCsv(lastValue(query, 'csv_layout'));
  // A distance search (and the real CSV layout) renders per request from whole rows: the distance
  // depends on the point asked about.
  const wholeRows = (near || drfLayout) && !matchesNothing;
  const wholePage = wholeRows ? await repository.listMatching(filter, offset, pageSize) : [];
  const entries = matchesNothing || wholeRows ? [] : await repository.listRevisions(filter, offset, pageSize);
  const pages = pageCount(count, pageSize);
  const { next, previous } = pageLinks(listUrl, pairs, page, pages);

  if (format === 'csv') {
    const links = [next && `<${next}>; rel="next"`, previous && `<${previous}>; rel="prev"`].filter(Boolean);
    const headers: Record<string, string> = links.length > 0 ? { link: links.join(', ') } : {};
    if (drfLayout) {
      const flat = wholePage.map((counter) => (near ? drfCsvDistanceFields(counter, near) : drfCsvFields(counter, renderings.timeZone)));
      return { contentType: contentTypes.csv, body: Buffer.from(drfCsv(flat)), headers };
    }
    const body = near
      ? Buffer.from(distanceCsvHeaderLine + wholePage.map((counter) => withDistanceColumn(renderings.csvRow(counter), counter, near)).join(''))
      : joinedAnswer(csvHeaderLine, await renderings.csvRows(entries), '', '');
    return { contentType: contentTypes.csv, body, headers };
  }
  const open = `{"count":${count},"next":${JSON.stringify(next)},"previous":${JSON.stringify(previous)},"results":{"type":"FeatureCollection","features":[`;
  const body = near
    ? Buffer.from(`${open}${wholePage.map((counter) => distanceFeatureJson(counter, near)).join(',')}]}}`)
    : joinedAnswer(open, await renderings.features(entries), ',', ']}}');
  if (format === 'json') return { contentType: contentTypes.json, body, headers: {} };
  const json = body.toString('utf8');
  const html = browsableHtml({
    title: 'Counter List',
    statusCode: 200,
    allow: listAllowedMethods,
    requestUrl,
    json,
    next,
    previous,
    position: `Page ${page} of ${pages}`,
    formats: {
      json: joinUrl(formatsUrl, withQueryParam(pairs, 'format', 'json')),
      csv: joinUrl(formatsUrl, withQueryParam(pairs, 'format', 'csv')),
    },
  });
  return { contentType: contentTypes.api, body: Buffer.from(html), headers: formatHeaders('api') };
}
