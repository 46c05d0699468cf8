import { mapWithConcurrency } from '../lib/bounded-pool';
import type { Counter } from '../lib/counter';
import type { CounterPage } from './get-counters-page';

export interface CounterLoadProgress {
  loaded: number;
  /** null until the first page has told the total. */
  total: number | null;
}

export interface FetchAllCountersOptions {
  fetchPage: (page: number, pageSize: number, signal?: AbortSignal) => Promise<CounterPage>;
  pageSize: number;
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (progress: CounterLoadProgress) => void;
}

/**
 * Every counter: page 1 tells the total, then the remaining pages are fetched in parallel, at
 * most `concurrency` at a time, reporting progress as each page arrives. Counters come back in
 * page order, whatever order the pages arrived in.
 */
export async function fetchAllCounters(options: FetchAllCountersOptions): Promise<Counter[]> {
  const { fetchPage, pageSize, concurrency, signal, onProgress } = options;
  const first = await fetchPage(1, pageSize, signal);
  let loaded = first.counters.length;
  onProgress?.({ loaded, total: first.count });
  const pageCount = Math.ceil(first.count / pageSize);
  const remaining = Array.from({ length: Math.max(0, pageCount - 1) }, (_, index) => index + 2);
  const pages = await mapWithConcurrency(remaining, concurrency, async (page) => {
    const result = await fetchPage(page, pageSize, signal);
    loaded += result.counters.length;
    onProgress?.({ loaded, total: first.count });
    return result.counters;
  });
  return [first.counters, ...pages].flat();
}
