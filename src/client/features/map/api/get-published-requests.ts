import { useMemo, useRef, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import type { SupportedLocale } from '@/shared/locales';
import type { ServiceRequest } from '@/shared/georeport/types';
import { api } from '../../../lib/http-client';
import { parseServiceRequest } from '../../../lib/parse-service-request';

/** The GeoReport list gives at most this many requests per answer, newest first. */
export const API_PAGE_LIMIT = 200;
/**
 * Each answer after the first repeats the oldest request of the one before (end_date includes
 * it), so 51 answers hold 200 + 50 × 199 = 10,150: at least the newest 10,000 of a window.
 */
export const MAX_PAGES = 51;

export interface PublishedRequestQuery {
  locale: SupportedLocale;
  start_date: string;
  end_date: string;
  serviceCodes: readonly string[];
  status: 'open' | 'closed' | null;
  near: { lat: number; long: number; radius: number } | null;
  /** One body's requests (GeoReport's jurisdiction_id); null: the whole installation's. */
  jurisdictionId: string | null;
}

export interface PublishedRequests {
  requests: ServiceRequest[];
  /** False when MAX_PAGES stopped the paging before the window's oldest request. */
  complete: boolean;
}

/** Real cities' answers are not always tidy: keep what can be shown, drop only what cannot. */
function parseRequests(body: unknown): ServiceRequest[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((item) => parseServiceRequest(item) ?? []);
}

function queryParams(query: PublishedRequestQuery, endDate: string) {
  return {
    extensions: 'true',
    locale: query.locale,
    start_date: query.start_date,
    end_date: endDate,
    service_code: query.serviceCodes.length > 0 ? query.serviceCodes.join(',') : undefined,
    status: query.status ?? undefined,
    lat: query.near?.lat,
    long: query.near?.long,
    radius: query.near?.radius,
    jurisdiction_id: query.jurisdictionId ?? undefined,
  };
}

/**
 * Loads the published requests of a window. One answer holds the newest 200, so while answers
 * come back full, the next one asks for what is older: end_date moves to the oldest time seen
 * (inclusive, so requests sharing that second are not skipped; duplicates are dropped by id).
 */
export async function fetchPublishedRequests(
  query: PublishedRequestQuery,
  options: {
    signal?: AbortSignal;
    /** Called after each answer with everything loaded so far (newest first). */
    onProgress?: (loaded: readonly ServiceRequest[]) => void;
    maxPages?: number;
  } = {},
): Promise<PublishedRequests> {
  const byId = new Map<string, ServiceRequest>();
  let endDate = query.end_date;
  const maxPages = options.maxPages ?? MAX_PAGES;
  for (let page = 0; page < maxPages; page += 1) {
    const body = await api.get(`${paths.proxyGeoreport}/requests.json`, {
      query: queryParams(query, endDate),
      signal: options.signal,
    });
    const batch = parseRequests(body);
    let added = 0;
    for (const request of batch) {
      if (!byId.has(request.service_request_id)) {
        byId.set(request.service_request_id, request);
        added += 1;
      }
    }
    options.onProgress?.([...byId.values()]);
    if (batch.length < API_PAGE_LIMIT) return { requests: [...byId.values()], complete: true };
    // A full answer of requests already seen: more than 200 share one second; nothing more to gain.
    if (added === 0) break;
    const oldest = Math.min(...batch.map((request) => Date.parse(request.requested_datetime)).filter(Number.isFinite));
    if (!Number.isFinite(oldest) || oldest <= Date.parse(query.start_date)) break;
    endDate = new Date(oldest).toISOString().replace(/\.\d{3}Z$/, 'Z');
  }
  return { requests: [...byId.values()], complete: false };
}

export const publishedRequestsQueryOptions = (
  query: PublishedRequestQuery,
  onProgress?: (loaded: readonly ServiceRequest[]) => void,
) =>
  queryOptions({
    queryKey: ['published-requests', query],
    queryFn: ({ signal }) => fetchPublishedRequests(query, { signal, onProgress }),
    // Moving between filters and back reuses what was loaded instead of flashing a spinner.
    placeholderData: (previous) => previous,
  });

/** How often the partly loaded list is handed to the page while paging goes on. */
const PARTIAL_INTERVAL_MS = 500;

/** What has arrived so far for the query whose JSON is `key`. */
interface RequestsSoFar {
  key: string;
  requests: readonly ServiceRequest[];
}

/**
 * The requests for the filters. While a large window is still paging, `partial` holds what has
 * arrived (the first answer at once, then at most twice a second), so the map fills in as the
 * answers come instead of staying empty until the last one.
 */
export function usePublishedRequests(query: PublishedRequestQuery) {
  const key = JSON.stringify(query);
  const [partial, setPartial] = useState<RequestsSoFar | null>(null);
  const lastReport = useRef(0);
  const onProgress = useMemo(
    () => (loaded: readonly ServiceRequest[]) => {
      const now = Date.now();
      if (loaded.length > API_PAGE_LIMIT && now - lastReport.current < PARTIAL_INTERVAL_MS) return;
      lastReport.current = now;
      setPartial({ key, requests: loaded });
    },
    [key],
  );
  const result = useQuery(publishedRequestsQueryOptions(query, onProgress));
  const current = partial?.key === key ? partial.requests : null;
  // Partial results are only news while this query is still loading.
  const loading = result.isPending || result.isPlaceholderData;
  return { ...result, partial: loading ? current : null, loaded: current?.length ?? 0 };
}
