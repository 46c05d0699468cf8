/**
 * The area a polygon search is about, read from the POSTed GeoJSON geometry. A Polygon or a
 * MultiPolygon of closed rings of [longitude, latitude] in degrees; anything else is named in
 * a sentence for the 400, so a caller can fix it.
 */
import type { PolygonArea } from '../storage/repositories/types';

/** Enough for any city outline; a bound so one request cannot make the server walk millions of edges. */
export const maxAreaPositions = 20_000;

export class AreaError extends Error {}

type Position = readonly [number, number];

function readPosition(value: unknown, where: string): Position {
  if (!Array.isArray(value) || value.length < 2 || value.length > 3) {
    throw new AreaError(`${where} is not a position ([longitude, latitude]).`);
  }
  if (!value.every((coordinate) => typeof coordinate === 'number' && Number.isFinite(coordinate))) {
    throw new AreaError(`${where} holds something that is not a finite number.`);
  }
  const [longitude, latitude] = value as number[];
  if (longitude! < -180 || longitude! > 180 || latitude! < -90 || latitude! > 90) {
    throw new AreaError(`${where} is out of range: longitude must be within ±180 and latitude within ±90 (EPSG:4326, longitude first).`);
  }
  return [longitude!, latitude!];
}

function readRing(value: unknown, where: string, budget: { left: number }): Position[] {
  if (!Array.isArray(value)) throw new AreaError(`${where} is not an array of positions.`);
  budget.left -= value.length;
  if (budget.left < 0) throw new AreaError(`the geometry has more than ${maxAreaPositions} positions.`);
  const ring = value.map((position, index) => readPosition(position, `${where}, position ${index}`));
  if (ring.length < 4) throw new AreaError(`${where} has ${ring.length} positions; a linear ring needs at least 4.`);
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  if (first[0] !== last[0] || first[1] !== last[1]) throw new AreaError(`${where} is not closed: its first and last positions differ.`);
  return ring;
}

function readPolygon(value: unknown, where: string, budget: { left: number }): Position[][] {
  if (!Array.isArray(value) || value.length === 0) throw new AreaError(`${where} is not a non-empty array of linear rings.`);
  return value.map((ring, index) => readRing(ring, `${where} ring ${index}`, budget));
}

/** The area of a GeoJSON Polygon or MultiPolygon geometry object; throws AreaError saying what is wrong. */
export function readGeoJsonArea(body: unknown): PolygonArea {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new AreaError('the body must be a GeoJSON geometry object, e.g. {"type": "Polygon", "coordinates": [[[24.9, 60.1], …]]}.');
  }
  const { type, coordinates } = body as { type?: unknown; coordinates?: unknown };
  const budget = { left: maxAreaPositions };
  if (type === 'Polygon') return [readPolygon(coordinates, 'the polygon', budget)];
  if (type === 'MultiPolygon') {
    if (!Array.isArray(coordinates) || coordinates.length === 0) throw new AreaError('the multipolygon is not a non-empty array of polygons.');
    return coordinates.map((polygon, index) => readPolygon(polygon, `polygon ${index}`, budget));
  }
  const named = typeof type === 'string' ? `"${type.slice(0, 40)}"` : 'missing';
  throw new AreaError(`the geometry type is ${named}; a Polygon or a MultiPolygon is needed.`);
}
