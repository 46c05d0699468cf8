/**
 * A point alert's place in words: the nearest address (street and number in Finnish and Swedish),
 * so the emails say "within 500 m of Kaivokatu 12", not the coordinates (issue 42, item 4). Looked
 * up when the alert is asked for and kept with it (NewAlert.place): every email of it names the same place.
 */
import type { AlertArea } from '../../shared/alerts/wire';
import type { AddressRepository } from '../storage/repositories/addresses';
import type { AlertPlace } from '../storage/repositories/types';

export type PlaceName = AlertPlace;

/** An address this close to the point names it; farther than that, the coordinates say it better. */
const NAMING_REACH_METERS = 150;

/** A point alert's nearest address, if one is near enough; null for other kinds of alert or with none near. */
export async function placeNameOf(addresses: Pick<AddressRepository, 'nearest'>, area: AlertArea): Promise<PlaceName | null> {
  if (area.kind !== 'point') return null;
  const [nearest] = await addresses.nearest({ lat: area.lat, long: area.long, radiusMeters: NAMING_REACH_METERS }, 1);
  if (!nearest) return null;
  const { street_fi, street_sv, number } = nearest.address;
  return { fi: `${street_fi} ${number}`.trim(), sv: `${street_sv || street_fi} ${number}`.trim() };
}
