/**
 * The bodies read API's route schema: its query schema reads and checks the point asked about
 * (every problem one GeoReport error record, open311/validation-errors.ts), and with the answers
 * it makes the OpenAPI document.
 */
import { z } from 'zod';
import type { BodyWire } from '../../shared/bodies/wire';
import type { NotOursWire } from '../../shared/not-ours/wire';
import { resolveLocale } from '../../shared/locales';
import { textParam, type RawQuery } from '../http/query-params';
import { reportProblems } from '../open311/validation-errors';
import { errorRecordsSchema } from '../open311/wire-schemas';

const names = z.strictObject({ fi: z.string(), sv: z.string(), en: z.string() });
const body = z.strictObject({
  id: z.string(),
  jurisdiction_id: z.string().describe('the GeoReport jurisdiction_id that names this body'),
  name: names,
  services: z.array(z.string()).describe('the service codes it handles'),
}) satisfies z.ZodType<BodyWire>;

const decimal = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The point asked about, if any; every problem with it reported at once. */
function pointOf(query: RawQuery, problems: string[]): { lat: number; long: number } | undefined {
  const coordinate = (name: 'lat' | 'long', limit: number) => {
    const text = textParam(query, name);
    if (text === undefined) return undefined;
    const value = Number(text);
    if (!decimal.test(text) || Math.abs(value) > limit) problems.push(`${name} must be a decimal number from -${limit} to ${limit}`);
    return value;
  };
  const lat = coordinate('lat', 90);
  const long = coordinate('long', 180);
  if ((lat === undefined) !== (long === undefined)) problems.push('lat and long must be sent together');
  return problems.length > 0 || lat === undefined || long === undefined ? undefined : { lat, long };
}

/** One text per parameter, as http/query-params reads it (a repeated one is a comma list). */
const coordinateText = z.preprocess((value) => textParam({ value }, 'value'), z.string().optional());

const bodiesQuery = z.object({ lat: coordinateText, long: coordinateText }).transform((query, ctx) => {
  const problems: string[] = [];
  const point = pointOf(query, problems);
  reportProblems(ctx, problems);
  return { point };
});

export const bodiesSchema = {
  tags: ['Bodies'],
  summary: 'The bodies that handle reports (every one, or those covering a point, most specific first)',
  description: 'With `lat` and `long` (WGS 84 decimal degrees), the bodies whose area covers the point, the most specific (smallest area) first: the first that handles a service type is the one a report of that type goes to. Without them, every body. `[]` when the installation has no bodies (one jurisdiction).',
  querystring: bodiesQuery,
  response: {
    200: { description: 'The bodies', content: { 'application/json': { schema: z.array(body) } } },
    400: { description: 'Error records: what to fix in lat or long', content: { 'application/json': { schema: errorRecordsSchema } } },
  },
};

const notOursPlace = z.strictObject({
  id: z.string(),
  name: z.string().describe('the place, as the installation names it'),
  message: z.string().describe('whom to contact instead, in the asked language'),
  url: z.string().nullable().describe("the contact's web page, if any"),
  allowed_services: z.array(z.string()).describe('the service codes still reported here (none when empty)'),
}) satisfies z.ZodType<NotOursWire>;

const notOursQuery = z.object({ lat: coordinateText, long: coordinateText, locale: coordinateText }).transform((query, ctx) => {
  const problems: string[] = [];
  const point = pointOf(query, problems);
  if (problems.length === 0 && !point) problems.push('lat and long are required: the point to look up');
  reportProblems(ctx, problems);
  return { point: point!, locale: resolveLocale(query.locale) };
});

export const notOursSchema = {
  tags: ['Bodies'],
  summary: 'Whether a point is a place someone else maintains, and whom to contact there',
  description:
    'The "not ours" place covering the point (`lat`, `long`, WGS 84), the most specific first, at most one: its message (in `locale`: fi, sv or en, else English) says whom to contact, and a report there is refused unless its service code is in `allowed_services`. `[]` when the point is not in one.',
  querystring: notOursQuery,
  response: {
    200: { description: 'The place, or none', content: { 'application/json': { schema: z.array(notOursPlace).max(1) } } },
    400: { description: 'Error records: what to fix in lat or long', content: { 'application/json': { schema: errorRecordsSchema } } },
  },
};
