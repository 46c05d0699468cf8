import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indexArea } from '../../../src/server/storage/counter-geometry';
import type { PolygonArea } from '../../../src/server/storage/repositories/types';

/** Every edge of every ring, the plain way: what the index must answer exactly alike. */
function everyEdge(longitude: number, latitude: number, area: PolygonArea): boolean {
  return area.some((polygon) => {
    let inside = false;
    for (const ring of polygon) {
      for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
        const a = ring[i]!;
        const b = ring[j]!;
        const cross = (b[0] - a[0]) * (latitude - a[1]) - (b[1] - a[1]) * (longitude - a[0]);
        const between = Math.min(a[0], b[0]) <= longitude && longitude <= Math.max(a[0], b[0]) && Math.min(a[1], b[1]) <= latitude && latitude <= Math.max(a[1], b[1]);
        if (cross === 0 && between) return false;
        if (a[1] > latitude !== b[1] > latitude && longitude < ((b[0] - a[0]) * (latitude - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
      }
    }
    return inside;
  });
}

/** A closed ring of n points around a centre at random radii (star-shaped, often concave), on a coarse grid so points land on edges and vertices too. */
const ring = (centre: [number, number]) =>
  fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 3, maxLength: 40 }).map((radii) => {
    const points = radii.map((radius, index) => {
      const angle = (2 * Math.PI * index) / radii.length;
      return [Math.round(centre[0] + radius * Math.cos(angle)), Math.round(centre[1] + radius * Math.sin(angle))] as [number, number];
    });
    return [...points, points[0]!];
  });

const area: fc.Arbitrary<PolygonArea> = fc.array(
  fc.tuple(ring([0, 0]), fc.option(ring([0, 0]).map((hole) => hole.map(([x, y]) => [Math.round(x / 3), Math.round(y / 3)] as [number, number])))).map(([outer, hole]) => (hole ? [outer, hole] : [outer])),
  { minLength: 1, maxLength: 3 },
);

describe('indexArea', () => {
  it('answers as a test of every edge does: inside, outside, in a hole, on an edge or a vertex', () => {
    fc.assert(
      fc.property(area, fc.array(fc.tuple(fc.integer({ min: -22, max: 22 }), fc.integer({ min: -22, max: 22 })), { minLength: 1, maxLength: 60 }), (polygon, points) => {
        const inside = indexArea(polygon);
        for (const [x, y] of points) expect(inside(x, y)).toBe(everyEdge(x, y, polygon));
      }),
      { numRuns: 300 },
    );
  });

  it('takes a square as ST_Within does: its edge and corners are outside', () => {
    const square: PolygonArea = [[[[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]]]];
    const inside = indexArea(square);
    expect([inside(5, 5), inside(10, 5), inside(0, 0), inside(11, 5), inside(5, -1)]).toEqual([true, false, false, false, false]);
  });
});
