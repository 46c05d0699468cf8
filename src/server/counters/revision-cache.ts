import type { StoredCounter } from '../storage/repositories/types';

/**
 * Something derived from a counter (its JSON, its CSV row), kept while the row's revision is
 * unchanged, so a listing does no date formatting or serialising for rows it has seen.
 */
export class RevisionCache {
  private readonly entries = new Map<number, { revision: number; value: string }>();

  constructor(
    private readonly build: (counter: StoredCounter) => string,
    private readonly maxEntries = 200_000,
  ) {}

  /** The value for that id if it was built from that revision. */
  peek(id: number, revision: number): string | undefined {
    const cached = this.entries.get(id);
    return cached && cached.revision === revision ? cached.value : undefined;
  }

  get(counter: StoredCounter): string {
    const cached = this.entries.get(counter.id);
    if (cached && cached.revision === counter.revision) return cached.value;
    const value = this.build(counter);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(counter.id, { revision: counter.revision, value });
    return value;
  }
}
