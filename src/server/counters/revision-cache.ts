import type { StoredCounter } from './types';

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

export interface CachedResponse {
  contentType: string;
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * Whole listing responses by (base URL + request URL), valid for one dataset version. The
 * version is read from the store on every request, so a write by any process (an import from
 * the admin CLI included) is seen at once. Oldest entries go first when a bound is reached.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { version: number; response: CachedResponse }>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 1000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string, version: number): CachedResponse | undefined {
    const entry = this.entries.get(key);
    return entry && entry.version === version ? entry.response : undefined;
  }

  set(key: string, version: number, response: CachedResponse): void {
    if (response.body.length > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, { version, response });
    this.bytes += response.body.length;
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.response.body.length;
    this.entries.delete(key);
  }
}
