import { queryOptions } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import { ApiError, api } from '../../../lib/http-client';
import { periodHasEnded, periodOf, rangeStartDate, type AggregateRow, type TrafficRange } from '../lib/traffic-series';

// Hand-written rather than zod, like the counter pages: zod need not come with the map.

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One row; null when it lacks a time or a numeric value (it is left out, not guessed). */
function toRow(value: unknown): AggregateRow | null {
  if (!isObject(value)) return null;
  const aggregated = typeof value.aggregatedValue === 'string' ? Number(value.aggregatedValue) : value.aggregatedValue;
  if (typeof value.startTime !== 'string' || typeof aggregated !== 'number' || !Number.isFinite(aggregated)) return null;
  return {
    period: typeof value.period === 'string' ? value.period : '',
    counterId: typeof value.counterId === 'number' ? value.counterId : Number(value.counterId),
    startTime: value.startTime,
    direction: typeof value.direction === 'string' ? value.direction : '',
    unit: typeof value.unit === 'string' ? value.unit : '',
    aggregatedValue: aggregated,
  };
}

/** The service's largest page: 90 days × 24 hours × a few directions fit in one. */
const PAGE_SIZE = 10_000;

export interface TrafficQuery {
  counterId: number;
  measurementType: string;
  range: TrafficRange;
}

/** `/observations/aggregate/` through the proxy, oldest period first, from the range's first day to the last period that has ended. */
async function getTraffic({ counterId, measurementType, range }: TrafficQuery, signal?: AbortSignal): Promise<AggregateRow[]> {
  const url = `${paths.proxyCountersApi}/observations/aggregate/`;
  const now = new Date();
  const body = await api.get(url, {
    query: {
      counter: counterId,
      period: periodOf[range],
      measurement_type: measurementType,
      start_date: rangeStartDate(range, now),
      order: 'start_time',
      page_size: PAGE_SIZE,
    },
    signal,
  });
  if (!isObject(body) || !Array.isArray(body.results)) {
    throw new ApiError({ kind: 'invalid-response', status: 200, url, message: `aggregate from ${url}: no results list` });
  }
  return body.results.map(toRow).filter((row): row is AggregateRow => row !== null && periodHasEnded(row, range, now));
}

export const trafficQuery = (query: TrafficQuery) =>
  queryOptions({
    queryKey: ['counters', 'traffic', query.counterId, query.measurementType, query.range],
    queryFn: ({ signal }) => getTraffic(query, signal),
    // Hourly values arrive once an hour; a few minutes old is recent enough.
    staleTime: 5 * 60_000,
  });
