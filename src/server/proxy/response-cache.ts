/**
 * Upstream answers the proxy may reuse for a short while (the service list, counter pages): they
 * change rarely, and every reuse spares the upstream — a city's service — a call. Bounded by
 * entries and bytes; the oldest go first.
 */
export interface CachedUpstreamAnswer {
  statusCode: number;
  headers: Record<string, string>;
  body: Buffer;
}

export function createResponseCache(options: { ttlMs: number; maxEntries: number; maxBytes: number }) {
  const entries = new Map<string, CachedUpstreamAnswer & { expires: number }>();
  let bytes = 0;
  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.length;
    entries.delete(key);
  };
  return {
    enabled: options.ttlMs > 0,
    get(key: string, now = Date.now()): CachedUpstreamAnswer | undefined {
      const entry = entries.get(key);
      if (entry && entry.expires > now) return entry;
      remove(key);
      return undefined;
    },
    set(key: string, answer: CachedUpstreamAnswer, now = Date.now()): void {
      if (options.ttlMs <= 0 || answer.body.length > options.maxBytes) return;
      remove(key);
      while (entries.size >= options.maxEntries || bytes + answer.body.length > options.maxBytes) {
        remove(entries.keys().next().value!);
      }
      entries.set(key, { ...answer, expires: now + options.ttlMs });
      bytes += answer.body.length;
    },
  };
}
