/**
 * The Pelias parameters of /search and /reverse, checked. Every problem is collected, worded as
 * Pelias words them ("missing param 'point.lat'") and then what to send instead, and answered at
 * once as a 400. Parameters Pelias has but this geocoder does not use (sources, boundary.rect,
 * boundary.country…) are accepted and ignored, as Pelias ignores what it does not know.
 */
import { listParam, textParam, type RawQuery } from '../http/query-params';
import type { Layer, ReverseRequest, SearchRequest } from './geocoder';

export type Lang = 'fi' | 'sv' | 'en';

export class PeliasParameterError extends Error {
  constructor(readonly errors: string[]) {
    super(errors.join('; '));
  }
}

/** Pelias's limits: 10 results unless asked, at most 40. */
const DEFAULT_SIZE = 10;
const MAX_SIZE = 40;
/** A search text longer than any address or place name is a mistake (or an attack on the matcher). */
export const MAX_TEXT_LENGTH = 200;
/** Reverse geocoding looks this far by default (200 m: a house across a wide street or a park), at most 1 km. */
export const DEFAULT_REVERSE_RADIUS_KM = 0.2;
const MAX_REVERSE_RADIUS_KM = 1;

const searchLayers: readonly Layer[] = ['address', 'street', 'venue'];
const reverseLayers: readonly Layer[] = ['address', 'venue'];
const languages: Record<Lang, { name: string; iso6393: string }> = {
  fi: { name: 'Finnish', iso6393: 'fin' },
  sv: { name: 'Swedish', iso6393: 'swe' },
  en: { name: 'English', iso6393: 'eng' },
};

const decimal = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

export interface Parsed<R> {
  request: R;
  lang: Lang;
  /** The query as understood, echoed in the answer's `geocoding.query`. */
  echo: Record<string, unknown>;
  warnings: string[];
}

function numberParam(query: RawQuery, name: string, min: number, max: number, errors: string[]): number | undefined {
  const text = textParam(query, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!decimal.test(text) || value < min || value > max) {
    errors.push(`invalid param '${name}': must be a number from ${min} to ${max}, such as ${name.endsWith('lat') ? '60.1699' : name.endsWith('lon') ? '24.9384' : min}`);
    return undefined;
  }
  return value;
}

/** A lat/lon pair under `prefix`; both or neither (unless required). */
function pointParam(query: RawQuery, prefix: string, required: boolean, errors: string[]): { lat: number; long: number } | undefined {
  const latName = `${prefix}.lat`;
  const lonName = `${prefix}.lon`;
  const hasLat = textParam(query, latName) !== undefined;
  const hasLon = textParam(query, lonName) !== undefined;
  if (!hasLat && !hasLon && !required) return undefined;
  if (!hasLat) errors.push(`missing param '${latName}': send ${latName} and ${lonName} together (WGS84 degrees)`);
  if (!hasLon) errors.push(`missing param '${lonName}': send ${latName} and ${lonName} together (WGS84 degrees)`);
  const lat = numberParam(query, latName, -90, 90, errors);
  const long = numberParam(query, lonName, -180, 180, errors);
  return lat !== undefined && long !== undefined ? { lat, long } : undefined;
}

function sizeParam(query: RawQuery, errors: string[]): number {
  const text = textParam(query, 'size');
  if (text === undefined) return DEFAULT_SIZE;
  if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_SIZE) {
    errors.push(`invalid param 'size': must be a whole number from 1 to ${MAX_SIZE}`);
    return DEFAULT_SIZE;
  }
  return Number(text);
}

function layersParam(query: RawQuery, allowed: readonly Layer[], defaults: readonly Layer[], errors: string[]): Set<Layer> {
  const asked = listParam(query, 'layers');
  if (asked === undefined) return new Set(defaults);
  const unknown = asked.filter((layer) => !(allowed as readonly string[]).includes(layer));
  for (const layer of unknown) errors.push(`'${layer}' is an invalid layers parameter. Valid options: ${allowed.join(', ')}`);
  return new Set(asked.filter((layer): layer is Layer => (allowed as readonly string[]).includes(layer)));
}

/** `lang`, else the Accept-Language header's first supported language, else Finnish. */
function langParam(query: RawQuery, acceptLanguage: string | undefined, errors: string[], warnings: string[]) {
  const text = textParam(query, 'lang');
  const primary = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (text !== undefined) {
    if (!/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$/.test(text)) {
      errors.push("invalid param 'lang': must be a language code such as fi, sv or en");
    } else if (primary(text) in languages) {
      return { lang: primary(text) as Lang, defaulted: false };
    } else {
      warnings.push(`lang '${text}' is not available: answering in Finnish (available: fi, sv, en)`);
    }
    return { lang: 'fi' as Lang, defaulted: true };
  }
  const fromHeader = (acceptLanguage ?? '').split(',').map((part) => primary(part.split(';')[0] ?? '')).find((tag) => tag in languages);
  return { lang: (fromHeader ?? 'fi') as Lang, defaulted: fromHeader === undefined };
}

function langEcho(lang: Lang, defaulted: boolean) {
  return { name: languages[lang].name, iso6391: lang, iso6393: languages[lang].iso6393, defaulted };
}

export function parseSearchParams(query: RawQuery, acceptLanguage?: string): Parsed<SearchRequest> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const raw = query.text;
  const text = (Array.isArray(raw) ? raw.map(String).join(' ') : raw === undefined ? '' : String(raw)).trim();
  if (text === '') errors.push("invalid param 'text': text length, must be >0 (send what to look for, e.g. text=Hämeentie 3)");
  else if (text.length > MAX_TEXT_LENGTH) errors.push(`invalid param 'text': must be at most ${MAX_TEXT_LENGTH} characters`);
  const size = sizeParam(query, errors);
  const layers = layersParam(query, searchLayers, searchLayers, errors);
  const focus = pointParam(query, 'focus.point', false, errors);
  const { lang, defaulted } = langParam(query, acceptLanguage, errors, warnings);
  if (errors.length > 0) throw new PeliasParameterError(errors);
  return {
    request: { text, size, layers, focus },
    lang,
    warnings,
    echo: {
      text,
      size,
      layers: [...layers],
      lang: langEcho(lang, defaulted),
      ...(focus ? { 'focus.point.lat': focus.lat, 'focus.point.lon': focus.long } : {}),
    },
  };
}

export function parseReverseParams(query: RawQuery, acceptLanguage?: string): Parsed<ReverseRequest> {
  const errors: string[] = [];
  const warnings: string[] = [];
  const point = pointParam(query, 'point', true, errors);
  const size = sizeParam(query, errors);
  const layers = layersParam(query, reverseLayers, ['address'], errors);
  const radiusKm = numberParam(query, 'boundary.circle.radius', 0.001, MAX_REVERSE_RADIUS_KM, errors) ?? DEFAULT_REVERSE_RADIUS_KM;
  const { lang, defaulted } = langParam(query, acceptLanguage, errors, warnings);
  if (errors.length > 0 || !point) throw new PeliasParameterError(errors);
  return {
    request: { ...point, radiusMeters: radiusKm * 1000, size, layers },
    lang,
    warnings,
    echo: {
      size,
      layers: [...layers],
      lang: langEcho(lang, defaulted),
      'point.lat': point.lat,
      'point.lon': point.long,
      'boundary.circle.radius': radiusKm,
    },
  };
}
