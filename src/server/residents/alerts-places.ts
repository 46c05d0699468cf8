/**
 * A point alert's place in words: the nearest address (street and number in Finnish and Swedish),
 * so the emails say "within 500 m of Kaivokatu 12", not the coordinates (issue 42, item 4). Looked
 * up when the alert is asked for and kept with it (NewAlert.place): every email of it names the same place.
 */
import type { AddressRepository } from '../storage/repositories/addresses';
import type { AlertPlace } from '../storage/repositories/types';

export type PlaceName = AlertPlace;

/** An address this close to the point names it; farther than that, the coordinates say it better. */
const NAMING_REACH_METERS = 150;

export const pointKey = (lat: number, long: number) => `${lat.toFixed(5)},${long.toFixed(5)}`;

/** The nearest address of each point, by pointKey; points with none near are left out. */
export async function placeNamesOf(addresses: Pick<AddressRepository, 'nearest'>, points: readonly { lat: number; long: number }[]): Promise<Map<string, PlaceName>> {
  const names = new Map<string, PlaceName>();
  for (const { lat, long } of points) {
    const key = pointKey(lat, long);
    if (names.has(key)) continue;
    const [nearest] = await addresses.nearest({ lat, long, radiusMeters: NAMING_REACH_METERS }, 1);
    if (!nearest) continue;
    const { street_fi, street_sv, number } = nearest.address;
    names.set(key, { fi: `${street_fi} ${number}`.trim(), sv: `${street_sv || street_fi} ${number}`.trim() });
  }
  return names;
}
