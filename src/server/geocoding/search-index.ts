/**
 * The geocoder's in-memory index of one instance: every street of the address registry (a few
 * thousand for a city; the points stay in the store) and every service object, with fuzzy
 * dictionaries of their folded names. Built from the store, rebuilt when its version rows move.
 */
import type { ServiceObjectRecord, StreetRecord } from '../storage/repositories/types';
import { foldedWords, foldName } from './fold';
import { FuzzyDictionary } from './fuzzy-dictionary';

export interface StreetMatch {
  street: StreetRecord;
  quality: number;
}

export interface VenueMatch {
  venue: ServiceObjectRecord;
  quality: number;
}

/** Appends `value` to the list kept under `key`. */
function addTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export class SearchIndex {
  private readonly streetNames: FuzzyDictionary;
  /** Dictionary entry → the streets bearing that folded name (in either language). */
  private readonly streetsByName: StreetRecord[][];
  private readonly venueWords: FuzzyDictionary;
  private readonly venuesByWord: number[][];
  private readonly municipalities: Set<string>;

  constructor(
    readonly streets: readonly StreetRecord[],
    readonly venues: readonly ServiceObjectRecord[],
  ) {
    const byName = new Map<string, StreetRecord[]>();
    const municipalities = new Set<string>();
    for (const street of streets) {
      for (const name of new Set([foldName(street.street_fi), foldName(street.street_sv)])) if (name) addTo(byName, name, street);
      for (const name of [street.municipality_fi, street.municipality_sv]) if (name) municipalities.add(foldName(name));
    }
    this.streetNames = new FuzzyDictionary(byName.keys());
    this.streetsByName = this.streetNames.words.map((name) => byName.get(name)!);
    this.municipalities = municipalities;

    const byWord = new Map<string, number[]>();
    venues.forEach((venue, index) => {
      const words = new Set([venue.names.fi, venue.names.sv, venue.names.en].flatMap(foldedWords));
      for (const word of words) addTo(byWord, word, index);
    });
    this.venueWords = new FuzzyDictionary(byWord.keys());
    this.venuesByWord = this.venueWords.words.map((word) => byWord.get(word)!);
  }

  isMunicipality(folded: string): boolean {
    return this.municipalities.has(folded);
  }

  /** Streets whose Finnish or Swedish name `street` (folded) matches, each with its best quality. */
  matchStreets(street: string): StreetMatch[] {
    const best = new Map<StreetRecord, number>();
    for (const [entry, quality] of this.streetNames.match(street, { prefix: true })) {
      for (const found of this.streetsByName[entry]!) {
        if (quality < (best.get(found) ?? Infinity)) best.set(found, quality);
      }
    }
    return [...best].map(([found, quality]) => ({ street: found, quality }));
  }

  /**
   * Service objects whose names (any language) hold every typed word: exactly or within the
   * typos allowed, the last word also as a prefix. A venue's quality is that of its worst word.
   */
  matchVenues(words: readonly string[]): VenueMatch[] {
    if (words.length === 0 || this.venues.length === 0) return [];
    let matched: Map<number, number> | undefined;
    for (const [position, word] of words.entries()) {
      const here = new Map<number, number>();
      for (const [entry, quality] of this.venueWords.match(word, { prefix: position === words.length - 1 })) {
        for (const venue of this.venuesByWord[entry]!) {
          if (matched && !matched.has(venue)) continue;
          const worst = Math.max(quality, matched?.get(venue) ?? 0);
          if (worst < (here.get(venue) ?? Infinity)) here.set(venue, worst);
        }
      }
      matched = here;
      if (matched.size === 0) return [];
    }
    return [...matched!].map(([venue, quality]) => ({ venue: this.venues[venue]!, quality }));
  }
}
