/**
 * Reading the query of GET /api/counters/ as the real service does. Its view checks latitude,
 * longitude and distance as floats first (all three or none), then django-filter checks each
 * filter as a Decimal: the 400s name each field with DRF's messages (`{"latitude": ["Enter a
 * number."]}`, `municipality_code` as `municipalityCode`, as its renderer camelizes keys), and
 * whatever it accepts but nothing can match (a negative distance, a code that is no integer)
 * answers an empty page, not a 400.
 */
import { invalidFields } from '../drf/errors';
import { lastValue, type QueryPairs } from '../drf/query-string';
import { counterListPageSizes, pageSizeOf } from '../drf/pagination';
import type { CounterFilter } from '../storage/repositories/types';

/** The counter list's page size (DRF's page_size, 100 unless asked, at most 1000). */
export const parsePageSize = (pairs: QueryPairs): number => pageSizeOf(pairs, counterListPageSizes);

const digits = String.raw`\d(?:_?\d)*`;
/** Python's float() and Decimal() grammar: blanks around, a sign, digit groups with "_", an exponent. */
const finiteNumber = new RegExp(String.raw`^\s*([+-]?)(?:(${digits})(?:\.(${digits})?)?|\.(${digits}))(?:[eE]([+-]?${digits}))?\s*$`);
/** The names float() takes for NaN and the infinities; Decimal() also takes sNaN and NaN with digits. */
const floatNonFinite = /^\s*[+-]?(?:nan|inf|infinity)\s*$/i;
const decimalNonFinite = /^\s*[+-]?(?:s?nan\d*|inf|infinity)\s*$/i;

/** Whether Python's float() reads the text (DRF's FloatField). */
const isPythonFloat = (text: string) => floatNonFinite.test(text) || finiteNumber.test(text);

/** A number as Python's Decimal reads it, split into sign, digits and exponent; 'non-finite' for NaN and infinities. */
function decimalParts(text: string): { negative: boolean; digits: string; exponent: number } | 'non-finite' | undefined {
  if (decimalNonFinite.test(text)) return 'non-finite';
  const match = finiteNumber.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '', fraction = '', onlyFraction = '', exponent = '0'] = match;
  const fractionDigits = (fraction || onlyFraction).replaceAll('_', '');
  return {
    negative: sign === '-',
    digits: whole.replaceAll('_', '') + fractionDigits,
    exponent: Number(exponent.replaceAll('_', '')) - fractionDigits.length,
  };
}

const toNumber = (text: string) => Number(text.trim().replaceAll('_', ''));

/** A parameter the real service counts as given: present and not empty (blank is not empty). */
function given(pairs: QueryPairs, key: string): string | undefined {
  const value = lastValue(pairs, key);
  return value === undefined || value === '' ? undefined : value;
}

/** Python's repr of a limit in Django's messages: 90, -180, 1e+50. */
const limitText = (limit: number) => (Math.abs(limit) >= 1e16 ? limit.toExponential() : String(limit));

/** A coordinate filter's checks as django-filter runs them: the field's bounds, then the filter's own ±1e50. */
function boundMessages(value: number, min: number | undefined, max: number | undefined): string[] {
  const messages: string[] = [];
  if (max !== undefined && value > max) messages.push(`Ensure this value is less than or equal to ${limitText(max)}.`);
  if (min !== undefined && value < min) messages.push(`Ensure this value is greater than or equal to ${limitText(min)}.`);
  return messages;
}

/** The view's first check (DRF FloatFields, then "all three or none"); throws DRF's 400. */
function checkCoordinates(pairs: QueryPairs): void {
  const errors: Record<string, string[]> = {};
  for (const name of ['longitude', 'latitude', 'distance']) {
    const text = given(pairs, name);
    if (text === undefined) continue;
    if (text.length > 1000) errors[name] = ['String value too large.'];
    else if (!isPythonFloat(text)) errors[name] = ['A valid number is required.'];
  }
  if (Object.keys(errors).length > 0) throw invalidFields(errors);
  const names = ['latitude', 'longitude', 'distance'];
  const missing = names.filter((name) => given(pairs, name) === undefined);
  if (missing.length > 0 && missing.length < names.length) {
    throw invalidFields({
      'Missing parameters': [
        `Missing query argument(s): ${missing.join(', ')}. Latitude, longitude and distance must all be provided.`,
      ],
    });
  }
}

export interface ParsedFilter {
  filter: CounterFilter;
  /** Accepted, but no counter can match (a negative distance): the answer is an empty page. */
  matchesNothing: boolean;
}

/**
 * The filters: `source` (case-insensitive exact), `municipality_code` (comma list of numbers,
 * leading zeros optional: 91, 091 and 0091 are all Helsinki), `latitude` + `longitude` +
 * `distance` (km, all three). Bad input is a 400 naming each field, as the real service's.
 */
export function parseFilter(pairs: QueryPairs): ParsedFilter {
  checkCoordinates(pairs);
  const errors: Record<string, string[]> = {};
  const number = (name: string, min?: number, max?: number): number | undefined => {
    const text = given(pairs, name);
    if (text === undefined) return undefined;
    if (decimalParts(text) === 'non-finite') {
      errors[name] = ['Enter a number.'];
      return undefined;
    }
    const value = toNumber(text);
    const messages = [...boundMessages(value, min, max), ...(min === undefined ? [] : boundMessages(value, -1e50, 1e50))];
    if (messages.length > 0) errors[name] = messages;
    return value;
  };
  const latitude = number('latitude', -90, 90);
  const longitude = number('longitude', -180, 180);
  const distance = number('distance');
  const codesText = given(pairs, 'municipality_code');
  const codes = codesText === undefined ? undefined : parseMunicipalityCodes(codesText);
  if (codes === 'invalid') errors.municipalityCode = ['Enter a number.'];
  if (Object.keys(errors).length > 0) throw invalidFields(errors);

  const filter: CounterFilter = {};
  const source = lastValue(pairs, 'source')?.trim();
  if (source) filter.source = source;
  if (codes !== undefined && codes !== 'invalid') filter.municipalityCodes = codes;
  let matchesNothing = false;
  if (latitude !== undefined && longitude !== undefined && distance !== undefined) {
    // Farther than any two points on Earth is everywhere; closer than 0 is nowhere.
    matchesNothing = distance < 0;
    // Nearest first, as the real view orders it unless the query names `order` at all.
    const order = lastValue(pairs, 'order') === undefined ? 'distance' : 'id';
    filter.near = { latitude, longitude, distanceKm: Math.min(Math.max(distance, 0), 40_075), order };
  }
  return { filter, matchesNothing };
}

/**
 * A municipality code as stored: three digits. The real service keeps codes as integers and
 * compares numbers, so "235", "0235" (how it writes Kauniainen) and "235.0" are one code;
 * a number that is no such integer (-1, 0.5, 1000) matches nothing. Undefined when it cannot
 * match; 'invalid' when it is not a number.
 */
export function canonicalMunicipalityCode(text: string): string | undefined | 'invalid' {
  const parts = decimalParts(text);
  if (parts === undefined || parts === 'non-finite') return 'invalid';
  const significant = parts.digits.replace(/^0+/, '');
  if (significant === '') return '000';
  if (parts.negative) return undefined;
  let whole: string;
  if (parts.exponent >= 0) {
    if (significant.length + parts.exponent > 3) return undefined;
    whole = significant + '0'.repeat(parts.exponent);
  } else {
    const cut = significant.length + parts.exponent;
    if (cut <= 0 || !/^0*$/.test(significant.slice(cut))) return undefined;
    whole = significant.slice(0, cut);
  }
  return whole.length > 3 ? undefined : whole.padStart(3, '0');
}

/** "91,0235, 049" → ["091", "235", "049"]; empty items are skipped, as django-filter does. */
function parseMunicipalityCodes(text: string): string[] | 'invalid' {
  const codes = new Set<string>();
  for (const item of text.split(',')) {
    if (item === '') continue;
    const code = canonicalMunicipalityCode(item);
    if (code === 'invalid') return 'invalid';
    if (code !== undefined) codes.add(code);
  }
  return [...codes];
}
