/**
 * Checking a body's area as a bodies file gives it: a GeoJSON Polygon or MultiPolygon whose rings
 * are closed, have at least four positions, stay within WGS 84's range, do not cross themselves
 * or each other (@turf/kinks), and whose holes lie inside their outer ring. Problems name the
 * field (`geometry.coordinates[0][2]`) so the file can be fixed where it is wrong.
 */
import { area as squareMeters } from '@turf/area';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { kinks } from '@turf/kinks';
import type { BodyArea } from '../storage/repositories/bodies';

/** Crossing points named before the rest are only counted. */
const MAX_CROSSINGS_NAMED = 3;
/** Bad positions named per area before the rest are only counted. */
const MAX_POSITIONS_NAMED = 3;

type Position = [number, number];
type Ring = Position[];

/** What is wrong, and where: `field` is a path such as `geometry.coordinates[0][2]`. */
export interface AreaProblem {
  field: string;
  message: string;
}

export function checkArea(geometry: unknown): { area?: BodyArea; problems: AreaProblem[] } {
  if (!isObject(geometry)) return { problems: [{ field: 'geometry', message: 'needs a Polygon or MultiPolygon' }] };
  const { type, coordinates } = geometry;
  if (type !== 'Polygon' && type !== 'MultiPolygon') {
    return { problems: [{ field: 'geometry.type', message: `must be Polygon or MultiPolygon, not ${typeof type === 'string' ? type : 'missing'}` }] };
  }
  const problems: AreaProblem[] = [];
  const positions = { bad: 0 };
  const polygons =
    type === 'Polygon'
      ? [readPolygon(coordinates, 'geometry.coordinates', problems, positions)]
      : readMultiPolygon(coordinates, problems, positions);
  if (positions.bad > MAX_POSITIONS_NAMED) problems.push({ field: 'geometry', message: `${positions.bad - MAX_POSITIONS_NAMED} more bad position(s) not named` });
  if (problems.length > 0 || polygons.some((polygon) => polygon === undefined)) return { problems };

  const area: BodyArea =
    type === 'Polygon' ? { type, coordinates: polygons[0]! } : { type, coordinates: polygons as Ring[][] };
  // Only on well-formed rings: kinks reads every segment against every other.
  const crossings = kinks(area).features.map((point) => point.geometry.coordinates);
  if (crossings.length > 0) {
    const named = crossings.slice(0, MAX_CROSSINGS_NAMED).map(([long, lat]) => `${long!.toFixed(5)},${lat!.toFixed(5)}`);
    const more = crossings.length > MAX_CROSSINGS_NAMED ? ` and ${crossings.length - MAX_CROSSINGS_NAMED} more place(s)` : '';
    problems.push({ field: 'geometry', message: `the area's edges cross (or touch) at ${named.join('; ')}${more} (longitude,latitude); an area must not cross itself` });
    return { problems };
  }
  if (squareMeters(area) === 0) return { problems: [{ field: 'geometry', message: 'the area has no size (its positions lie on a line)' }] };
  // No edges cross, so a hole lies wholly inside its shell or wholly outside: one vertex decides.
  polygons.forEach((rings, polygonIndex) => {
    const shell: BodyArea = { type: 'Polygon', coordinates: [rings![0]!] };
    rings!.slice(1).forEach((hole, holeIndex) => {
      if (!booleanPointInPolygon(hole[0]!, shell)) {
        const path = type === 'Polygon' ? `geometry.coordinates[${holeIndex + 1}]` : `geometry.coordinates[${polygonIndex}][${holeIndex + 1}]`;
        problems.push({ field: path, message: 'this hole lies outside its outer ring' });
      }
    });
  });
  return problems.length > 0 ? { problems } : { area, problems };
}

function readMultiPolygon(coordinates: unknown, problems: AreaProblem[], positions: { bad: number }): (Ring[] | undefined)[] {
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    problems.push({ field: 'geometry.coordinates', message: 'a MultiPolygon needs a list of polygons' });
    return [undefined];
  }
  return coordinates.map((polygon, index) => readPolygon(polygon, `geometry.coordinates[${index}]`, problems, positions));
}

function readPolygon(coordinates: unknown, path: string, problems: AreaProblem[], positions: { bad: number }): Ring[] | undefined {
  if (!Array.isArray(coordinates) || coordinates.length === 0) {
    problems.push({ field: path, message: 'a polygon needs a list of rings (its outer ring first, then any holes)' });
    return undefined;
  }
  const rings = coordinates.map((ring, index) => readRing(ring, `${path}[${index}]`, problems, positions));
  return rings.every((ring) => ring !== undefined) ? (rings as Ring[]) : undefined;
}

function readRing(coordinates: unknown, path: string, problems: AreaProblem[], positions: { bad: number }): Ring | undefined {
  if (!Array.isArray(coordinates)) {
    problems.push({ field: path, message: 'a ring is a list of [longitude, latitude] positions' });
    return undefined;
  }
  const ring: Ring = [];
  coordinates.forEach((position, index) => {
    const problem = positionProblem(position);
    if (problem === undefined) ring.push([(position as number[])[0]!, (position as number[])[1]!]);
    else if (++positions.bad <= MAX_POSITIONS_NAMED) problems.push({ field: `${path}[${index}]`, message: problem });
  });
  if (ring.length !== coordinates.length) return undefined;
  if (ring.length < 4) {
    problems.push({ field: path, message: `a ring needs at least 4 positions (the last repeating the first), has ${ring.length}` });
    return undefined;
  }
  const [first, last] = [ring[0]!, ring[ring.length - 1]!];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    problems.push({ field: path, message: 'the ring is not closed (its last position must repeat its first)' });
    return undefined;
  }
  return ring;
}

/** What is wrong with one position, if anything; an altitude (a third number) is allowed and dropped. */
function positionProblem(position: unknown): string | undefined {
  if (!Array.isArray(position) || position.length < 2 || position.length > 3 || !position.every((n) => typeof n === 'number' && Number.isFinite(n))) {
    return 'a position is [longitude, latitude] in degrees (WGS 84)';
  }
  const [long, lat] = position as number[];
  if (long! < -180 || long! > 180) return `longitude ${long} is out of range (-180 to 180)`;
  if (lat! < -90 || lat! > 90) return `latitude ${lat} is out of range (-90 to 90)`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
