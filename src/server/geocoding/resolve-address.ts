/**
 * An address written as text ("Hämeentie 30, Helsinki") turned into one point, for a GeoReport
 * submission that sends only `address_string`. Taken only when the registry is sure enough:
 * an address point with the house number as written (or the same number with another letter),
 * on a street matched exactly, as a prefix or with the typos the search allows, in the
 * municipality typed if any; or a service object (park, toilet…) named so. A street without a
 * number is not a place precise enough to send a crew to.
 */
import { Quality } from './fuzzy-dictionary';
import type { Geocoder } from './geocoder';

export type AddressResolution =
  | { found: true; lat: number; long: number; postalCode?: string; label: string }
  | { found: false; reason: 'not-found' }
  /** The street is known, but not that house number on it (or none was written). */
  | { found: false; reason: 'street-only'; street: string };

/** Rank of an address hit at worst: two typos in the street, another letter, another postal code. */
const WORST_ADDRESS_QUALITY = Quality.twoEdits + 1 + 1;

/** `focus`: of two equally good matches (a street name in two towns), the one nearer this point. */
export async function resolveAddressString(geocoder: Geocoder, text: string, focus?: { lat: number; long: number }): Promise<AddressResolution> {
  const hits = await geocoder.search({ text, size: 1, layers: new Set(['address', 'venue', 'street']), ...(focus ? { focus } : {}) });
  const best = hits[0];
  if (best?.address && best.numberQuality !== undefined && best.numberQuality <= 1 && best.quality <= WORST_ADDRESS_QUALITY) {
    const { address } = best;
    return {
      found: true,
      lat: address.lat,
      long: address.long,
      postalCode: address.postal_code || undefined,
      label: `${address.street_fi || address.street_sv} ${address.number}, ${address.municipality_fi || address.municipality_sv}`,
    };
  }
  if (best?.venue && best.quality <= Quality.oneEdit) {
    return { found: true, lat: best.venue.lat, long: best.venue.long, label: best.venue.names.fi };
  }
  if (best?.street && best.quality <= Quality.twoEdits + 3) {
    const { street } = best;
    return { found: false, reason: 'street-only', street: `${street.street_fi || street.street_sv}, ${street.municipality_fi || street.municipality_sv}` };
  }
  return { found: false, reason: 'not-found' };
}
