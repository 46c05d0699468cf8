/**
 * Bundled for the browser and evaluated in the map page: the app's own counter loader (the
 * queryFn the map's counters layer runs: page 1 with page 2 alongside, the rest in parallel)
 * and the same client's single page, so both are timed doing exactly the app's work
 * (HTTP through the proxy, JSON, schema parsing).
 */
import '../../src/client/lib/zod-without-eval';
import { allCountersQueryOptions, COUNTER_PAGE_SIZE } from '../../src/client/features/counters/api/use-all-counters';
import { getCountersPage } from '../../src/client/features/counters/api/get-counters-page';

export interface CounterLoaderBench {
  /** Every counter, as the map loads them; resolves with how many arrived. */
  loadAll: () => Promise<number>;
  /** Page 1 alone, at the page size the map asks for. */
  loadOne: () => Promise<number>;
}

const { queryFn, queryKey } = allCountersQueryOptions();

const bench: CounterLoaderBench = {
  loadAll: async () => {
    if (typeof queryFn !== 'function') throw new Error('the counters query has no queryFn');
    // react-query would pass this context; the loader reads only the signal.
    const context = { queryKey, signal: new AbortController().signal, meta: undefined } as unknown as Parameters<typeof queryFn>[0];
    return (await queryFn(context)).length;
  },
  loadOne: async () => (await getCountersPage({ page: 1, pageSize: COUNTER_PAGE_SIZE })).counters.length,
};

(globalThis as unknown as { kerroCounterBench: CounterLoaderBench }).kerroCounterBench = bench;
