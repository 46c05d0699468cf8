/**
 * A coarse grid over WGS84 so radius searches use a plain B-tree index instead of a spatial
 * extension (SQLite has none built in). A cell is 0.005° of latitude (~550 m) by 0.01° of
 * longitude (~550 m at Helsinki's latitude).
 */
import { degreeReach } from '../geo';

const latStep = 0.005;
const longStep = 0.01;
const longCells = Math.round(360 / longStep);

export function gridCell(lat: number, long: number): number {
  const row = Math.floor((lat + 90) / latStep);
  const column = Math.floor((long + 180) / longStep);
  return row * longCells + column;
}

/** Every cell touching the box around (lat, long) ± radius; undefined when too many to list. */
export function gridCellsAround(lat: number, long: number, radiusMeters: number, maxCells = 2500): number[] | undefined {
  const { latDelta, longDelta } = degreeReach(lat, radiusMeters);
  if (!Number.isFinite(longDelta)) return undefined;
  const firstRow = Math.floor((Math.max(lat - latDelta, -90) + 90) / latStep);
  const lastRow = Math.floor((Math.min(lat + latDelta, 90) + 90) / latStep);
  const firstColumn = Math.floor((long - longDelta + 180) / longStep);
  const lastColumn = Math.floor((long + longDelta + 180) / longStep);
  if ((lastRow - firstRow + 1) * (lastColumn - firstColumn + 1) > maxCells) return undefined;
  const cells: number[] = [];
  for (let row = firstRow; row <= lastRow; row += 1) {
    for (let column = firstColumn; column <= lastColumn; column += 1) {
      // Columns past ±180° wrap around the antimeridian.
      const wrapped = ((column % longCells) + longCells) % longCells;
      cells.push(row * longCells + wrapped);
    }
  }
  return cells;
}
