/**
 * The bodies read API, for the web app and anyone else, with no key: `GET /bodies/v1/bodies.json`
 * lists every body, `?lat=&long=` those covering the point, most specific first. Bodies are this
 * installation's own configuration, so the proxy always asks this route in-process, even when the
 * GeoReport service is a city's URL. Errors are GeoReport error records, like the proxy's.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { BodyWire } from '../../shared/bodies/wire';
import type { AppContext } from '../context';
import { textParam, type RawQuery } from '../http/query-params';
import { geoReportErrorHandler } from '../open311/error-handler';
import { badRequest, GeoReportError } from '../open311/errors';
import type { BodyRecord } from '../storage/repositories/bodies';
import { bodiesSchema } from './route-schemas';
import { describeRoutesOnly } from '../http/route-validation';

/** What the app may see of a body: never its area (large, and not needed) nor `send` (may hold a key). */
const bodyWire = ({ id, jurisdiction_id, names, services }: BodyRecord): BodyWire => ({
  id,
  jurisdiction_id,
  name: { fi: names.fi, sv: names.sv, en: names.en },
  services: [...services],
});

const decimal = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** The point asked about, if any; every problem with it reported at once. */
function pointOf(query: RawQuery): { lat: number; long: number } | undefined {
  const problems: string[] = [];
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
  if (problems.length > 0) throw badRequest(problems);
  return lat === undefined || long === undefined ? undefined : { lat, long };
}

export const bodiesRoutes: FastifyPluginAsync<{ context: AppContext }> = async (app, { context }) => {
  describeRoutesOnly(app);
  app.setErrorHandler(geoReportErrorHandler);
  app.get<{ Querystring: RawQuery }>('/bodies.json', { schema: bodiesSchema }, async (request, reply) => {
    const point = pointOf(request.query);
    const { bodies } = context.repositories;
    const found = point ? await bodies.at(point.lat, point.long) : await bodies.list();
    // Revalidated every time: the global ETag makes that a 304 until an import changes the answer.
    return reply.header('cache-control', 'no-cache').send(found.map(bodyWire));
  });
  // Outranks the web app's wildcard: an unknown path here is answered as this API, not as a page.
  app.all('/*', { schema: { hide: true } }, async (request) => {
    throw new GeoReportError(404, `no such resource: ${request.method} ${request.url.split('?')[0]}; the bodies are at bodies.json`);
  });
};
