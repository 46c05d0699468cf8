import { isApiError } from '../../../lib/http-client';
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
  /** The page size asked for; a service may answer with its own (see below). */
  pageSize: number;
  concurrency: number;
  /**
   * Pages asked for at once before the count is known (page 1 and the next ones). Each saves a
   * round trip when those pages exist; one past the end costs only a 404.
   */
  firstWave?: number;
  signal?: AbortSignal;
  onProgress?: (progress: CounterLoadProgress) => void;
}

/** A page asked for before the count was known may lie past the end: DRF answers 404. */
function isPastTheEnd(error: unknown): boolean {
  return isApiError(error) && error.status === 404;
}

/**
 * Every counter. Page 1 tells the total (and the page size the service really uses: one that
 * ignores page_size shows it by answering with fewer rows and a next link); the remaining pages
 * are fetched in parallel, at most `concurrency` at a time, reporting progress as each arrives.
 * Counters come back in page order, whatever order the pages arrived in.
 */
export async function fetchAllCounters(options: FetchAllCountersOptions): Promise<Counter[]> {
  const { fetchPage, pageSize, concurrency, signal, onProgress } = options;
  const pages = new Map<number, Counter[]>();
  let total: number | null = null;
  let loaded = 0;
  const arrived = (page: number, result: CounterPage) => {
    pages.set(page, result.counters);
    total ??= result.count;
    loaded += result.counters.length;
    onProgress?.({ loaded, total });
  };

  const firstWave = Math.max(1, Math.min(options.firstWave ?? 1, concurrency));
  // Page 1 goes out first: it carries the count the progress shows.
  const firstPage = fetchPage(1, pageSize, signal);
  const speculative = Array.from({ length: firstWave - 1 }, (_, index) => index + 2);
  const early = speculative.map((page) =>
    fetchPage(page, pageSize, signal).then(
      (result) => ({ page, result }),
      (error: unknown) => {
        if (isPastTheEnd(error)) return null;
        throw error;
      },
    ),
  );
  // Nothing is left unhandled if page 1 fails first.
  const earlyResults = Promise.all(early);
  earlyResults.catch(() => undefined);

  const first = await firstPage;
  arrived(1, first);
  const servicePageSize = first.hasNext && first.counters.length > 0 ? first.counters.length : pageSize;
  const pageCount = Math.max(1, Math.ceil(first.count / servicePageSize));

  for (const outcome of await earlyResults) {
    // A service that ignores page_size still numbers its own pages, so an early page is its page.
    if (outcome && outcome.page <= pageCount) arrived(outcome.page, outcome.result);
  }
  const remaining = Array.from({ length: pageCount - 1 }, (_, index) => index + 2).filter((page) => !pages.has(page));
  await mapWithConcurrency(remaining, concurrency, async (page) => arrived(page, await fetchPage(page, servicePageSize, signal)));
  return Array.from({ length: pageCount }, (_, index) => pages.get(index + 1) ?? []).flat();
}
