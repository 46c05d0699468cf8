import { useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllCounters, type CounterLoadProgress } from './fetch-all-counters';
import { getCountersPage } from './get-counters-page';

/** 250 a page: 8 pages for 2,000 counters, so progress moves visibly and 4 run side by side. */
export const COUNTER_PAGE_SIZE = 250;
export const COUNTER_PAGE_CONCURRENCY = 4;

export const allCountersQueryOptions = (onProgress?: (progress: CounterLoadProgress) => void) =>
  queryOptions({
    queryKey: ['counters', 'all', COUNTER_PAGE_SIZE],
    queryFn: ({ signal }) =>
      fetchAllCounters({
        fetchPage: (page, pageSize, pageSignal) => getCountersPage({ page, pageSize, signal: pageSignal }),
        pageSize: COUNTER_PAGE_SIZE,
        concurrency: COUNTER_PAGE_CONCURRENCY,
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
