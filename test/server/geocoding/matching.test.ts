import { describe, expect, it } from 'vitest';
import { foldName } from '../../../src/server/geocoding/fold';
import { boundedDistance, FuzzyDictionary, Quality } from '../../../src/server/geocoding/fuzzy-dictionary';
import { parseQueryText } from '../../../src/server/geocoding/query-text';

describe('folding', () => {
  it('drops accents, case and punctuation', () => {
    expect(foldName('Hämeentie')).toBe('hameentie');
    expect(foldName('  Aleksis  Kiven katu ')).toBe('aleksis kiven katu');
    expect(foldName('Pikku-Huopalahti, Östra allén')).toBe('pikku huopalahti ostra allen');
    expect(foldName('Mølle Straße')).toBe('molle strasse');
  });
});

describe('edit distance', () => {
  it('counts insertions, deletions, substitutions and swaps, on the whole word or a prefix', () => {
    expect(boundedDistance('hameentie', 'hameentie', 2)).toEqual({ full: 0, prefix: 0 });
    expect(boundedDistance('hamentie', 'hameentie', 2).full).toBe(1);
    expect(boundedDistance('hameetnie', 'hameentie', 2).full).toBe(1);
    expect(boundedDistance('hameent', 'hameentie', 2)).toEqual({ full: 2, prefix: 0 });
    expect(boundedDistance('hameemt', 'hameentie', 2)).toEqual({ full: Infinity, prefix: 1 });
    expect(boundedDistance('kulosaari', 'hameentie', 2)).toEqual({ full: Infinity, prefix: Infinity });
  });
});

describe('fuzzy dictionary', () => {
  const dictionary = new FuzzyDictionary(['hameentie', 'hameenkatu', 'mannerheimintie', 'koulutie', 'koulukatu', 'kotikatu', 'tie']);
  const match = (typed: string, prefix = true) =>
    Object.fromEntries([...dictionary.match(typed, { prefix })].map(([entry, quality]) => [dictionary.words[entry], quality]));

  it('grades exact, prefix, one and two edits', () => {
    expect(match('hameentie')).toEqual({ hameentie: Quality.exact });
    expect(match('hameen')).toEqual({ hameentie: Quality.prefix, hameenkatu: Quality.prefix });
    expect(match('hamentie')).toEqual({ hameentie: Quality.oneEdit });
    expect(match('hameemtei')).toEqual({ hameentie: Quality.twoEdits });
    expect(match('koulutei')).toMatchObject({ koulutie: Quality.oneEdit });
    expect(match('manerheimintie')).toEqual({ mannerheimintie: Quality.oneEdit });
  });

  it('allows no typo in short words and no prefix when asked not to', () => {
    expect(match('tei')).toEqual({});
    expect(match('tie')).toEqual({ tie: Quality.exact });
    expect(match('hameen', false)).toEqual({});
    expect(match('koulutie', false)).toEqual({ koulutie: Quality.exact });
  });
});

describe('query text', () => {
  const municipalities = new Set(['helsinki', 'vantaa', 'helsingfors']);
  const parse = (text: string) => parseQueryText(text, (word) => municipalities.has(word));

  it('reads street, number, letter and place', () => {
    expect(parse('Hämeentie 3 A, 00530 Helsinki')).toEqual({ street: 'hameentie', words: ['hameentie'], numberKey: '3a', numberIsLast: false, locality: 'helsinki', postalCode: '00530' });
    expect(parse('hameent 3')).toMatchObject({ street: 'hameent', numberKey: '3', numberIsLast: true, locality: undefined });
    expect(parse('Aleksis Kiven katu 18b')).toMatchObject({ street: 'aleksis kiven katu', numberKey: '18b', numberIsLast: true });
    expect(parse('Tavastvägen 12 Helsingfors')).toMatchObject({ street: 'tavastvagen', numberKey: '12', numberIsLast: false, locality: 'helsingfors' });
    expect(parse('Mannerheimintie 3-5')).toMatchObject({ street: 'mannerheimintie', numberKey: '3-5' });
    expect(parse('Hämeentie 3 as 5')).toMatchObject({ numberKey: '3', locality: undefined });
    expect(parse('3 Hämeentie')).toMatchObject({ street: 'hameentie', numberKey: '3' });
  });

  it('reads a text without a number as a street or a place, a trailing municipality apart', () => {
    expect(parse('Kaivopuisto')).toMatchObject({ street: 'kaivopuisto', words: ['kaivopuisto'], numberKey: undefined, locality: undefined });
    expect(parse('hämeentie helsinki')).toMatchObject({ street: 'hameentie', locality: 'helsinki' });
    expect(parse('Töölön pallokenttä')).toMatchObject({ street: 'toolon pallokentta', words: ['toolon', 'pallokentta'] });
    expect(parse('Hämeentie 00530')).toMatchObject({ street: 'hameentie', postalCode: '00530', numberKey: undefined });
  });
});
