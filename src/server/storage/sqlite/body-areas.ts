/**
 * Which bodies' areas cover a point, on SQLite: no spatial index there, so the areas are indexed
 * in memory. A flatbush over their boxes narrows to a few candidates; @turf/boolean-point-in-polygon
 * decides each, holes and every part of a MultiPolygon included, boundary counted as inside (as
 * PostGIS's ST_Covers). One index per array of areas: the repository hands the same array until a
 * body is written, by any process.
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import Flatbush from 'flatbush';
import type { BodyAreaEntry } from '../kysely/engine';

const indexes = new WeakMap<readonly BodyAreaEntry[], Flatbush>();

function indexOf(areas: readonly BodyAreaEntry[]): Flatbush {
  let index = indexes.get(areas);
  if (!index) {
    index = new Flatbush(areas.length);
    for (const { box } of areas) index.add(box[0], box[1], box[2], box[3]);
    index.finish();
    indexes.set(areas, index);
  }
  return index;
}

export function bodiesCovering(point: { lat: number; long: number }, areas: readonly BodyAreaEntry[]): string[] {
  if (areas.length === 0) return [];
  const { lat, long } = point;
  return indexOf(areas)
    .search(long, lat, long, lat)
    .filter((position) => booleanPointInPolygon([long, lat], areas[position]!.area))
    .map((position) => areas[position]!.id);
}
