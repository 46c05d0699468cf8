/**
 * The address registry: address points (street in Finnish and Swedish, house number, postal code,
 * municipality, point) that the embedded geocoder (src/server/geocoding) searches. The matching
 * itself (typos, prefixes, ranking) is the geocoder's, in one place for both backends; storage
 * answers exact lookups: the streets, the points of one street, the points near a place.
 */

/** One address point as imported. At least one of each fi/sv pair is non-empty. */
export interface AddressPoint {
  street_fi: string;
  street_sv: string;
  /** As written: "30", "12 A", "3-5". */
  number: string;
  postal_code: string;
  municipality_fi: string;
  municipality_sv: string;
  lat: number;
  long: number;
  /** Where the point came from: 'demo' for demo data, else the import's source name. */
  source: string;
}

export interface AddressRecord extends AddressPoint {
  /** Assigned when stored; a new import gives its points new ids. */
  id: number;
}

/** What tells one street from another: its names and its municipality's. */
export interface StreetKey {
  street_fi: string;
  street_sv: string;
  municipality_fi: string;
  municipality_sv: string;
}

/** A street of the registry: every point sharing one StreetKey. */
export interface StreetRecord extends StreetKey {
  points: number;
  /** The mean of its points: where a street-level answer is put. */
  lat: number;
  long: number;
  /** The postal code when all its points share one, else ''. */
  postal_code: string;
}

export interface AddressReplaceReport {
  removed: number;
  added: number;
}

export interface AddressRepository {
  /**
   * Removes every point whose source is one of `sources` and stores `points`, in one
   * transaction: all of it lands, or nothing. `progress` hears how many are stored so far.
   */
  replace(sources: readonly string[], points: readonly AddressPoint[], progress?: (stored: number) => void): Promise<AddressReplaceReport>;
  count(): Promise<number>;
  /** Points per source, e.g. { demo: 3400 }. */
  countBySource(): Promise<Record<string, number>>;
  find(id: number): Promise<AddressRecord | undefined>;
  /** Every street, ordered by municipality then street names (code-point order). */
  streets(): Promise<StreetRecord[]>;
  /**
   * The points of one street (compared exactly), those whose folded house number
   * (`houseNumberKey`) starts with `numberKeyPrefix` when given; by that key, then id.
   */
  onStreet(street: StreetKey, options: { numberKeyPrefix?: string; limit: number }): Promise<AddressRecord[]>;
  /** The points within the radius, nearest first (ties by id), with their distance. */
  nearest(near: { lat: number; long: number; radiusMeters: number }, limit: number): Promise<{ address: AddressRecord; distanceMeters: number }[]>;
  /** Changes whenever any point is written, by this process or another on the same store. */
  changeToken(): Promise<string>;
}

/**
 * A house number as compared: lower-case, accents and spaces dropped ("12 A" and "12a" are one
 * number). Both backends store it beside the number, and the geocoder folds queries with it.
 */
export function houseNumberKey(number: string): string {
  return number
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, '');
}
