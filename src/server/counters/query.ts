import { badRequest, notFound } from './errors';
import { lastValue, type QueryPairs } from './query-string';
import type { CounterFilter } from '../storage/repositories/types';

export type CounterFormat = 'json' | 'api' | 'csv';

export const defaultPageSize = 100;
export const maxPageSize = 1000;
const maxMunicipalityCodes = 100;

/** `format`: json by default (also when given empty, as in DRF); anything unknown is a 404. */
export function parseFormat(pairs: QueryPairs): CounterFormat {
  const format = lastValue(pairs, 'format');
  if (format === undefined || format === '' || format === 'json') return 'json';
  if (format === 'api' || format === 'csv') return format;
  throw notFound();
}

/** Python's int() on a string: surrounding blanks, a sign and digit-group underscores allowed. */
export function parsePythonInt(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[+-]?\d+(?:_\d+)*$/.test(trimmed)) return undefined;
  return Number(trimmed.replaceAll('_', ''));
}

/** DRF's page_size: a positive integer capped at the maximum; anything else means the default. */
export function parsePageSize(pairs: QueryPairs): number {
  const text = lastValue(pairs, 'page_size');
  const size = text === undefined ? undefined : parsePythonInt(text);
  if (size === undefined || size <= 0) return defaultPageSize;
  return Math.min(size, maxPageSize);
}

const decimalPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** A blank parameter counts as absent, as in django-filter. */
function present(pairs: QueryPairs, key: string): string | undefined {
  const value = lastValue(pairs, key)?.trim();
  return value === undefined || value === '' ? undefined : value;
}

/**
 * The filters: `source` (case-insensitive exact), `municipality_code` (comma list),
 * `latitude` + `longitude` + `distance` (km, all three). Bad input is a 400 that names the fields.
 */
export function parseFilter(pairs: QueryPairs): CounterFilter {
  const filter: CounterFilter = {};
  const source = present(pairs, 'source');
  if (source !== undefined) filter.source = source;

  const codesText = present(pairs, 'municipality_code');
  if (codesText !== undefined) filter.municipalityCodes = parseMunicipalityCodes(codesText);

  const near = { latitude: present(pairs, 'latitude'), longitude: present(pairs, 'longitude'), distance: present(pairs, 'distance') };
  const given = Object.entries(near).filter(([, value]) => value !== undefined);
  if (given.length > 0) {
    const missing = Object.entries(near).filter(([, value]) => value === undefined).map(([name]) => name);
    if (missing.length > 0) {
      throw badRequest(
        `Filtering by distance needs latitude, longitude and distance (km) together; missing: ${missing.join(', ')}.`,
      );
    }
    const problems: string[] = [];
    const latitude = parseDecimal(near.latitude!, -90, 90);
    if (latitude === undefined) problems.push('latitude must be a number from -90 to 90 (decimal degrees, WGS 84)');
    const longitude = parseDecimal(near.longitude!, -180, 180);
    if (longitude === undefined) problems.push('longitude must be a number from -180 to 180 (decimal degrees, WGS 84)');
    const distanceKm = parseDecimal(near.distance!, 0, 40_075);
    if (distanceKm === undefined) problems.push('distance must be a number of kilometres from 0 to 40075');
    if (problems.length > 0) throw badRequest(`${problems.join('; ')}.`);
    filter.near = { latitude: latitude!, longitude: longitude!, distanceKm: distanceKm! };
  }
  return filter;
}

function parseDecimal(text: string, min: number, max: number): number | undefined {
  if (!decimalPattern.test(text)) return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

/** "91,049" → ["091", "049"]: codes are stored zero-padded, so short numeric codes are padded too. */
function parseMunicipalityCodes(text: string): string[] {
  const codes = text
    .split(',')
    .map((code) => code.trim())
    .filter((code) => code !== '');
  const bad = codes.filter((code) => !/^\d{1,3}$/.test(code));
  if (bad.length > 0) {
    throw badRequest(
      `municipality_code must be a comma-separated list of three-digit municipality codes such as 091,049; not valid: ${bad
        .slice(0, 5)
        .map((code) => JSON.stringify(code.slice(0, 20)))
        .join(', ')}.`,
    );
  }
  if (codes.length > maxMunicipalityCodes) {
    throw badRequest(`municipality_code takes at most ${maxMunicipalityCodes} codes.`);
  }
  return [...new Set(codes.map((code) => code.padStart(3, '0')))];
}
