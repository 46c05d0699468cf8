/** The bodies read API's route schema, for the OpenAPI document only; the route reads its own parameters. */
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { errorRecordsSchema } from '../open311/wire-schemas';

const names = z.strictObject({ fi: z.string(), sv: z.string(), en: z.string() });
const body = z.strictObject({
  id: z.string(),
  jurisdiction_id: z.string().describe('the GeoReport jurisdiction_id that names this body'),
  name: names,
  services: z.array(z.string()).describe('the service codes it handles'),
});

export const bodiesSchema: FastifySchema = {
  tags: ['Bodies'],
  summary: 'The bodies that handle reports (every one, or those covering a point, most specific first)',
  description: 'With `lat` and `long` (WGS 84 decimal degrees), the bodies whose area covers the point, the most specific (smallest area) first: the first that handles a service type is the one a report of that type goes to. Without them, every body. `[]` when the installation has no bodies (one jurisdiction).',
  querystring: z.object({ lat: z.string().optional(), long: z.string().optional() }),
  response: {
    200: { description: 'The bodies', content: { 'application/json': { schema: z.array(body) } } },
    400: { description: 'Error records: what to fix in lat or long', content: { 'application/json': { schema: errorRecordsSchema } } },
  },
};
