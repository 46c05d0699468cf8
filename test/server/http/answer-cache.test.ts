/** The one cache module: answers valid under their token (and age), pieces under their revision, both bounded by bytes, least recently used first. */
import { describe, expect, it } from 'vitest';
import { createAnswerCache, PieceCache } from '../../../src/server/http/answer-cache';

const answer = (bytes: number, fill = 'x') => ({ body: Buffer.alloc(bytes, fill) });
const piece = (bytes: number, fill = 'x') => ({ body: Buffer.alloc(bytes, fill), digest: Buffer.alloc(20) });
/** Counts what the cache reports to /metrics. */
function countingCounter() {
  const counts = { hits: 0, misses: 0 };
  return { counts, hit: () => void counts.hits++, miss: () => void counts.misses++ };
}
const pieceCache = (maxBytes: number) => new PieceCache<string, ReturnType<typeof piece>>(maxBytes, (value) => value.body.length);

describe('the answer cache', () => {
  it('answers only under the token an answer was made under, and forgets it once the token moves', () => {
    const counter = countingCounter();
    const cache = createAnswerCache<{ body: Buffer }>({ maxEntries: 10, maxBytes: 1000, counter });
    cache.set('k', 'v1', answer(10));
    expect(cache.get('k', 'v1')?.body.length).toBe(10);
    expect(cache.get('k', 'v2')).toBeUndefined();
    // Dropped, not kept for a token that comes back.
    expect(cache.get('k', 'v1')).toBeUndefined();
    expect(counter.counts).toEqual({ hits: 1, misses: 2 });
  });

  it('keeps an answer at most maxAgeMs by the clock it is given, and none with maxAgeMs 0', () => {
    let now = 1_000_000;
    const cache = createAnswerCache<{ body: Buffer }>({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 2000, clock: () => now, counter: countingCounter() });
    cache.set('k', '', answer(10));
    now += 1999;
    expect(cache.get('k', '')).toBeDefined();
    now += 2;
    expect(cache.get('k', '')).toBeUndefined();

    const off = createAnswerCache<{ body: Buffer }>({ maxEntries: 10, maxBytes: 1000, maxAgeMs: 0, counter: countingCounter() });
    off.set('k', '', answer(10));
    expect(off.enabled).toBe(false);
    expect(off.get('k', '')).toBeUndefined();
  });

  it('stays within its bytes and entries, the least recently read going first', () => {
    const cache = createAnswerCache<{ body: Buffer }>({ maxEntries: 3, maxBytes: 400, counter: countingCounter() });
    for (const key of ['a', 'b', 'c']) cache.set(key, 1, answer(100));
    cache.get('a', 1);
    cache.set('d', 1, answer(100));
    expect(['a', 'b', 'c', 'd'].map((key) => cache.get(key, 1) !== undefined)).toEqual([true, false, true, true]);
    cache.set('e', 1, answer(100));
    cache.set('f', 1, answer(100));
    expect(['a', 'c', 'd', 'e', 'f'].filter((key) => cache.get(key, 1) !== undefined)).toHaveLength(3);
    // An answer over a quarter of the room is not kept: it would evict everything else.
    cache.set('big', 1, answer(101));
    expect(cache.get('big', 1)).toBeUndefined();
  });
});

describe('the piece cache', () => {
  it('answers a piece only for the revision it was stored under', () => {
    const cache = pieceCache(1000);
    cache.set('a', 'g', 3, piece(10));
    expect(cache.get('a', 'g', 3)?.body.length).toBe(10);
    expect(cache.get('a', 'g', 4)).toBeUndefined();
    expect(cache.get('b', 'g', 3)).toBeUndefined();
  });

  it('keeps the same key apart in each variant, and drops them all when the revision moves', () => {
    const cache = pieceCache(1000);
    cache.set('a', 'json', 1, piece(10, 'j'));
    cache.set('a', 'xml', 1, piece(20, 'x'));
    expect(cache.get('a', 'json', 1)?.body.toString()).toBe('j'.repeat(10));
    expect(cache.get('a', 'xml', 1)?.body.toString()).toBe('x'.repeat(20));
    expect(cache.get('a', 'other', 1)).toBeUndefined();
    expect(cache.bytes).toBe(30);
    cache.set('a', 'json', 2, piece(15, 'j'));
    expect(cache.get('a', 'xml', 1)).toBeUndefined();
    expect(cache.bytes).toBe(15);
  });

  it('stays within its bytes, evicting the keys least recently read', () => {
    const cache = pieceCache(400);
    cache.set('a', 'g1', 1, piece(100));
    cache.set('b', 'g2', 1, piece(100));
    cache.set('c', 'g1', 1, piece(100));
    cache.set('d', 'g2', 1, piece(100));
    cache.get('a', 'g1', 1);
    cache.set('e', 'g3', 1, piece(100));
    expect(cache.bytes).toBeLessThanOrEqual(400);
    expect(cache.get('a', 'g1', 1)).toBeDefined();
    expect(cache.get('b', 'g2', 1)).toBeUndefined();
    expect(cache.get('e', 'g3', 1)).toBeDefined();
    expect(cache.size).toBe(4);
  });

  it('replacing a piece counts its bytes once, and a key over a quarter of the room is not kept', () => {
    const cache = pieceCache(400);
    cache.set('a', 'g', 1, piece(50));
    cache.set('a', 'g', 2, piece(60));
    expect(cache.bytes).toBe(60);
    cache.set('big', 'g', 1, piece(101));
    expect(cache.get('big', 'g', 1)).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
