/**
 * Serialized listing answers, reused while nothing was written. The change token comes from the
 * store (it moves on any write, in this process or another), and a short age limit keeps the
 * rolling "last 90 days" window honest.
 */
export interface CachedAnswer {
  body: Buffer;
  contentType: string;
}

interface Entry extends CachedAnswer {
  token: string;
  storedAt: number;
}

export function createListingCache(options: { maxEntries: number; maxAgeMs: number }) {
  const entries = new Map<string, Entry>();
  return {
    get(key: string, token: string, now: number): CachedAnswer | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.token !== token || now - entry.storedAt > options.maxAgeMs) {
        entries.delete(key);
        return undefined;
      }
      return entry;
    },
    set(key: string, token: string, now: number, answer: CachedAnswer): void {
      // Oldest first out: a Map iterates in insertion order.
      if (entries.size >= options.maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { ...answer, token, storedAt: now });
    },
  };
}
