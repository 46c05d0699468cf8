import type { ReportFormValues } from '../validation/report-form-values';

export interface LatLong {
  lat: number;
  long: number;
}

/**
 * Where the report is: a point on the map, or a service object (with its position when known).
 * `address` is the place in words: the address found at a point, or an object's name and address.
 */
export type ChosenPlace =
  | { kind: 'point'; lat: number; long: number; address?: string }
  | { kind: 'object'; id: string; type: string; name: string; lat?: number; long?: number; address?: string };

type PlaceValues = Pick<ReportFormValues, 'lat' | 'long' | 'service_object_id' | 'service_object_type' | 'service_object_name' | 'found_address'>;

function coordinate(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function placeFromValues(values: PlaceValues): ChosenPlace | undefined {
  const lat = coordinate(values.lat);
  const long = coordinate(values.long);
  const address = values.found_address.trim() === '' ? {} : { address: values.found_address };
  if (values.service_object_id.trim() !== '') {
    return {
      kind: 'object',
      id: values.service_object_id,
      type: values.service_object_type,
      name: values.service_object_name || values.service_object_id,
      ...(lat !== undefined && long !== undefined ? { lat, long } : {}),
      ...address,
    };
  }
  if (lat !== undefined && long !== undefined) return { kind: 'point', lat, long, ...address };
  return undefined;
}

/**
 * The form fields that say where: a point clears any object, an object replaces the point. The
 * place's words go into address_string too, unless the person wrote something else there: what
 * they wrote stays, what the form filled in follows the pin.
 */
export function valuesFromPlace(
  place: ChosenPlace | undefined,
  current: Pick<ReportFormValues, 'address_string' | 'found_address'>,
): PlaceValues & Pick<ReportFormValues, 'address_string'> {
  // Six decimals: about 10 cm, more than any phone knows; the API takes the text as it is.
  const text = (value: number | undefined) => (value === undefined ? '' : value.toFixed(6));
  const words = withFoundAddress(current, place?.address ?? '');
  if (!place) return { lat: '', long: '', service_object_id: '', service_object_type: '', service_object_name: '', ...words };
  if (place.kind === 'point') {
    return { lat: text(place.lat), long: text(place.long), service_object_id: '', service_object_type: '', service_object_name: '', ...words };
  }
  return {
    lat: text(place.lat),
    long: text(place.long),
    service_object_id: place.id,
    service_object_type: place.type,
    service_object_name: place.name,
    ...words,
  };
}

/** A newly found address: shown, and sent as address_string while the person has not written their own. */
export function withFoundAddress(
  current: Pick<ReportFormValues, 'address_string' | 'found_address'>,
  found: string,
): Pick<ReportFormValues, 'address_string' | 'found_address'> {
  const ownWords = current.address_string.trim() !== '' && current.address_string !== current.found_address;
  return { found_address: found, address_string: ownWords ? current.address_string : found };
}

/** A service object in words: "Kaivopuisto, Itäinen Puistotie 1, Helsinki". */
export const objectAddress = (name: string, address: string) => (address.trim() ? `${name}, ${address.trim()}` : name);

export function positionOf(place: ChosenPlace | undefined): LatLong | undefined {
  if (!place || place.lat === undefined || place.long === undefined) return undefined;
  return { lat: place.lat, long: place.long };
}
