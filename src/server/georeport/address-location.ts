/**
 * A submission whose only location is `address_string` (as generic Open311 clients post): the
 * address is looked up in the address registry and its point becomes the request's lat/long,
 * before the shared schema checks the form. The spec requires every request to have a location,
 * lat/long or a service object; an address the registry cannot place is refused with what to
 * send instead. `address_string` itself is stored as sent.
 */
import { geocoderFor, type GeocoderRepositories } from '../geocoding/geocoder';
import { resolveAddressString } from '../geocoding/resolve-address';

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
