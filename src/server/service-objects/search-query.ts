/** The parameters of a service-object search (q, lat, long, radius, limit, locale), checked. */
import { resolveLocale, type SupportedLocale } from '../../shared/locales';
import { textParam, type RawQuery } from '../http/query-params';
import { badRequest } from '../open311/errors';
import type { ServiceObjectSearch } from '../storage/repositories/types';

const maxRadiusMeters = 5000;

function numberIn(query: RawQuery, name: string, min: number, max: number, problems: string[]): number | undefined {
  const text = textParam(query, name);
  if (text === undefined) return undefined;
  const value = Number(text);
  if (!/^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(text) || value < min || value > max) {
    problems.push(`${name} must be a number from ${min} to ${max}`);
    return undefined;
  }
  return value;
}

/** The search to run and the language to name objects in; every problem found is reported at once. */
export function parseSearchQuery(query: RawQuery): { search: ServiceObjectSearch; locale: SupportedLocale } {
  const problems: string[] = [];
  const text = textParam(query, 'q');
  if (text !== undefined && text.length > 100) problems.push('q must be at most 100 characters');
  const lat = numberIn(query, 'lat', -90, 90, problems);
  const long = numberIn(query, 'long', -180, 180, problems);
  const radius = numberIn(query, 'radius', 1, maxRadiusMeters, problems) ?? (lat !== undefined ? 1000 : undefined);
  if ((textParam(query, 'lat') === undefined) !== (textParam(query, 'long') === undefined)) {
    problems.push('lat and long must be sent together');
  }
  const limit = numberIn(query, 'limit', 1, 100, problems) ?? 20;
  if (problems.length > 0) throw badRequest(problems);
  return {
    search: {
      text,
      near: lat !== undefined && long !== undefined && radius !== undefined ? { lat, long, radiusMeters: radius } : undefined,
      limit: Math.floor(limit),
    },
    locale: resolveLocale(textParam(query, 'locale')),
  };
}
