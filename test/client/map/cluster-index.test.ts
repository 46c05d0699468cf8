import { describe, expect, it } from 'vitest';
import { createClusterIndex, type MapPoint } from '../../../src/client/components/map/cluster-index';
import { clusterSize, shortCount } from '../../../src/client/components/map/marker-look';

const world = { west: -180, south: -85, east: 180, north: 85 };

/** n points within a few metres of each other around (lat, long). */
function pile(prefix: string, n: number, lat: number, long: number, flaggedEvery = 2): MapPoint[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, lat: lat + i * 1e-5, long: long + i * 1e-5, flagged: i % flaggedEvery === 0 }));
}

describe('cluster index', () => {
  const points = [...pile('a', 10, 60.17, 24.94), ...pile('b', 4, 60.3, 25.1), { id: 'lonely', lat: 61.5, long: 23.8, flagged: false }];
  const index = createClusterIndex(points);

  it('groups close points into one cluster with their count and flagged count', () => {
    const items = index.itemsIn(world, 10);
    const clusters = items.filter((item) => item.kind === 'cluster');
    expect(clusters.map((cluster) => cluster.kind === 'cluster' && [cluster.count, cluster.flaggedCount]).sort()).toEqual([
      [10, 5],
      [4, 2],
    ].sort());
    expect(items.filter((item) => item.kind === 'point').map((item) => item.kind === 'point' && item.id)).toEqual(['lonely']);
    // Every point is in exactly one item.
    expect(items.reduce((sum, item) => sum + (item.kind === 'cluster' ? item.count : 1), 0)).toBe(points.length);
  });

  it('returns single points when zoomed in past the clustering zoom', () => {
    const items = index.itemsIn(world, 18);
    expect(items).toHaveLength(points.length);
    expect(items.every((item) => item.kind === 'point')).toBe(true);
  });

  it('clusters by on-screen distance: 60 px at 256-px tiles', () => {
    // 0.05° of longitude at 60° N is about 36 px at zoom 10 and 73 px at zoom 11.
    const pair = createClusterIndex([
      { id: 'west', lat: 60, long: 24, flagged: false },
      { id: 'east', lat: 60, long: 24.05, flagged: true },
    ]);
    expect(pair.itemsIn(world, 10)).toHaveLength(1);
    expect(pair.itemsIn(world, 11)).toHaveLength(2);
  });

  it('gives only what lies in the bounds', () => {
    const aroundLonely = { west: 23.5, south: 61.3, east: 24.0, north: 61.7 };
    expect(index.itemsIn(aroundLonely, 10).map((item) => item.key)).toEqual(['plonely']);
  });

  it('handles bounds that run past the antimeridian after panning round the world', () => {
    const shifted = { west: 360 + 23.5, south: 61.3, east: 360 + 24.0, north: 61.7 };
    expect(index.itemsIn(shifted, 10).map((item) => item.key)).toEqual(['plonely']);
    expect(index.itemsIn({ ...world, west: -400, east: 400 }, 18)).toHaveLength(points.length);
  });

  it('tells the zoom at which a cluster opens up', () => {
    // At zoom 5 both piles near Helsinki are one bubble of 14.
    const cluster = index.itemsIn(world, 5).find((item) => item.kind === 'cluster');
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    expect(cluster.count).toBe(14);
    const zoom = index.expansionZoom(cluster.clusterId);
    expect(zoom).toBeGreaterThan(5);
    const around = { west: 24.5, south: 60, east: 25.5, north: 60.5 };
    expect(index.itemsIn(around, zoom - 1)).toHaveLength(1);
    expect(index.itemsIn(around, zoom).length).toBeGreaterThan(1);
  });

  it('stays fast with 10,000 points', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i), lat: 60 + (i % 100) / 200, long: 24.5 + Math.floor(i / 100) / 100, flagged: i % 3 === 0 }));
    const started = performance.now();
    const big = createClusterIndex(many);
    const built = performance.now();
    for (let zoom = 8; zoom <= 16; zoom += 1) big.itemsIn({ west: 24.6, south: 60.1, east: 25.1, north: 60.4 }, zoom);
    const queried = performance.now();
    expect(built - started).toBeLessThan(1_000);
    expect((queried - built) / 9).toBeLessThan(50);
  });
});

describe('marker looks', () => {
  it('shortens counts and grows bubbles with the digits', () => {
    expect([shortCount(7), shortCount(999), shortCount(1250), shortCount(10_400)]).toEqual(['7', '999', '1.2k', '10k']);
    expect(clusterSize(5)).toBeLessThan(clusterSize(50));
    expect(clusterSize(500)).toBeLessThan(clusterSize(5000));
  });
});
