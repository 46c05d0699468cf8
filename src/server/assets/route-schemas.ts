/**
 * The asset layer routes' schemas (in the bodies read API, ../bodies/routes.ts): the queries read
 * and checked (every problem a GeoReport error record), the answers for the OpenAPI document.
 */
import { z } from 'zod';
import type { AssetFeaturesWire, AssetLayerWire } from '../../shared/assets/wire';
import { resolveLocale } from '../../shared/locales';
import { textParam } from '../http/query-params';
import { reportProblems } from '../open311/validation-errors';
import { errorRecordsSchema } from '../open311/wire-schemas';
import { cellsOf, maxCellsPerBox, type Cell } from './asset-features';

const oneText = z.preprocess((value) => textParam({ value }, 'value'), z.string().optional());
const decimal = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

const layer = z.strictObject({
  id: z.string(),
  name: z.string().describe('in the asked locale'),
  service_codes: z.array(z.string()).describe('the service types whose reports are about one of its assets'),
  min_zoom: z.number().describe('the map zoom from which its features are drawn'),
  required: z.boolean().describe('whether a report of those types needs an asset picked'),
  id_property: z.string().describe('the property that names an asset'),
  show: z.array(z.string()).describe('the properties shown of a picked asset'),
  send: z.record(z.string(), z.string()).describe("which of the type's questions (attribute codes) a picked asset answers, from which property"),
}) satisfies z.ZodType<AssetLayerWire>;

const features = z.strictObject({
  type: z.literal('FeatureCollection'),
  features: z.array(
    z.strictObject({
      type: z.literal('Feature'),
      id: z.string(),
      geometry: z.strictObject({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
      properties: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
    }),
  ),
  complete: z.boolean().describe('false when the city had more assets in the box than one answer holds: zoom in'),
}) satisfies z.ZodType<AssetFeaturesWire>;

const errors = (what: string) => ({ description: `Error records: ${what}`, content: { 'application/json': { schema: errorRecordsSchema } } });

export const assetLayersSchema = {
  tags: ['Bodies'],
  summary: "The asset layers: the city's own assets a report of some types is about",
  description: 'Every asset layer, its name in `locale` (fi, sv or en, else English). Where its features come from is not said.',
  querystring: z.object({ locale: oneText }).transform((query) => ({ locale: resolveLocale(query.locale) })),
  response: { 200: { description: 'The layers', content: { 'application/json': { schema: z.array(layer) } } } },
};

/** `bbox=west,south,east,north` in WGS 84 degrees, small enough to be a street map. */
const boxQuery = z.object({ bbox: oneText }).transform((query, ctx) => {
  const problems: string[] = [];
  const parts = query.bbox?.split(',') ?? [];
  const values = parts.map(Number);
  let cells: Cell[] | undefined;
  if (parts.length !== 4 || !parts.every((part) => decimal.test(part.trim()))) {
    problems.push('bbox must be west,south,east,north in decimal degrees, such as 24.93,60.16,24.95,60.17');
  } else {
    const [west, south, east, north] = values as [number, number, number, number];
    if (Math.abs(west) > 180 || Math.abs(east) > 180 || Math.abs(south) > 90 || Math.abs(north) > 90) problems.push('bbox must lie within -180 to 180 longitude and -90 to 90 latitude');
    else if (west >= east || south >= north) problems.push('bbox must be west,south,east,north with west < east and south < north');
    else {
      cells = cellsOf({ west, south, east, north });
      if (!cells) problems.push(`bbox is larger than a street map (more than ${maxCellsPerBox} cells of about 550 m): zoom in to the layer's min_zoom`);
    }
  }
  reportProblems(ctx, problems);
  // The grid cells the box touches: what is fetched and kept.
  return { cells: cells! };
});

export const assetFeaturesSchema = {
  tags: ['Bodies'],
  summary: "An asset layer's assets in a map's box",
  description:
    "The layer's assets (GeoJSON points, only the properties it shows and sends) in `bbox` (west,south,east,north; WGS 84), fetched from the city's map service by this server and kept a while per cell of about 550 m.",
  params: z.object({ id: z.string().max(100) }),
  querystring: boxQuery,
  response: {
    200: { description: 'The assets', content: { 'application/json': { schema: features } } },
    400: errors('what to fix in bbox'),
    404: errors('no such layer'),
    502: errors("the city's map service did not answer usably; try again"),
  },
};
