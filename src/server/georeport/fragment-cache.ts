/**
 * Rendered pieces of answers kept by the revision they were rendered from, the least recently
 * used (approximately: second chance) evicted first once their bytes pass `maxBytes`. A piece is valid only for the revision it was
 * stored under; the store moves a request's revision on every change a listing could show.
 *
 * Keyed in two levels, a group (everything a piece's text depends on besides its request: the
 * listing's format, locale, …) and the request's id: a listing looks up 200 ids in a few groups,
 * and composing a key string per item cost more than the lookups.
 */
export interface Fragment {
  revision: number;
  body: Buffer;
  /** The body's SHA-1, so an answer joined from fragments gets its tag without hashing every byte again. */
  digest: Buffer;
}

interface Entry extends Fragment {
  used: boolean;
  group: Map<string, Entry>;
  groupKey: string;
  id: string;
}

export class FragmentCache {
  private readonly groups = new Map<string, Map<string, Entry>>();
  /** Every entry, oldest insertion first: the clock's order. */
  private readonly order = new Set<Entry>();
  private storedBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get bytes(): number {
    return this.storedBytes;
  }

  get size(): number {
    return this.order.size;
  }

  get(group: string, id: string, revision: number): Fragment | undefined {
    const entry = this.groups.get(group)?.get(id);
    if (!entry || entry.revision !== revision) return undefined;
    // Marked, not moved: a listing reads 200 of them, and moving each costs more than the read.
    entry.used = true;
    return entry;
  }

  set(groupKey: string, id: string, fragment: Fragment): void {
    const old = this.groups.get(groupKey)?.get(id);
    if (old) this.remove(old);
    // One piece may not take more than a quarter of the room, or it would evict everything else.
    if (fragment.body.length > this.maxBytes / 4) return;
    while (this.storedBytes + fragment.body.length > this.maxBytes) this.evictOne();
    // Looked up after eviction, which drops a group once it is empty.
    let group = this.groups.get(groupKey);
    if (!group) {
      group = new Map();
      this.groups.set(groupKey, group);
    }
    const entry: Entry = { revision: fragment.revision, body: fragment.body, digest: fragment.digest, used: false, group, groupKey, id };
    group.set(id, entry);
    this.order.add(entry);
    this.storedBytes += fragment.body.length;
  }

  /**
   * Second chance (the clock algorithm, an approximate LRU): from the oldest insertion on, an
   * entry read since it was last passed gets moved to the young end, the first unread one goes.
   */
  private evictOne(): void {
    for (const entry of this.order) {
      if (!entry.used) {
        this.remove(entry);
        return;
      }
      entry.used = false;
      this.order.delete(entry);
      this.order.add(entry);
    }
  }

  private remove(entry: Entry): void {
    this.storedBytes -= entry.body.length;
    this.order.delete(entry);
    entry.group.delete(entry.id);
    if (entry.group.size === 0) this.groups.delete(entry.groupKey);
  }
}
