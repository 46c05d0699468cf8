/**
 * 310 bodies tiling a Finland-sized box (59.8–70.1° N, 20.5–31.6° E), each area a ring of about
 * 2,000 vertices, the size of a real municipality's boundary. A grid of cells whose corners are
 * jittered and whose edges wiggle; each edge is shared by the two cells beside it (one walks it
 * backwards), so the areas neither overlap nor leave gaps, and each is a simple polygon: an edge's
 * wiggle is a function of the distance along it, tapering to nothing at its corners. Seeded, so
 * every run measures the same areas and points.
 */
import { seededRandom } from '../../src/server/demo/random';
import type { BodyRecord } from '../../src/server/storage/repositories/types';

export const finland = { south: 59.8, north: 70.1, west: 20.5, east: 31.6 } as const;
const columns = 10;
const rows = 31;
export const bodyCount = columns * rows;
/** Vertices per edge; four edges make a ring of about 2,000. */
const edgeVertices = 500;

type Point = [long: number, lat: number];

export function syntheticBodies(seed = 26): BodyRecord[] {
  const random = seededRandom(seed);
  const cellLong = (finland.east - finland.west) / columns;
  const cellLat = (finland.north - finland.south) / rows;
  // Corners move up to a tenth of a cell each way, along the box's edge only for those on it.
  const corners: Point[][] = [];
  for (let row = 0; row <= rows; row++) {
    corners.push([]);
    for (let column = 0; column <= columns; column++) {
      const inside = (index: number, last: number) => index > 0 && index < last;
      const long = finland.west + column * cellLong + (inside(column, columns) ? (random() - 0.5) * 0.2 * cellLong : 0);
      const lat = finland.south + row * cellLat + (inside(row, rows) ? (random() - 0.5) * 0.2 * cellLat : 0);
      corners[row]!.push([long, lat]);
    }
  }
  /** The vertices from `a` to `b` (both included), wiggling sideways by up to `amplitude` of the edge's length. */
  const edge = (a: Point, b: Point, wiggles: boolean): Point[] => {
    const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
    const phases = [random() * Math.PI * 2, random() * Math.PI * 2, random() * Math.PI * 2];
    const amplitude = wiggles ? 0.04 : 0;
    return Array.from({ length: edgeVertices + 1 }, (_, index) => {
      const t = index / edgeVertices;
      const wave = Math.sin(Math.PI * t) * (Math.sin(3 * Math.PI * t + phases[0]!) + 0.5 * Math.sin(17 * Math.PI * t + phases[1]!) + 0.2 * Math.sin(71 * Math.PI * t + phases[2]!));
      const side = amplitude * wave;
      return [a[0] + dx * t - dy * side, a[1] + dy * t + dx * side] as Point;
    });
  };
  // Horizontal edges west to east, vertical ones south to north; the box's own edges stay straight.
  const horizontal = corners.map((line, row) => line.slice(0, -1).map((corner, column) => edge(corner, line[column + 1]!, row > 0 && row < rows)));
  const vertical = corners.slice(0, -1).map((line, row) => line.map((corner, column) => edge(corner, corners[row + 1]![column]!, column > 0 && column < columns)));
  const bodies: BodyRecord[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      // Counter-clockwise: south edge east, east edge north, north edge west, west edge south.
      const ring = [
        ...horizontal[row]![column]!.slice(0, -1),
        ...vertical[row]![column + 1]!.slice(0, -1),
        ...[...horizontal[row + 1]![column]!].reverse().slice(0, -1),
        ...[...vertical[row]![column]!].reverse(),
      ];
      const id = `body-${String(row * columns + column + 1).padStart(3, '0')}`;
      bodies.push({
        id,
        jurisdiction_id: `${id}.example.fi`,
        names: { fi: `Kunta ${id}`, sv: `Kommun ${id}`, en: `Municipality ${id}` },
        area: { type: 'Polygon', coordinates: [ring] },
        services: ['171', '172', '176', '198'],
        send: { method: 'console' },
      });
    }
  }
  return bodies;
}

/** Uniformly random points in the box: every one inside some body (the tiling has no gaps). */
export function lookupPoints(count: number, seed = 2026): { lat: number; long: number }[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => ({
    lat: finland.south + random() * (finland.north - finland.south),
    long: finland.west + random() * (finland.east - finland.west),
  }));
}
