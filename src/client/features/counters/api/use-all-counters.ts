import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllCounters, type CounterLoadProgress } from './fetch-all-counters';
import { getCountersPage } from './get-counters-page';

/**
 * The service's largest page: every page is a round trip plus a fixed cost, so fewer, larger
 * pages load all counters soonest (2,000 counters: 2 pages, asked for together). Progress still
 * moves a page at a time, which matters for a city with tens of thousands.
 */
export const COUNTER_PAGE_SIZE = 1000;
export const COUNTER_PAGE_CONCURRENCY = 4;
/** Page 2 goes out with page 1, before the count is known: one round trip for up to 2 pages. */
export const COUNTER_FIRST_WAVE = 2;

export const allCountersQueryOptions = (onProgress?: (progress: CounterLoadProgress) => void) =>
  queryOptions({
    queryKey: ['counters', 'all', COUNTER_PAGE_SIZE],
    queryFn: ({ signal }) =>
      fetchAllCounters({
        fetchPage: (page, pageSize, pageSignal) => getCountersPage({ page, pageSize, signal: pageSignal }),
        pageSize: COUNTER_PAGE_SIZE,
        concurrency: COUNTER_PAGE_CONCURRENCY,
        firstWave: COUNTER_FIRST_WAVE,
        signal,
        onProgress,
      }),
    // Counter locations change rarely: one load serves the map and the table for a while.
    staleTime: 15 * 60_000,
    gcTime: 30 * 60_000,
  });

/** All counters, loaded when `enabled`; `progress` follows the pages as they arrive. */
export function useAllCounters({ enabled = true }: { enabled?: boolean } = {}) {
  const [progress, setProgress] = useState<CounterLoadProgress>({ loaded: 0, total: null });
  const query = useQuery({ ...allCountersQueryOptions(setProgress), enabled });
  const counters = query.data;
  const done = counters ? { loaded: counters.length, total: progress.total ?? counters.length } : progress;
  return { ...query, progress: done };
}
