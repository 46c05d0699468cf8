/**
 * Each counter's JSON Feature and CSV row, rendered once per revision: a listing reads only the
 * ids and revisions of its page, and fetches the rows it has no rendering of. Kept as UTF-8 bytes
 * with their digest, so a page is joined by copying them (encoding a page's text anew cost a fifth
 * of serving it) and tagged without hashing it whole (http/joined-answer.ts).
 */
import { PieceCache } from '../http/answer-cache';
import { pieceOf, type Piece } from '../http/joined-answer';
import type { CounterRepository, CounterRevision, StoredCounter } from '../storage/repositories/types';
import { csvRow } from './csv';
import { featureJson } from './feature';

export type CounterRenderings = ReturnType<typeof createCounterRenderings>;

type Variant = 'feature' | 'csv';

/** Room for renderings: a Feature is ~0.5 KiB and a CSV row ~0.2 KiB, so ~90,000 counters in both. */
const renderingBytes = 64 * 1024 * 1024;

export function createCounterRenderings(repository: CounterRepository, timeZone: string) {
  const cache = new PieceCache<number, Piece>(renderingBytes, (piece) => piece.body.length);
  const renderers: Record<Variant, (counter: StoredCounter) => string> = {
    feature: (counter) => featureJson(counter, timeZone),
    csv: (counter) => csvRow(counter, timeZone),
  };

  const rendering = (counter: StoredCounter, variant: Variant): Piece => {
    const cached = cache.get(counter.id, variant, counter.revision);
    if (cached !== undefined) return cached;
    const piece = pieceOf(Buffer.from(renderers[variant](counter)));
    cache.set(counter.id, variant, counter.revision, piece);
    return piece;
  };

  const rendered = async (entries: readonly CounterRevision[], variant: Variant): Promise<Piece[]> => {
    const values = entries.map((entry) => cache.get(entry.id, variant, entry.revision));
    const missing = entries.filter((_, index) => values[index] === undefined).map((entry) => entry.id);
    if (missing.length > 0) {
      const rows = new Map((await repository.findMany(missing)).map((row) => [row.id, row]));
      entries.forEach((entry, index) => {
        const row = values[index] === undefined ? rows.get(entry.id) : undefined;
        if (row) values[index] = rendering(row, variant);
      });
    }
    return values.filter((value): value is Piece => value !== undefined);
  };

  return {
    timeZone,
    feature: (counter: StoredCounter) => rendering(counter, 'feature').body.toString('utf8'),
    csvRow: (counter: StoredCounter) => rendering(counter, 'csv').body.toString('utf8'),
    features: (entries: readonly CounterRevision[]) => rendered(entries, 'feature'),
    csvRows: (entries: readonly CounterRevision[]) => rendered(entries, 'csv'),
  };
}
