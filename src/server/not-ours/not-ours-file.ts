/**
 * The "not ours" file: a GeoJSON FeatureCollection, one Feature per place someone else maintains,
 * whose `properties` are `{ id, name, message: { fi, sv, en }, url?, allowed_services: [codes] }`
 * and whose geometry (a Polygon or MultiPolygon, checked as a body's area is) is the place. Read
 * whole and checked whole: any problem refuses the file, each naming the feature and the field.
 */
import { z } from 'zod';
import { checkArea } from '../bodies/area-check';
import type { NotOursArea } from '../storage/repositories/not-ours';

/** Problems listed before the rest are only counted. */
const MAX_PROBLEMS = 20;

const identifier = z
  .string({ error: 'needs text' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'must be 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit');
const message = z.string({ error: 'needs a message' }).trim().min(1, 'needs a message').max(1000, 'is longer than 1000 characters');
const propertiesSchema = z.object(
  {
    id: identifier,
    name: z.string({ error: 'needs a name' }).trim().min(1, 'needs a name').max(200, 'is longer than 200 characters'),
    message: z.object({ fi: message, sv: message, en: message }, { error: 'needs a message in fi, sv and en saying whom to contact: { "fi": …, "sv": …, "en": … }' }),
    url: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) address' })
      .nullish()
      .transform((value) => value ?? null),
    // Empty: no report is taken here.
    allowed_services: z.array(z.string({ error: 'a service code is text' }).trim().min(1, 'a service code is text'), {
      error: 'needs a list of the service codes still reported here (may be empty)',
    }),
  },
  { error: 'needs properties { id, name, message, allowed_services }' },
);
const collectionSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });

/** Parses and checks a "not ours" file against the installation's service codes; `source` names it in the problems. */
export function parseNotOursFile(source: string, text: string, serviceCodes: ReadonlySet<string>): { areas: NotOursArea[]; problems: string[] } {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { areas: [], problems: [`${source}: not valid JSON (${(error as Error).message})`] };
  }
  const collection = collectionSchema.safeParse(json);
  if (!collection.success) return { areas: [], problems: [`${source}: not a GeoJSON FeatureCollection ({ "type": "FeatureCollection", "features": [...] })`] };

  const problems: string[] = [];
  const areas: NotOursArea[] = [];
  const featureOfId = new Map<string, number>();
  collection.data.features.forEach((feature, index) => {
    const raw = isObject(feature) && isObject(feature.properties) ? feature.properties : {};
    const id = typeof raw.id === 'string' ? raw.id : undefined;
    const problem = (field: string, text: string) => problems.push(`${source}: feature ${index}${id === undefined ? '' : ` (id ${id})`}: ${field}: ${text}`);
    if (!isObject(feature) || feature.type !== 'Feature') return problem('type', 'must be "Feature"');
    const properties = propertiesSchema.safeParse(feature.properties);
    for (const issue of properties.error?.issues ?? []) problem(['properties', ...issue.path].map(String).join('.'), issue.message);
    const area = checkArea(feature.geometry);
    for (const { field, message: text } of area.problems) problem(field, text);
    if (id !== undefined) {
      const first = featureOfId.get(id);
      if (first !== undefined) problem('properties.id', `"${id}" is also feature ${first}'s id; each area needs its own`);
      else featureOfId.set(id, index);
    }
    if (Array.isArray(raw.allowed_services)) {
      raw.allowed_services.forEach((code: unknown, position) => {
        if (typeof code === 'string' && code.trim() !== '' && !serviceCodes.has(code.trim())) {
          problem(`properties.allowed_services[${position}]`, `unknown service code "${code.trim()}" (not a service type of this installation)`);
        }
      });
    }
    if (properties.success && area.area) {
      const { id: areaId, name, message: messages, url, allowed_services } = properties.data;
      areas.push({ id: areaId, name, messages, url, allowedServiceCodes: [...new Set(allowed_services)], area: area.area });
    }
  });
  if (problems.length === 0) return { areas, problems };
  const more = problems.length - MAX_PROBLEMS;
  return { areas: [], problems: more > 0 ? [...problems.slice(0, MAX_PROBLEMS), `${source}: ${more} more problem(s) not listed`] : problems };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
