import type { ReportFormValues } from '../validation/report-form-values';

export interface LatLong {
  lat: number;
  long: number;
}

/** Where the report is: a point on the map, or a service object (with its position when known). */
export type ChosenPlace =
  | { kind: 'point'; lat: number; long: number }
  | { kind: 'object'; id: string; type: string; name: string; lat?: number; long?: number };

function coordinate(text: string): number | undefined {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function placeFromValues(values: Pick<ReportFormValues, 'lat' | 'long' | 'service_object_id' | 'service_object_type' | 'service_object_name'>): ChosenPlace | undefined {
  const lat = coordinate(values.lat);
  const long = coordinate(values.long);
  if (values.service_object_id.trim() !== '') {
    return {
      kind: 'object',
      id: values.service_object_id,
      type: values.service_object_type,
      name: values.service_object_name || values.service_object_id,
      ...(lat !== undefined && long !== undefined ? { lat, long } : {}),
    };
  }
  if (lat !== undefined && long !== undefined) return { kind: 'point', lat, long };
  return undefined;
}

/** The form fields that say where: a point clears any object, an object replaces the point. */
export function valuesFromPlace(place: ChosenPlace | undefined): Pick<ReportFormValues, 'lat' | 'long' | 'service_object_id' | 'service_object_type' | 'service_object_name'> {
  // Six decimals: about 10 cm, more than any phone knows; the API takes the text as it is.
  const text = (value: number | undefined) => (value === undefined ? '' : value.toFixed(6));
  if (!place) return { lat: '', long: '', service_object_id: '', service_object_type: '', service_object_name: '' };
  if (place.kind === 'point') {
    return { lat: text(place.lat), long: text(place.long), service_object_id: '', service_object_type: '', service_object_name: '' };
  }
  return {
    lat: text(place.lat),
    long: text(place.long),
    service_object_id: place.id,
    service_object_type: place.type,
    service_object_name: place.name,
  };
}

export function positionOf(place: ChosenPlace | undefined): LatLong | undefined {
  if (!place || place.lat === undefined || place.long === undefined) return undefined;
  return { lat: place.lat, long: place.long };
}
