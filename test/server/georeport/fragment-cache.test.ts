/** The listing's items cache: valid only for its revision, bounded by bytes, recently read items kept. */
import { describe, expect, it } from 'vitest';
import { FragmentCache } from '../../../src/server/georeport/fragment-cache';

const fragment = (revision: number, bytes: number, fill = 'x') => ({ revision, body: Buffer.alloc(bytes, fill), digest: Buffer.alloc(20) });

describe('FragmentCache', () => {
  it('answers an item only for the revision it was stored under', () => {
    const cache = new FragmentCache(1000);
    cache.set('a', fragment(3, 10));
    expect(cache.get('a', 3)?.body.length).toBe(10);
    expect(cache.get('a', 4)).toBeUndefined();
    expect(cache.get('b', 3)).toBeUndefined();
  });

  it('stays within its bytes, evicting items not read since first', () => {
    const cache = new FragmentCache(400);
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, fragment(1, 100));
    cache.get('a', 1);
    cache.set('e', fragment(1, 100));
    expect(cache.bytes).toBeLessThanOrEqual(400);
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('e', 1)).toBeDefined();
  });

  it('replacing an item counts its bytes once, and an item over a quarter of the room is not kept', () => {
    const cache = new FragmentCache(400);
    cache.set('a', fragment(1, 50));
    cache.set('a', fragment(2, 60));
    expect(cache.bytes).toBe(60);
    cache.set('big', fragment(1, 101));
    expect(cache.get('big', 1)).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
