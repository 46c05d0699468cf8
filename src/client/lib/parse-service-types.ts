/**
 * Reading a GeoReport service list (services.json). Hand-written rather than zod: the map on the
 * first page reads the list, and zod is about 25 KiB (gzip) that page need not download.
 */
import type { ServiceType } from '../../shared/georeport/types';
import { ApiError } from './http-client';

const serviceKinds = new Set(['realtime', 'batch', 'blackbox']);
const textOr = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

/**
 * One entry of a GeoReport service list; null without a code or a name, the only fields the app
 * cannot do without. Real cities' lists are not always tidy (numeric codes, null descriptions,
 * missing groups): the rest falls back to defaults.
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

/** A service list as read: its usable entries, and where the first unusable one was. */
export interface ServiceList {
  /** Every entry with a code and a name, in the API's order. */
  serviceTypes: ServiceType[];
  /** 1-based position of the first entry without a code or a name; null when there is none. */
  firstUnusableEntry: number | null;
}

const invalidList = (url: string, why: string) =>
  new ApiError({ kind: 'invalid-response', status: 200, url, message: `services list from ${url}: ${why}` });

/**
 * The list with its unusable entries left out but remembered: a page that only looks up a name
 * can use the rest, while a page that offers every type (`requireEveryEntry`) refuses the list.
 * An answer that is not an array is an error for every page.
 */
export function parseServiceList(body: unknown, url: string): ServiceList {
  if (!Array.isArray(body)) throw invalidList(url, 'not a JSON array');
  const serviceTypes: ServiceType[] = [];
  let firstUnusableEntry: number | null = null;
  body.forEach((item: unknown, index) => {
    const serviceType = parseServiceType(item);
    if (serviceType) serviceTypes.push(serviceType);
    else firstUnusableEntry ??= index + 1;
  });
  return { serviceTypes, firstUnusableEntry };
}

/** Every entry of the list, or the error naming the first unusable one. */
export function requireEveryEntry(list: ServiceList, url: string): ServiceType[] {
  if (list.firstUnusableEntry !== null) throw invalidList(url, `entry ${list.firstUnusableEntry} has no service_code or service_name`);
  return list.serviceTypes;
}

/** The whole list; an answer that is not an array, or an entry without code or name, is an error. */
export function parseServiceTypes(body: unknown, url: string): ServiceType[] {
  return requireEveryEntry(parseServiceList(body, url), url);
}
