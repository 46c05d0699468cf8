import { paths } from '@/shared/paths';
import { ApiError, api } from '../../../lib/http-client';
import { locationOf, type Counter } from '../lib/counter';

// Hand-written rather than zod: the home page's counter layer reads these pages, and zod is about
// 25 KiB (gzip) the first page need not download.

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A number or a numeric string as a finite number (as the service's JSON may give either); else undefined. */
function numberOf(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(number) ? number : undefined;
}

const textOr = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const booleanOr = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);
const timeOrNull = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function coordinatesOf(geometry: unknown): [number, number] | null {
  if (!isObject(geometry) || !Array.isArray(geometry.coordinates)) return null;
  const [long, lat] = geometry.coordinates.map(numberOf);
  return long === undefined || lat === undefined ? null : [long, lat];
}

/** One GeoJSON feature as a counter; a feature without properties or a numeric id is left out. */
function toCounter(feature: unknown): Counter[] {
  if (!isObject(feature) || !isObject(feature.properties)) return [];
  const properties = feature.properties;
  const id = numberOf(properties.id);
  if (id === undefined) return [];
  const municipalityCode = properties.municipalityCode;
  return [
    {
      id,
      name: textOr(properties.name, ''),
      source: textOr(properties.source, ''),
      sourceId: numberOf(properties.sourceId) ?? null,
      classifying: booleanOr(properties.classifying, false),
      crsEpsg: numberOf(properties.crsEpsg) ?? 4326,
      municipalityCode: typeof municipalityCode === 'string' || typeof municipalityCode === 'number' ? String(municipalityCode) : '',
      dataReceived: booleanOr(properties.dataReceived, false),
      firstStoredObservation: timeOrNull(properties.firstStoredObservation),
      lastStoredObservation: timeOrNull(properties.lastStoredObservation),
      location: locationOf(coordinatesOf(feature.geometry)),
    },
  ];
}

/** The DRF page envelope: a count, a next link, and the features; anything else is a broken answer. */
function envelopeOf(body: unknown, url: string): { count: number; next: unknown; features: unknown[] } {
  const page = isObject(body) ? body : {};
  const { count, results } = page;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0 || !isObject(results) || !Array.isArray(results.features)) {
    throw new ApiError({ kind: 'invalid-response', status: 200, url, message: `counter page from ${url}: not a page of GeoJSON features` });
  }
  return { count, next: page.next, features: results.features };
}

export interface CounterPage {
  count: number;
  hasNext: boolean;
  counters: Counter[];
}

export async function getCountersPage({
  page,
  pageSize,
  signal,
}: {
  page: number;
  pageSize: number;
  signal?: AbortSignal;
}): Promise<CounterPage> {
  const url = `${paths.proxyCounters}/`;
  const body = await api.get(url, { query: { page, page_size: pageSize }, signal });
  const envelope = envelopeOf(body, url);
  return {
    count: envelope.count,
    hasNext: typeof envelope.next === 'string' && envelope.next !== '',
    counters: envelope.features.flatMap(toCounter),
  };
}
