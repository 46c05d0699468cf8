/**
 * Addresses and places through the proxy's Pelias geocoder (`/proxy/geocoding/v1/search` and
 * `/reverse`): the embedded one or the city's. Answers are read by hand rather than with zod, so
 * the home page can use this without pulling zod into the first download; anything unusable in a
 * feature is skipped, never shown.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportedLocale } from '../../shared/locales';
import { ApiError, api } from '../lib/http-client';

export type GeocodeLayer = 'address' | 'street' | 'venue' | 'other';

/** One answer: an address point, a street, or a place (a service object in the embedded geocoder). */
export interface GeocodeResult {
  /** Pelias's gid (`source:layer:id`), unique across layers. */
  id: string;
  lat: number;
  lon: number;
  /** How people read it: "Hämeentie 30, 00530 Helsinki", "Kaivopuisto, Helsinki". */
  label: string;
  /** The first part alone: "Hämeentie 30", "Kaivopuisto". */
  name: string;
  layer: GeocodeLayer;
  /** Kilometres from the point asked about (reverse) or the focus point (search), when given. */
  distanceKm?: number;
  /** The registry entry a venue stands for, when the geocoder is Kerro's own. */
  serviceObject?: { type: string; id: string };
  /** A street given instead of a house number it does not have (Pelias's match_type "fallback"). */
  numberMissing?: true;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

const knownLayers: readonly GeocodeLayer[] = ['address', 'street', 'venue'];

/** "Hämeentie 30, 00530 Helsinki" for an address (Pelias's own label leaves the postal code out). */
function labelOf(properties: Json, name: string): string {
  const street = text(properties.street);
  const number = text(properties.housenumber);
  const area = [text(properties.postalcode), text(properties.locality)].filter(Boolean).join(' ');
  if (street && number) return area ? `${street} ${number}, ${area}` : `${street} ${number}`;
  return text(properties.label) || name;
}

function serviceObjectOf(properties: Json): GeocodeResult['serviceObject'] {
  const kerro = isRecord(properties.addendum) && isRecord(properties.addendum.kerro) ? properties.addendum.kerro : undefined;
  const type = text(kerro?.service_object_type);
  const id = text(kerro?.service_object_id);
  return type && id ? { type, id } : undefined;
}

export function resultFromFeature(feature: unknown): GeocodeResult | undefined {
  if (!isRecord(feature) || !isRecord(feature.properties) || !isRecord(feature.geometry)) return undefined;
  const coordinates = feature.geometry.coordinates;
  if (!Array.isArray(coordinates)) return undefined;
  // GeoJSON order is [lon, lat].
  const [lon, lat] = coordinates as unknown[];
  if (typeof lat !== 'number' || typeof lon !== 'number' || !Number.isFinite(lat) || !Number.isFinite(lon)) return undefined;
  const properties = feature.properties;
  const name = text(properties.name) || text(properties.label);
  const label = labelOf(properties, name);
  if (!label) return undefined;
  const layerText = text(properties.layer);
  const layer = (knownLayers as readonly string[]).includes(layerText) ? (layerText as GeocodeLayer) : 'other';
  const serviceObject = serviceObjectOf(properties);
  return {
    id: text(properties.gid) || `${layer}:${text(properties.id) || label}`,
    lat,
    lon,
    label,
    name: name || label,
    layer,
    ...(typeof properties.distance === 'number' ? { distanceKm: properties.distance } : {}),
    ...(serviceObject ? { serviceObject } : {}),
    ...(layer === 'street' && text(properties.match_type) === 'fallback' ? { numberMissing: true as const } : {}),
  };
}

function resultsOf(body: unknown, url: string): GeocodeResult[] {
  if (!isRecord(body) || !Array.isArray(body.features)) {
    throw new ApiError({ kind: 'invalid-response', status: 200, url, message: `The answer from ${url} is not a GeoJSON FeatureCollection` });
  }
  return body.features.flatMap((feature) => resultFromFeature(feature) ?? []);
}

export interface AddressSearchQuery {
  text: string;
  lang: SupportedLocale;
  /** Answers near here rank first (the map's centre). */
  focus?: { lat: number; lon: number };
  size?: number;
}

export interface ReverseQuery {
  lat: number;
  lon: number;
  lang: SupportedLocale;
  size?: number;
}

// Not in shared/paths: every byte there is in the first page, and only the browser uses these.
const searchUrl = '/proxy/geocoding/v1/search';
const reverseUrl = '/proxy/geocoding/v1/reverse';

export async function searchAddresses(query: AddressSearchQuery, signal?: AbortSignal): Promise<GeocodeResult[]> {
  const body = await api.get(searchUrl, {
    query: {
      text: query.text,
      lang: query.lang,
      size: query.size ?? 8,
      'focus.point.lat': query.focus?.lat,
      'focus.point.lon': query.focus?.lon,
    },
    signal,
  });
  return resultsOf(body, searchUrl);
}

/** The nearest address to a point (within the geocoder's reach, 200 m here), or none. */
export async function reverseGeocode(query: ReverseQuery, signal?: AbortSignal): Promise<GeocodeResult | null> {
  const body = await api.get(reverseUrl, { query: { 'point.lat': query.lat, 'point.lon': query.lon, size: query.size ?? 1, lang: query.lang }, signal });
  return resultsOf(body, reverseUrl)[0] ?? null;
}

// Four decimals of the focus (about 10 m) are plenty for ranking, and keep the cache useful as the map moves.
const roughly = (value: number) => Math.round(value * 1e4) / 1e4;
// Six decimals (10 cm): what the report form keeps of a pin.
const precisely = (value: number) => Math.round(value * 1e6) / 1e6;

export const addressSearchQueryOptions = (query: AddressSearchQuery) => {
  const key: AddressSearchQuery = {
    text: query.text.trim(),
    lang: query.lang,
    ...(query.focus ? { focus: { lat: roughly(query.focus.lat), lon: roughly(query.focus.lon) } } : {}),
    ...(query.size ? { size: query.size } : {}),
  };
  return queryOptions({
    queryKey: ['geocoding', 'search', key],
    queryFn: ({ signal }) => searchAddresses(key, signal),
    staleTime: 10 * 60_000,
  });
};

export const reverseGeocodeQueryOptions = (query: ReverseQuery) => {
  const key: ReverseQuery = { lat: precisely(query.lat), lon: precisely(query.lon), lang: query.lang, ...(query.size ? { size: query.size } : {}) };
  return queryOptions({
    queryKey: ['geocoding', 'reverse', key],
    queryFn: ({ signal }) => reverseGeocode(key, signal),
    staleTime: 10 * 60_000,
  });
};

/** Search as the person types; `undefined` waits. The last list stays while the next one loads. */
export function useAddressSearch(query: AddressSearchQuery | undefined) {
  return useQuery({
    ...addressSearchQueryOptions(query ?? { text: '', lang: 'fi' }),
    enabled: query !== undefined && query.text.trim() !== '',
    placeholderData: keepPreviousData,
  });
}

/** The address nearest to a point; `undefined` waits. */
export function useReverseGeocode(query: ReverseQuery | undefined) {
  return useQuery({ ...reverseGeocodeQueryOptions(query ?? { lat: 0, lon: 0, lang: 'fi' }), enabled: query !== undefined });
}
