/**
 * The embedded geocoder: forward search (typo- and prefix-tolerant, ranked by match quality, then
 * nearness to a focus point) and reverse search (the nearest address points) over the address
 * registry and the service objects. Fuzzy matching runs on an in-memory index of streets and
 * service objects (search-index.ts), rebuilt when the store's version rows say either changed;
 * the address points themselves are read from the store per street, by an index range.
 */
import { distanceMeters } from '../storage/geo';
import { createVersionedCopy } from '../storage/versioned-copy';
import { houseNumberKey, type AddressRecord } from '../storage/repositories/addresses';
import type { Repositories, ServiceObjectRecord, StreetRecord } from '../storage/repositories/types';
import { foldName } from './fold';
import { allowedEdits, boundedDistance } from './fuzzy-dictionary';
import { parseQueryText, type ParsedQuery } from './query-text';
import { SearchIndex } from './search-index';

export type Layer = 'address' | 'street' | 'venue';

export interface GeocodeHit {
  layer: Layer;
  lat: number;
  long: number;
  /** How well the text matched: 0 best (exact) … about 8 (two typos, wrong place); reverse hits 0. */
  quality: number;
  address?: AddressRecord;
  /** Of an address: 0 its number as typed, 1 another letter, 2 a longer number (typing went on). */
  numberQuality?: number;
  street?: StreetRecord;
  /** A street given for a house number it does not have (Pelias's match_type "fallback"). */
  fallback?: boolean;
  venue?: ServiceObjectRecord;
  /** From the focus point (search) or the point asked about (reverse). */
  distanceMeters?: number;
}

export interface SearchRequest {
  text: string;
  size: number;
  layers: ReadonlySet<Layer>;
  focus?: { lat: number; long: number };
}

export interface ReverseRequest {
  lat: number;
  long: number;
  radiusMeters: number;
  size: number;
  layers: ReadonlySet<Layer>;
}

/** Streets whose points are read for a query with a house number. */
const STREET_CANDIDATES = 10;
/** Points read from one street for one number (a prefix such as "1" matches 1, 1 A, 10–19, 100…). */
const POINTS_PER_STREET = 120;

export type GeocoderRepositories = Pick<Repositories, 'addresses' | 'serviceObjects'>;

export class Geocoder {
  private readonly built = createVersionedCopy<SearchIndex>();

  constructor(private readonly repositories: GeocoderRepositories) {}

  /** The index for the store as it is now: rebuilt (once, however many ask) when a version row moved. */
  async index(): Promise<SearchIndex> {
    const { addresses, serviceObjects } = this.repositories;
    const token = (await Promise.all([addresses.changeToken(), serviceObjects.changeToken()])).join('/');
    return this.built.at(token, () => this.build());
  }

  private async build(): Promise<SearchIndex> {
    const { addresses, serviceObjects } = this.repositories;
    const [streets, venueCount] = await Promise.all([addresses.streets(), serviceObjects.count()]);
    const venues = venueCount > 0 ? (await serviceObjects.search({ limit: venueCount })).map((found) => found.object) : [];
    return new SearchIndex(streets, venues);
  }

  async search(request: SearchRequest): Promise<GeocodeHit[]> {
    const index = await this.index();
    const parsed = parseQueryText(request.text, (word) => index.isMunicipality(word));
    const hits: GeocodeHit[] = [];
    const wantsStreets = request.layers.has('address') || request.layers.has('street');
    const streets = parsed.street && wantsStreets ? rankStreets(index.matchStreets(parsed.street), parsed, request.focus) : [];

    if (parsed.numberKey !== undefined && streets.length > 0) {
      const candidates = streets.slice(0, STREET_CANDIDATES);
      const base = /^\d+/.exec(parsed.numberKey)?.[0] ?? parsed.numberKey;
      const rows = request.layers.has('address')
        ? await Promise.all(
            candidates.map(({ street }) => this.repositories.addresses.onStreet(street, { numberKeyPrefix: base, limit: POINTS_PER_STREET })),
          )
        : candidates.map(() => []);
      candidates.forEach((candidate, position) => {
        let found = false;
        for (const address of rows[position]!) {
          const numberQuality = numberMatch(houseNumberKey(address.number), parsed.numberKey!, parsed.numberIsLast);
          if (numberQuality === undefined) continue;
          const postalPenalty = parsed.postalCode && address.postal_code !== parsed.postalCode ? 1 : 0;
          hits.push({ layer: 'address', lat: address.lat, long: address.long, quality: candidate.rank + numberQuality + postalPenalty, address, numberQuality });
          found = true;
        }
        // No such number on the street: the street itself, as Pelias falls back to it.
        if (!found && request.layers.has('street')) hits.push({ ...streetHit(candidate.street, candidate.rank + 3), fallback: true });
      });
    } else if (request.layers.has('street')) {
      for (const candidate of streets) hits.push(streetHit(candidate.street, candidate.rank));
    }

    if (request.layers.has('venue') && parsed.numberKey === undefined) {
      for (const { venue, quality } of index.matchVenues(parsed.words)) {
        // A name that starts with what was typed ranks before one that holds it later on.
        const atStart = [venue.names.fi, venue.names.sv, venue.names.en].some((name) => foldName(name).startsWith(parsed.words[0]!));
        hits.push({ layer: 'venue', lat: venue.lat, long: venue.long, quality: atStart ? quality : quality + 0.5, venue });
      }
    }
    if (request.focus) {
      for (const hit of hits) hit.distanceMeters = distanceMeters(request.focus.lat, request.focus.long, hit.lat, hit.long);
    }
    return hits.sort(compareHits).slice(0, request.size);
  }

  async reverse(request: ReverseRequest): Promise<GeocodeHit[]> {
    const hits: GeocodeHit[] = [];
    const near = { lat: request.lat, long: request.long, radiusMeters: request.radiusMeters };
    if (request.layers.has('address')) {
      for (const { address, distanceMeters: distance } of await this.repositories.addresses.nearest(near, request.size)) {
        hits.push({ layer: 'address', lat: address.lat, long: address.long, quality: 0, address, distanceMeters: distance });
      }
    }
    if (request.layers.has('venue')) {
      for (const venue of (await this.index()).venues) {
        const distance = distanceMeters(request.lat, request.long, venue.lat, venue.long);
        if (distance <= request.radiusMeters) hits.push({ layer: 'venue', lat: venue.lat, long: venue.long, quality: 0, venue, distanceMeters: distance });
      }
    }
    return hits.sort((a, b) => a.distanceMeters! - b.distanceMeters! || compareHits(a, b)).slice(0, request.size);
  }
}

interface RankedStreet {
  street: StreetRecord;
  /** The match quality, plus 4 when the typed municipality is another one. */
  rank: number;
  distance: number;
}

function rankStreets(matches: { street: StreetRecord; quality: number }[], parsed: ParsedQuery, focus?: { lat: number; long: number }): RankedStreet[] {
  return matches
    .map(({ street, quality }) => ({
      street,
      rank: quality + (parsed.locality && !inMunicipality(street, parsed.locality) ? 4 : 0),
      distance: focus ? distanceMeters(focus.lat, focus.long, street.lat, street.long) : 0,
    }))
    .sort((a, b) => a.rank - b.rank || a.distance - b.distance || b.street.points - a.street.points || compareText(a.street.street_fi, b.street.street_fi));
}

/** The typed municipality names the street's, in either language, allowing a prefix or typos. */
function inMunicipality(street: StreetRecord, locality: string): boolean {
  return [street.municipality_fi, street.municipality_sv].some((name) => {
    const folded = foldName(name);
    if (folded.startsWith(locality)) return true;
    const edits = allowedEdits(locality.length);
    return edits > 0 && boundedDistance(locality, folded, edits).prefix <= edits;
  });
}

/** 0 the number as typed, 1 the same number with another or no letter, 2 a longer number while typing; else no match. */
function numberMatch(key: string, typed: string, typedIsLast: boolean): number | undefined {
  if (key === typed) return 0;
  const digits = (text: string) => /^\d+/.exec(text)?.[0];
  if (digits(key) === digits(typed)) return 1;
  if (typedIsLast && key.startsWith(typed)) return 2;
  return undefined;
}

function streetHit(street: StreetRecord, quality: number): GeocodeHit {
  return { layer: 'street', lat: street.lat, long: street.long, quality, street };
}

const layerOrder: Record<Layer, number> = { address: 0, venue: 1, street: 2 };

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function sortKey(hit: GeocodeHit): string {
  if (hit.address) return `${hit.address.street_fi}\u0000${hit.address.municipality_fi}`;
  if (hit.street) return `${hit.street.street_fi}\u0000${hit.street.municipality_fi}`;
  return hit.venue!.names.fi;
}

/** Better match first, then nearer the focus, then streets by name and houses by number. */
function compareHits(a: GeocodeHit, b: GeocodeHit): number {
  return (
    a.quality - b.quality ||
    (a.distanceMeters ?? 0) - (b.distanceMeters ?? 0) ||
    layerOrder[a.layer] - layerOrder[b.layer] ||
    compareText(sortKey(a), sortKey(b)) ||
    houseNumberOrder(a.address, b.address)
  );
}

function houseNumberOrder(a: AddressRecord | undefined, b: AddressRecord | undefined): number {
  if (!a || !b) return 0;
  const numeric = (address: AddressRecord) => Number(/^\d+/.exec(address.number)?.[0] ?? Infinity);
  return numeric(a) - numeric(b) || compareText(houseNumberKey(a.number), houseNumberKey(b.number)) || a.id - b.id;
}

const geocoders = new WeakMap<GeocoderRepositories, Geocoder>();

/** The one geocoder (and index) of a store: the routes and the GeoReport service share it. */
export function geocoderFor(repositories: GeocoderRepositories): Geocoder {
  let geocoder = geocoders.get(repositories);
  if (!geocoder) geocoders.set(repositories, (geocoder = new Geocoder(repositories)));
  return geocoder;
}
