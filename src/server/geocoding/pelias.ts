/**
 * Answers in the Pelias geocoding protocol (pelias/api, as Digitransit serves it): a GeoJSON
 * FeatureCollection with a `geocoding` header (version, the query as understood, warnings,
 * engine, timestamp) and a `bbox`; each feature's properties carry id, gid
 * (`source:layer:id`), layer, source, name, housenumber, street, postalcode, confidence,
 * distance (km), match_type "fallback" on a street given for a house number it lacks, accuracy,
 * localadmin, locality and label, in the language asked for.
 * The envelope and its errors are the protocol's (pelias/envelope.ts).
 */
import type { AddressRecord, ServiceObjectRecord, StreetRecord } from '../storage/repositories/types';
import type { GeocodeHit } from './geocoder';
import type { Lang } from './params';
import { peliasHeader } from '../pelias/envelope';

/** The source of answers made here rather than imported: streets (from their points) and service objects. */
export const KERRO_SOURCE = 'kerro';

type Properties = Record<string, unknown>;

/** The name in the language asked for, else the other one (a street may have only one). */
function inLang(lang: Lang, fi: string, sv: string): string {
  return lang === 'sv' ? sv || fi : fi || sv;
}

function addressProperties(address: AddressRecord, lang: Lang): Properties {
  const street = inLang(lang, address.street_fi, address.street_sv);
  const municipality = inLang(lang, address.municipality_fi, address.municipality_sv);
  const name = `${street} ${address.number}`;
  return {
    id: String(address.id),
    gid: `${address.source}:address:${address.id}`,
    layer: 'address',
    source: address.source,
    source_id: String(address.id),
    name,
    housenumber: address.number,
    street,
    ...(address.postal_code ? { postalcode: address.postal_code } : {}),
    accuracy: 'point',
    localadmin: municipality,
    locality: municipality,
    label: `${name}, ${municipality}`,
  };
}

function streetProperties(street: StreetRecord, lang: Lang): Properties {
  const name = inLang(lang, street.street_fi, street.street_sv);
  const municipality = inLang(lang, street.municipality_fi, street.municipality_sv);
  const id = `${street.municipality_fi || street.municipality_sv}/${street.street_fi || street.street_sv}`;
  return {
    id,
    gid: `${KERRO_SOURCE}:street:${id}`,
    layer: 'street',
    source: KERRO_SOURCE,
    source_id: id,
    name,
    street: name,
    ...(street.postal_code ? { postalcode: street.postal_code } : {}),
    accuracy: 'centroid',
    localadmin: municipality,
    locality: municipality,
    label: `${name}, ${municipality}`,
  };
}

function venueProperties(venue: ServiceObjectRecord, lang: Lang): Properties {
  const name = venue.names[lang] || venue.names.fi;
  return {
    id: venue.service_object_id,
    gid: `${KERRO_SOURCE}:venue:${venue.service_object_id}`,
    layer: 'venue',
    source: KERRO_SOURCE,
    source_id: venue.service_object_id,
    name,
    accuracy: 'point',
    label: venue.address ? `${name}, ${venue.address}` : name,
    // What a report needs to point at the object (service_object_type + service_object_id).
    addendum: { kerro: { service_object_type: venue.service_object_type, service_object_id: venue.service_object_id, kind: venue.kind } },
  };
}

/** Pelias's reverse confidence: by distance from the point asked about. */
function reverseConfidence(distanceMeters: number): number {
  if (distanceMeters < 1) return 1;
  if (distanceMeters < 10) return 0.9;
  if (distanceMeters < 100) return 0.8;
  if (distanceMeters < 250) return 0.7;
  return 0.6;
}

/** Search confidence: 1 for an exact match, a tenth less per step of match quality. */
function searchConfidence(quality: number): number {
  return Math.max(0.1, Math.round((1 - quality / 10) * 100) / 100);
}

function toFeature(hit: GeocodeHit, lang: Lang, reverse: boolean) {
  const properties = hit.address ? addressProperties(hit.address, lang) : hit.street ? streetProperties(hit.street, lang) : venueProperties(hit.venue!, lang);
  const { label, localadmin, locality, addendum, accuracy, ...head } = properties;
  return {
    type: 'Feature' as const,
    geometry: { type: 'Point' as const, coordinates: [hit.long, hit.lat] },
    // Pelias's order: identity and names, then confidence and distance, then the areas and label.
    properties: {
      ...head,
      confidence: reverse ? reverseConfidence(hit.distanceMeters ?? 0) : searchConfidence(hit.quality),
      ...(hit.distanceMeters === undefined ? {} : { distance: Math.round(hit.distanceMeters) / 1000 }),
      // As Pelias marks a street it gives for a house number it does not know.
      ...(hit.fallback ? { match_type: 'fallback' } : {}),
      accuracy,
      ...(localadmin === undefined ? {} : { localadmin, locality }),
      label,
      ...(addendum === undefined ? {} : { addendum }),
    },
  };
}

export function featureCollection(
  hits: readonly GeocodeHit[],
  options: { lang: Lang; query: Record<string, unknown>; warnings: string[]; now: number; reverse: boolean },
) {
  const features = hits.map((hit) => toFeature(hit, options.lang, options.reverse));
  const longs = hits.map((hit) => hit.long);
  const lats = hits.map((hit) => hit.lat);
  return {
    geocoding: peliasHeader(options.query, options.now, options.warnings.length > 0 ? { warnings: options.warnings } : {}),
    type: 'FeatureCollection' as const,
    features,
    ...(hits.length > 0 ? { bbox: [Math.min(...longs), Math.min(...lats), Math.max(...longs), Math.max(...lats)] } : {}),
  };
}
