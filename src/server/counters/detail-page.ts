/** GET /api/counters/{id}/: one counter as a Feature, a CSV row, or the browsable page. */
import type { StoredCounter } from '../storage/repositories/types';
import { browsableHtml } from '../drf/browsable';
import { csvHeaderLine } from './csv';
import type { DrfFormat } from '../drf/negotiation';
import { drfCsv, drfCsvFields, wantsDrfCsv } from './drf-csv';
import { effectiveQuery, joinUrl, lastValue, withQueryParam, type QueryPairs } from '../drf/query-string';
import type { CounterRenderings } from './renderings';
import { contentTypes, formatHeaders, type CounterResponse } from './responses';

export interface DetailPageRequest {
  format: DrfFormat;
  pairs: QueryPairs;
  /** The absolute URL of this counter (`…/api/counters/7/`), without a query or suffix. */
  detailUrl: string;
  requestUrl: string;
}

export function renderDetailPage(
  counter: StoredCounter,
  renderings: CounterRenderings,
  { format, pairs, detailUrl, requestUrl }: DetailPageRequest,
): CounterResponse {
  const json = renderings.feature(counter);
  if (format === 'json') return { contentType: contentTypes.json, body: Buffer.from(json), headers: {} };
  if (format === 'csv') {
    const csv = wantsDrfCsv(lastValue(effectiveQuery(pairs), 'csv_layout'))
      ? drfCsv([drfCsvFields(counter, renderings.timeZone)])
      : csvHeaderLine + renderings.csvRow(counter);
    return { contentType: contentTypes.csv, body: Buffer.from(csv), headers: {} };
  }
  const html = browsableHtml({
    title: 'Counter Instance',
    statusCode: 200,
    requestUrl,
    json,
    formats: {
      json: joinUrl(detailUrl, withQueryParam(pairs, 'format', 'json')),
      csv: joinUrl(detailUrl, withQueryParam(pairs, 'format', 'csv')),
    },
  });
  return { contentType: contentTypes.api, body: Buffer.from(html), headers: formatHeaders('api') };
}
