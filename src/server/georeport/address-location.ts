/**
 * A submission whose only location is `address_string` (as generic Open311 clients post): the
 * address is looked up in the address registry and its point becomes the request's lat/long,
 * before the shared schema checks the form. The spec requires every request to have a location,
 * lat/long or a service object; an address the registry cannot place is refused with what to
 * send instead. `address_string` itself is stored as sent. Sent with a point too (as the web app
 * sends it), the address still gives the request its postal code (postalCodeOfAddress).
 */
import { geocoderFor, type GeocoderRepositories } from '../geocoding/geocoder';
import { parseQueryText } from '../geocoding/query-text';
import { resolveAddressString } from '../geocoding/resolve-address';
import { distanceMeters } from '../storage/geo';

export interface AddressLocation {
  lat: number;
  long: number;
  postalCode?: string;
}

/** Longer than the schema allows: left to the schema to refuse. */
const MAX_ADDRESS_LENGTH = 500;

const sent = (value: string | undefined) => value !== undefined && value.trim() !== '';

const quoted = (text: string) => `"${text.length > 100 ? `${text.slice(0, 100)}…` : text}"`;

const instead = 'or send lat and long, or service_object_id with service_object_type';

/**
 * The form values to validate: unchanged unless the address is the only location, then with the
 * address's lat/long; `problem` says why an address could not be placed.
 */
export async function locateAddressOnly(
  values: Record<string, string>,
  repositories: GeocoderRepositories,
): Promise<{ values: Record<string, string>; location?: AddressLocation; problem?: string }> {
  const address = values.address_string?.trim();
  if (sent(values.lat) || sent(values.long) || sent(values.service_object_id) || !address || address.length > MAX_ADDRESS_LENGTH) {
    return { values };
  }
  const resolution = await resolveAddressString(geocoderFor(repositories), address);
  if (resolution.found) {
    const { lat, long, postalCode } = resolution;
    return { values: { ...values, lat: String(lat), long: String(long) }, location: { lat, long, postalCode } };
  }
  const problem =
    resolution.reason === 'street-only'
      ? `address_string ${quoted(address)}: the address register knows the street ${resolution.street} but not that house number on it; write a house number that exists, ${instead}`
      : `address_string ${quoted(address)} was not found in the address register; write it as street and house number (e.g. "Hämeentie 30, Helsinki"), ${instead}`;
  // A stand-in point lets the shared schema check every other field without repeating that a
  // location is missing; `problem` is reported with what it finds, and nothing is stored.
  return { values: { ...values, lat: '0', long: '0' }, problem };
}

/**
 * Beyond this, the registry's address is not the one at the point (a namesake street in another
 * town), and its postal code is not the request's.
 */
const ADDRESS_NEAR_METERS = 1000;

/**
 * The postal code of a request sent with lat/long and an address_string (`zip_code`, GeoReport):
 * the one written in the address ("Hämeentie 30, 00530 Helsinki"), else the registry's for the
 * address when it stands near the point. The web app's addresses are the geocoder's labels
 * ("Hämeentie 30, Helsinki"), which name no postal code. Undefined when neither says.
 */
export async function postalCodeOfAddress(
  input: { address_string?: string; lat?: number; long?: number },
  repositories: GeocoderRepositories,
): Promise<string | undefined> {
  const address = input.address_string?.trim();
  const { lat, long } = input;
  if (!address || lat === undefined || long === undefined) return undefined;
  const written = parseQueryText(address, () => false).postalCode;
  if (written !== undefined) return written;
  const resolution = await resolveAddressString(geocoderFor(repositories), address, { lat, long });
  if (!resolution.found || distanceMeters(lat, long, resolution.lat, resolution.long) > ADDRESS_NEAR_METERS) return undefined;
  return resolution.postalCode;
}
