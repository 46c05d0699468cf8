/**
 * The bodies file: a GeoJSON FeatureCollection, one Feature per body, whose `properties` are
 * `{ id, jurisdiction_id, name: { fi, sv, en }, services: [codes], send? }` and whose geometry is
 * the body's area. Read whole and checked whole: any problem refuses the file, and every problem
 * names the feature (index and id) and the field, so one run lists what to fix.
 */
import { z } from 'zod';
import { defaultSendSettings, sendSettingsSchema } from '../forwarding/senders';
import type { BodyRecord } from '../storage/repositories/bodies';
import { checkArea } from './area-check';

/** Problems listed before the rest are only counted. */
const MAX_PROBLEMS = 20;

export interface BodyFileContext {
  /** The service codes a body may name: the store's, plus any the same command imports. */
  serviceCodes: ReadonlySet<string>;
  /** The bodies stored now: a body this file does not replace keeps its jurisdiction_id. */
  storedBodies: readonly Pick<BodyRecord, 'id' | 'jurisdiction_id'>[];
}

export interface BodyFile {
  bodies: BodyRecord[];
  /** Empty when the file may be imported. */
  problems: string[];
}

const identifier = z
  .string({ error: 'needs text' })
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/, 'must be 1 to 100 letters, digits, ".", "_" or "-", starting with a letter or digit');
const name = z.string({ error: 'needs a name' }).trim().min(1, 'needs a name').max(200, 'is longer than 200 characters');
const propertiesSchema = z.object(
  {
    id: identifier,
    jurisdiction_id: identifier,
    name: z.object({ fi: name, sv: name, en: name }, { error: 'needs names in fi, sv and en: { "fi": …, "sv": …, "en": … }' }),
    // May be empty: `services import --body ID` can fill it later.
    services: z.array(z.string({ error: 'a service code is text' }).trim().min(1, 'a service code is text'), {
      error: 'needs a list of service codes (may be empty)',
    }),
    // How its reports reach it: each method's settings are its sender's (forwarding/senders/).
    send: sendSettingsSchema.default(defaultSendSettings),
  },
  { error: 'needs properties { id, jurisdiction_id, name, services }' },
);
const collectionSchema = z.object({ type: z.literal('FeatureCollection'), features: z.array(z.unknown()) });

/** Parses and checks a bodies file; `source` names it in the problems. */
export function parseBodyFile(source: string, text: string, context: BodyFileContext): BodyFile {
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { bodies: [], problems: [`${source}: not valid JSON (${(error as Error).message})`] };
  }
  const collection = collectionSchema.safeParse(json);
  if (!collection.success) return { bodies: [], problems: [`${source}: not a GeoJSON FeatureCollection ({ "type": "FeatureCollection", "features": [...] })`] };
  const features = collection.data.features;
  if (features.length === 0) return { bodies: [], problems: [`${source}: has no features; it needs one Feature per body`] };

  const problems: string[] = [];
  const bodies: BodyRecord[] = [];
  const fileIds = new Set(features.map(idOf).filter((id) => id !== undefined));
  const uniqueness = {
    /** Where each id and jurisdiction_id was first seen, to name the other feature of a duplicate. */
    featureOfId: new Map<string, number>(),
    featureOfJurisdiction: new Map<string, number>(),
    // A stored body the file does not replace keeps its jurisdiction_id; a replaced one gives it up.
    keptJurisdictions: new Map(context.storedBodies.filter((body) => !fileIds.has(body.id)).map((body) => [body.jurisdiction_id, body.id])),
  };

  features.forEach((feature, index) => {
    const id = idOf(feature);
    const problem: Problem = (field, message) =>
      problems.push(`${source}: feature ${index}${id === undefined ? '' : ` (id ${id})`}: ${field}: ${message}`);
    if (!isObject(feature) || feature.type !== 'Feature') return problem('type', 'must be "Feature"');
    const properties = propertiesSchema.safeParse(feature.properties);
    for (const issue of properties.error?.issues ?? []) problem(fieldPath(['properties', ...issue.path]), issue.message);
    const area = checkArea(feature.geometry);
    for (const { field, message } of area.problems) problem(field, message);
    // On the raw properties, so these are found even beside other problems in the same feature.
    const raw = isObject(feature.properties) ? feature.properties : {};
    checkUniqueness(raw, index, uniqueness, problem);
    checkServiceCodes(raw, context.serviceCodes, problem);
    if (properties.success && area.area) {
      const { id: bodyId, jurisdiction_id, name: names, services, send } = properties.data;
      bodies.push({ id: bodyId, jurisdiction_id, names, area: area.area, services, send });
    }
  });
  if (problems.length === 0) return { bodies, problems };
  const more = problems.length - MAX_PROBLEMS;
  return { bodies: [], problems: more > 0 ? [...problems.slice(0, MAX_PROBLEMS), `${source}: ${more} more problem(s) not listed`] : problems };
}

type Problem = (field: string, message: string) => void;

function checkUniqueness(
  raw: Record<string, unknown>,
  index: number,
  seen: { featureOfId: Map<string, number>; featureOfJurisdiction: Map<string, number>; keptJurisdictions: Map<string, string> },
  problem: Problem,
): void {
  if (typeof raw.id === 'string') {
    const first = seen.featureOfId.get(raw.id);
    if (first !== undefined) problem('properties.id', `"${raw.id}" is also feature ${first}'s id; each body needs its own`);
    else seen.featureOfId.set(raw.id, index);
  }
  if (typeof raw.jurisdiction_id === 'string') {
    const first = seen.featureOfJurisdiction.get(raw.jurisdiction_id);
    if (first !== undefined) problem('properties.jurisdiction_id', `"${raw.jurisdiction_id}" is also feature ${first}'s; each body needs its own`);
    else seen.featureOfJurisdiction.set(raw.jurisdiction_id, index);
    const holder = seen.keptJurisdictions.get(raw.jurisdiction_id);
    if (holder !== undefined) problem('properties.jurisdiction_id', `"${raw.jurisdiction_id}" belongs to the stored body "${holder}", which this file does not replace`);
  }
}

function checkServiceCodes(raw: Record<string, unknown>, known: ReadonlySet<string>, problem: Problem): void {
  if (!Array.isArray(raw.services)) return;
  const listed = new Set<string>();
  raw.services.forEach((entry: unknown, position) => {
    const code = typeof entry === 'string' ? entry.trim() : '';
    if (code === '') return;
    if (listed.has(code)) problem(`properties.services[${position}]`, `"${code}" is listed twice`);
    else if (!known.has(code)) problem(`properties.services[${position}]`, `unknown service code "${code}" (not a service type of this installation)`);
    listed.add(code);
  });
}

/** `['properties', 'services', 2]` as `properties.services[2]`. */
function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((key, at) => (typeof key === 'number' ? `[${key}]` : `${at === 0 ? '' : '.'}${String(key)}`)).join('');
}

/** A feature's `properties.id` as text, for naming it in a problem, if it has one. */
function idOf(feature: unknown): string | undefined {
  const id = isObject(feature) && isObject(feature.properties) ? feature.properties.id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
