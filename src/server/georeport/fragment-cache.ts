/**
 * Rendered pieces of answers kept by the revision they were rendered from, the least recently
 * used (approximately: second chance) evicted first once their bytes pass `maxBytes`. A piece is valid only for the revision it was
 * stored under; the store moves a request's revision on every change a listing could show.
 */
export interface Fragment {
  revision: number;
  body: Buffer;
  /** The body's SHA-1, so an answer joined from fragments gets its tag without hashing every byte again. */
  digest: Buffer;
}

export class FragmentCache {
  private readonly entries = new Map<string, Fragment & { used: boolean }>();
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
    // Marked, not moved: a listing reads 200 of them, and moving each costs more than the read.
    entry.used = true;
    return entry;
  }

  set(key: string, fragment: Fragment): void {
    this.remove(key);
    // One piece may not take more than a quarter of the room, or it would evict everything else.
    if (fragment.body.length > this.maxBytes / 4) return;
    while (this.storedBytes + fragment.body.length > this.maxBytes) this.evictOne();
    this.entries.set(key, { ...fragment, used: false });
    this.storedBytes += fragment.body.length;
  }

  /**
   * Second chance (the clock algorithm, an approximate LRU): from the oldest insertion on, an
   * entry read since it was last passed gets moved to the young end, the first unread one goes.
   */
  private evictOne(): void {
    for (const [key, entry] of this.entries) {
      if (!entry.used) {
        this.remove(key);
        return;
      }
      entry.used = false;
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.storedBytes -= entry.body.length;
    this.entries.delete(key);
  }
}
