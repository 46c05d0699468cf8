import type { CacheCounter } from './metrics';

/**
 * The server's one cache module, on lru-cache: whole answers (the GeoReport listing, counter
 * pages, the proxy's upstream answers) and the rendered pieces answers are joined from (a
 * listing's items, a counter's Feature and CSV row). Each is bounded by bytes, the least recently
 * used going first, and valid only for the version it was made from: a store's change token for
 * an answer (a write by any process or instance moves it), a row's revision for a piece.
 */
import { LRUCache } from 'lru-cache';

/** lru-cache counts sizes as positive integers. */
const sizeOfBytes = (length: number) => Math.max(1, length);

export interface AnswerCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** Entries older than this are dropped; unset, only the token decides. 0 turns the cache off. */
  maxAgeMs?: number;
  /** Counts hits and misses for /metrics. */
  counter: CacheCounter;
  /** Epoch milliseconds, for `maxAgeMs`; tests pass the app's clock. */
  clock?: () => number;
}

export interface AnswerCache<Answer extends { body: Buffer }> {
  readonly enabled: boolean;
  get(key: string, token: string | number): Answer | undefined;
  set(key: string, token: string | number, answer: Answer): void;
}

/** Whole answers by key, each valid while the token it was made under is the current one. */
export function createAnswerCache<Answer extends { body: Buffer }>(options: AnswerCacheOptions): AnswerCache<Answer> {
  const enabled = options.maxAgeMs === undefined || options.maxAgeMs > 0;
  const clock = options.clock ?? Date.now;
  const entries = new LRUCache<string, { token: string | number; answer: Answer }>({
    max: options.maxEntries,
    maxSize: options.maxBytes,
    // One answer may not take more than a quarter of the room, or it would evict everything else.
    maxEntrySize: options.maxBytes / 4,
    sizeCalculation: (entry) => sizeOfBytes(entry.answer.body.length),
    // The clock read at every check (no resolution), so a test's clock moving is seen at once.
    ...(options.maxAgeMs ? { ttl: options.maxAgeMs, ttlResolution: 0, perf: { now: clock } } : {}),
  });
  return {
    enabled,
    get(key, token) {
      const entry = entries.get(key);
      if (entry === undefined) {
        options.counter.miss();
        return undefined;
      }
      if (entry.token !== token) {
        entries.delete(key);
        options.counter.miss();
        return undefined;
      }
      options.counter.hit();
      return entry.answer;
    },
    set(key, token, answer) {
      if (enabled) entries.set(key, { token, answer });
    },
  };
}

interface Piece<Value> {
  revision: number;
  value: Value;
}

function allOfRevision(variants: Map<string, Piece<unknown>>, revision: number): boolean {
  for (const piece of variants.values()) if (piece.revision !== revision) return false;
  return true;
}

/**
 * Rendered pieces by key (a request's or a counter's id) and variant (everything else a piece's
 * text depends on: a listing's format, locale, …), each valid only for the revision it was
 * rendered from. Keyed by the key first, its variants in a small map: a listing looks up 200 ids
 * in a few variants, and composing a key string per piece cost more than the lookups. A key's
 * variants are used and evicted together.
 */
export class PieceCache<Key extends string | number, Value> {
  private readonly pieces: LRUCache<Key, Map<string, Piece<Value>>>;

  constructor(maxBytes: number, sizeOf: (value: Value) => number) {
    this.pieces = new LRUCache({
      maxSize: maxBytes,
      // One key's pieces may not take more than a quarter of the room, or they would evict everything else.
      maxEntrySize: maxBytes / 4,
      sizeCalculation: (variants) => {
        let bytes = 0;
        for (const piece of variants.values()) bytes += sizeOf(piece.value);
        return sizeOfBytes(bytes);
      },
    });
  }

  /** Bytes held (as `sizeOf` counts them). */
  get bytes(): number {
    return this.pieces.calculatedSize;
  }

  /** Keys held. */
  get size(): number {
    return this.pieces.size;
  }

  get(key: Key, variant: string, revision: number): Value | undefined {
    const piece = this.pieces.get(key)?.get(variant);
    return piece !== undefined && piece.revision === revision ? piece.value : undefined;
  }

  set(key: Key, variant: string, revision: number, value: Value): void {
    const held = this.pieces.peek(key);
    // Pieces of another revision go: a key's revision moves only forward, so they would just take room.
    // A new map each time: lru-cache counts the size anew only for a value it does not hold.
    const variants = new Map(held !== undefined && allOfRevision(held, revision) ? held : []);
    variants.set(variant, { revision, value });
    this.pieces.set(key, variants);
  }
}
