import type { CacheCounter } from './metrics';

/**
 * Serialized answers kept for reuse, the one cache of the server's answers: the GeoReport
 * listing, counter pages, and the proxy's upstream answers. An entry is valid while the store's
 * change token is the one it was made under (a write by any process or instance moves it) and,
 * where asked, for at most `maxAgeMs`. Bounded by entries and bytes; the oldest go first.
 */
export interface AnswerCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** Entries older than this are dropped; unset, only the token decides. 0 turns the cache off. */
  maxAgeMs?: number;
  /** Counts hits and misses for /metrics. */
  counter: CacheCounter;
}

interface Entry<Answer> {
  token: string | number;
  storedAt: number;
  answer: Answer;
}

export interface AnswerCache<Answer extends { body: Buffer }> {
  readonly enabled: boolean;
  get(key: string, token: string | number, now: number): Answer | undefined;
  set(key: string, token: string | number, now: number, answer: Answer): void;
}

export function createAnswerCache<Answer extends { body: Buffer }>(options: AnswerCacheOptions): AnswerCache<Answer> {
  const entries = new Map<string, Entry<Answer>>();
  const enabled = options.maxAgeMs === undefined || options.maxAgeMs > 0;
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.answer.body.length;
    entries.delete(key);
  };
  return {
    enabled,
    get(key, token, now) {
      const entry = entries.get(key);
      if (!entry) {
        options.counter.miss();
        return undefined;
      }
      if (entry.token !== token || (options.maxAgeMs !== undefined && now - entry.storedAt >= options.maxAgeMs)) {
        remove(key);
        options.counter.miss();
        return undefined;
      }
      options.counter.hit();
      return entry.answer;
    },
    set(key, token, now, answer) {
      // One answer may not take more than a quarter of the room, or it would evict everything else.
      if (!enabled || answer.body.length > options.maxBytes / 4) return;
      remove(key);
      // A Map iterates in insertion order: the first keys are the oldest.
      while (entries.size >= options.maxEntries || bytes + answer.body.length > options.maxBytes) {
        remove(entries.keys().next().value!);
      }
      entries.set(key, { token, storedAt: now, answer });
      bytes += answer.body.length;
    },
  };
}
