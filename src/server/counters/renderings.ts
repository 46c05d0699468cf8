/**
 * Each counter's JSON Feature and CSV row, rendered once per revision: a listing reads only the
 * ids and revisions of its page, and fetches the rows it has no rendering of.
 */
import type { CounterRepository, CounterRevision, StoredCounter } from '../storage/repositories/types';
import { csvRow } from './csv';
import { featureJson } from './feature';
import { RevisionCache } from './revision-cache';

export type CounterRenderings = ReturnType<typeof createCounterRenderings>;

export function createCounterRenderings(repository: CounterRepository, timeZone: string) {
  const featureCache = new RevisionCache((counter) => featureJson(counter, timeZone));
  const csvCache = new RevisionCache((counter) => csvRow(counter, timeZone));

  const rendered = async (entries: readonly CounterRevision[], cache: RevisionCache): Promise<string[]> => {
    const values = entries.map((entry) => cache.peek(entry.id, entry.revision));
    const missing = entries.filter((_, index) => values[index] === undefined).map((entry) => entry.id);
    if (missing.length > 0) {
      const rows = new Map((await repository.findMany(missing)).map((row) => [row.id, row]));
      entries.forEach((entry, index) => {
        const row = values[index] === undefined ? rows.get(entry.id) : undefined;
        if (row) values[index] = cache.get(row);
      });
    }
    return values.filter((value): value is string => value !== undefined);
  };

  return {
    timeZone,
    feature: (counter: StoredCounter) => featureCache.get(counter),
    csvRow: (counter: StoredCounter) => csvCache.get(counter),
    features: (entries: readonly CounterRevision[]) => rendered(entries, featureCache),
    csvRows: (entries: readonly CounterRevision[]) => rendered(entries, csvCache),
  };
}
