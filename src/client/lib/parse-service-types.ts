import type { ServiceType } from '../../shared/georeport/types';
import { ApiError } from './http-client';

const serviceKinds = new Set(['realtime', 'batch', 'blackbox']);
const textOr = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/**
 * One entry of a GeoReport service list; null without a code or a name, the only fields the app
 * cannot do without. Real cities' lists are not always tidy (numeric codes, null descriptions,
 * missing groups): the rest falls back to defaults. Hand-written rather than zod: the map on the
 * first page reads the list, and zod is about 25 KiB (gzip) that page need not download.
 */
export function parseServiceType(item: unknown): ServiceType | null {
  const entry = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
  const code = entry.service_code;
  if ((typeof code !== 'string' && typeof code !== 'number') || typeof entry.service_name !== 'string') return null;
  return {
    service_code: String(code),
    service_name: entry.service_name,
    description: textOr(entry.description),
    metadata: typeof entry.metadata === 'boolean' ? entry.metadata : false,
    type: (serviceKinds.has(textOr(entry.type)) ? entry.type : 'realtime') as ServiceType['type'],
    keywords: textOr(entry.keywords),
    group: textOr(entry.group),
  };
}

/** The whole list; an answer that is not an array, or an entry without code or name, is an error. */
export function parseServiceTypes(body: unknown, url: string): ServiceType[] {
  const invalid = (why: string) => new ApiError({ kind: 'invalid-response', status: 200, url, message: `services list from ${url}: ${why}` });
  if (!Array.isArray(body)) throw invalid('not a JSON array');
  return body.map((item: unknown, index) => {
    const serviceType = parseServiceType(item);
    if (!serviceType) throw invalid(`entry ${index + 1} has no service_code or service_name`);
    return serviceType;
  });
}
