/** The listing's items cache: valid only for its revision, bounded by bytes, recently read items kept. */
import { describe, expect, it } from 'vitest';
import { FragmentCache } from '../../../src/server/georeport/fragment-cache';

const fragment = (revision: number, bytes: number, fill = 'x') => ({ revision, body: Buffer.alloc(bytes, fill), digest: Buffer.alloc(20) });

describe('FragmentCache', () => {
  it('answers an item only for the revision it was stored under', () => {
    const cache = new FragmentCache(1000);
    cache.set('g', 'a', fragment(3, 10));
    expect(cache.get('g', 'a', 3)?.body.length).toBe(10);
    expect(cache.get('g', 'a', 4)).toBeUndefined();
    expect(cache.get('g', 'b', 3)).toBeUndefined();
  });

  it('keeps the same id apart in each group', () => {
    const cache = new FragmentCache(1000);
    cache.set('json', 'a', fragment(1, 10, 'j'));
    cache.set('xml', 'a', fragment(1, 20, 'x'));
    expect(cache.get('json', 'a', 1)?.body.toString()).toBe('j'.repeat(10));
    expect(cache.get('xml', 'a', 1)?.body.toString()).toBe('x'.repeat(20));
    expect(cache.get('other', 'a', 1)).toBeUndefined();
    expect(cache.bytes).toBe(30);
  });

  it('stays within its bytes, evicting items not read since first', () => {
    const cache = new FragmentCache(400);
    cache.set('g1', 'a', fragment(1, 100));
    cache.set('g2', 'b', fragment(1, 100));
    cache.set('g1', 'c', fragment(1, 100));
    cache.set('g2', 'd', fragment(1, 100));
    cache.get('g1', 'a', 1);
    cache.set('g3', 'e', fragment(1, 100));
    expect(cache.bytes).toBeLessThanOrEqual(400);
    expect(cache.get('g1', 'a', 1)).toBeDefined();
    expect(cache.get('g2', 'b', 1)).toBeUndefined();
    expect(cache.get('g3', 'e', 1)).toBeDefined();
    // A group emptied by eviction takes new items again: making room for g2's new item evicts d,
    // g2's only one (f evicted c before).
    cache.set('g1', 'f', fragment(1, 100));
    cache.set('g2', 'g', fragment(1, 100));
    expect(cache.get('g2', 'g', 1)).toBeDefined();
    expect(cache.size).toBe(4);
  });

  it('replacing an item counts its bytes once, and an item over a quarter of the room is not kept', () => {
    const cache = new FragmentCache(400);
    cache.set('g', 'a', fragment(1, 50));
    cache.set('g', 'a', fragment(2, 60));
    expect(cache.bytes).toBe(60);
    cache.set('g', 'big', fragment(1, 101));
    expect(cache.get('g', 'big', 1)).toBeUndefined();
    expect(cache.size).toBe(1);
  });
});
