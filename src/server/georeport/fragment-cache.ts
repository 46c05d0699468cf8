/**
 * Rendered pieces of answers kept by the revision they were rendered from, least recently used
 * evicted first once their bytes pass `maxBytes`. A piece is valid only for the revision it was
 * stored under; the store moves a request's revision on every change a listing could show.
 */
export interface Fragment {
  revision: number;
  body: Buffer;
  /** The body's SHA-1, so an answer joined from fragments gets its tag without hashing every byte again. */
  digest: Buffer;
}

export class FragmentCache {
  private readonly entries = new Map<string, Fragment>();
  private storedBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.storedBytes;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string, revision: number): Fragment | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.revision !== revision) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first keys are the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, fragment: Fragment): void {
    this.remove(key);
    // One piece may not take more than a quarter of the room, or it would evict everything else.
    if (fragment.body.length > this.maxBytes / 4) return;
    while (this.storedBytes + fragment.body.length > this.maxBytes) this.remove(this.entries.keys().next().value!);
    this.entries.set(key, fragment);
    this.storedBytes += fragment.body.length;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.storedBytes -= entry.body.length;
    this.entries.delete(key);
  }
}
