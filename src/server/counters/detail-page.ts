/**
 * GET /api/counters/{id}/: one counter as a Feature, a CSV row, or the browsable page; with a
 * distance filter, in the distance search's shape, as the real view's serializer then is.
 */
import type { CounterFilter, StoredCounter } from '../storage/repositories/types';
import { browsableHtml } from '../drf/browsable';
import { csvHeaderLine } from './csv';
import type { DrfFormat } from '../drf/negotiation';
import { drfCsvDistanceFields, drfCsvFields, wantsDrfCsv } from './drf-csv';
import { distanceCsvHeaderLine, distanceFeatureJson, withDistanceColumn } from './distance-features';
import { drfCsv } from '../drf/csv';
import { effectiveQuery, joinUrl, lastValue, withQueryParam, type QueryPairs } from '../drf/query-string';
import type { CounterRenderings } from './renderings';
import { contentTypes, formatHeaders, type CounterResponse } from './responses';

export interface DetailPageRequest {
  format: DrfFormat;
  pairs: QueryPairs;
  /** The absolute URL of this counter (`…/api/counters/7/`), without a query or suffix. */
  detailUrl: string;
  requestUrl: string;
  /** The distance filter the counter passed, if any. */
  near?: NonNullable<CounterFilter['near']>;
}

export function renderDetailPage(
  counter: StoredCounter,
  renderings: CounterRenderings,
  { format, pairs, detailUrl, requestUrl, near }: DetailPageRequest,
): CounterResponse {
  const json = near ? distanceFeatureJson(counter, near) : renderings.feature(counter);
  if (format === 'json') return { contentType: contentTypes.json, body: Buffer.from(json), headers: {} };
  if (format === 'csv') {
    const drfLayout = wantsDrfCsv(lastValue(effectiveQuery(pairs), 'csv_layout'));
    const csv = near
      ? drfLayout
        ? drfCsv([drfCsvDistanceFields(counter, near)])
        : distanceCsvHeaderLine + withDistanceColumn(renderings.csvRow(counter), counter, near)
      : drfLayout
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
