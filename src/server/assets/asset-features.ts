/**
 * An asset layer's features in a map's box, fetched by the server from the city's own map service
 * (the browser never talks to it, and a key stays here). The box is cut into cells of a fixed grid
 * (about 550 m a side in Finland) and each cell is asked for once and kept a while, so panning
 * asks the city's service only for cells not seen yet, and every resident near the same place
 * shares the answers. Only Point features are taken (a lamp post, a bin, a bench), with only the
 * properties the layer shows and sends.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { AssetFeatureWire, AssetFeaturesWire } from '../../shared/assets/wire';
import type { AnswerCache } from '../http/answer-cache';
import type { AssetLayer } from './asset-layers';

/** The grid's cell, in degrees: 0.005° of latitude is 556 m; 0.01° of longitude 556 m at 60° N. */
const cellLat = 0.005;
const cellLong = 0.01;
/** A phone's street map at zoom 16 spans about 6 cells, a desktop's about 12. */
export const maxCellsPerBox = 24;
/** Features asked of the city's service per cell; more in a cell marks the answer incomplete. */
const featuresPerCell = 500;
const upstreamTimeoutMs = 8000;
const maxAnswerBytes = 5 * 1024 * 1024;

export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface Cell {
  x: number;
  y: number;
}

interface CellAnswer {
  features: AssetFeatureWire[];
  complete: boolean;
}

/** The city's service did not answer usably: what to tell the resident and the operator, never its address or key. */
export class AssetSourceError extends Error {}

/** The grid cells a box touches; `undefined` when more than maxCellsPerBox. */
export function cellsOf(box: Box): Cell[] | undefined {
  const [x0, x1] = [Math.floor(box.west / cellLong), Math.floor(box.east / cellLong)];
  const [y0, y1] = [Math.floor(box.south / cellLat), Math.floor(box.north / cellLat)];
  if ((x1 - x0 + 1) * (y1 - y0 + 1) > maxCellsPerBox) return undefined;
  const cells: Cell[] = [];
  for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) cells.push({ x, y });
  return cells;
}

const cellBox = ({ x, y }: Cell): Box => ({ west: x * cellLong, south: y * cellLat, east: (x + 1) * cellLong, north: (y + 1) * cellLat });
const fixed = (value: number) => value.toFixed(6);

/** The request for one cell's features, as each kind of service takes it. */
export function cellUrl(layer: AssetLayer, box: Box): URL {
  const { source } = layer;
  let url: URL;
  if (source.kind === 'ogc-api-features') {
    url = new URL(`${source.url.replace(/\/+$/, '')}/collections/${encodeURIComponent(source.collection)}/items`);
    url.searchParams.set('f', 'json');
    url.searchParams.set('limit', String(featuresPerCell));
    // OGC API - Features: longitude first, WGS 84 (CRS84) unless said otherwise.
    url.searchParams.set('bbox', [box.west, box.south, box.east, box.north].map(fixed).join(','));
  } else {
    url = new URL(source.url);
    for (const [name, value] of Object.entries({ SERVICE: 'WFS', VERSION: '2.0.0', REQUEST: 'GetFeature', TYPENAMES: source.type_name, OUTPUTFORMAT: source.output_format, COUNT: String(featuresPerCell) })) {
      url.searchParams.set(name, value);
    }
    // WFS 2.0 with the URN form of EPSG:4326: latitude first, as the CRS defines its axes.
    url.searchParams.set('BBOX', `${[box.south, box.west, box.north, box.east].map(fixed).join(',')},urn:ogc:def:crs:EPSG::4326`);
    url.searchParams.set('SRSNAME', 'urn:ogc:def:crs:EPSG::4326');
  }
  if (layer.key) url.searchParams.set(layer.key.query_parameter, layer.key.value);
  return url;
}

const primitive = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export const answerSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.object({ id: z.union([z.string(), z.number()]).optional(), geometry: z.unknown(), properties: z.record(z.string(), z.unknown()).nullish() })),
});
const pointSchema = z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]).rest(z.number()) });

const margin = 1e-6;
const inBox = (box: Box, long: number, lat: number) => long >= box.west - margin && long <= box.east + margin && lat >= box.south - margin && lat <= box.north + margin;

/**
 * The layer's features of one answer: points inside the box asked about (a little beyond, for
 * rounding), with the layer's properties only. GeoJSON is longitude first (RFC 7946), but some WFS
 * servers answer latitude first for EPSG:4326's URN: a point in the box only with its axes swapped
 * is taken so (a cell is 550 m: the two readings cannot both fall in it). Any other is left out,
 * never drawn in the wrong place.
 */
export function featuresOf(layer: AssetLayer, answer: z.output<typeof answerSchema>, box: Box): AssetFeatureWire[] {
  const kept = new Set([layer.id_property, ...layer.show, ...Object.values(layer.send)]);
  const features: AssetFeatureWire[] = [];
  for (const feature of answer.features) {
    const point = pointSchema.safeParse(feature.geometry);
    if (!point.success) continue;
    const [first, second] = point.data.coordinates;
    const [long, lat] = inBox(box, first, second) ? [first, second] : inBox(box, second, first) ? [second, first] : [Number.NaN, Number.NaN];
    if (Number.isNaN(long)) continue;
    const source = feature.properties ?? {};
    const id = source[layer.id_property] ?? feature.id;
    if (id === undefined || id === null || id === '') continue;
    const properties: AssetFeatureWire['properties'] = {};
    for (const name of kept) {
      const value = primitive.safeParse(source[name]);
      properties[name] = value.success ? value.data : null;
    }
    features.push({ type: 'Feature', id: String(id), geometry: { type: 'Point', coordinates: [long, lat] }, properties });
  }
  return features;
}

async function fetchCell(layer: AssetLayer, cell: Cell): Promise<CellAnswer> {
  const box = cellBox(cell);
  let response: Response;
  try {
    // A redirect is an answer, not followed, as for the case systems' reads: a 302 must not make the server fetch an address of another's choosing.
    response = await fetch(cellUrl(layer, box), { signal: AbortSignal.timeout(upstreamTimeoutMs), headers: { accept: 'application/geo+json, application/json' }, redirect: 'manual' });
  } catch {
    throw new AssetSourceError(`the map service of asset layer ${layer.id} did not answer`);
  }
  const text = await response.text();
  if (!response.ok) throw new AssetSourceError(`the map service of asset layer ${layer.id} answered HTTP ${response.status}`);
  if (text.length > maxAnswerBytes) throw new AssetSourceError(`the map service of asset layer ${layer.id} answered more than ${maxAnswerBytes} bytes for one cell`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AssetSourceError(`the map service of asset layer ${layer.id} did not answer GeoJSON`);
  }
  const answer = answerSchema.safeParse(json);
  if (!answer.success) throw new AssetSourceError(`the map service of asset layer ${layer.id} did not answer a GeoJSON FeatureCollection`);
  return { features: featuresOf(layer, answer.data, box), complete: answer.data.features.length < featuresPerCell };
}

export interface AssetFeatureReader {
  /** The layer's features in the box's cells, each asset once. */
  read(layer: AssetLayer, cells: readonly Cell[]): Promise<AssetFeaturesWire>;
}

/** A cell's answer as the server's cache keeps it: its bytes count against the cache's room. */
interface CachedCell {
  body: Buffer;
  answer: CellAnswer;
}

/**
 * Cells are kept in `cache` (the server's one cache module, bounded by bytes and age: the city's
 * assets change seldom), under the layer's whole definition, so an import that changes it is asked
 * afresh. A cell being fetched is fetched once for every asker.
 */
export function createAssetFeatureReader(cache: AnswerCache<CachedCell>): AssetFeatureReader {
  const inFlight = new Map<string, Promise<CellAnswer>>();
  const cellAnswer = (layer: AssetLayer, version: string, cell: Cell): Promise<CellAnswer> => {
    const key = `${layer.id}|${cell.x}|${cell.y}`;
    const kept = cache.get(key, version);
    if (kept) return Promise.resolve(kept.answer);
    const fetchKey = `${version}|${key}`;
    const pending = inFlight.get(fetchKey);
    if (pending) return pending;
    const fetching = fetchCell(layer, cell)
      .then((answer) => {
        cache.set(key, version, { body: Buffer.from(JSON.stringify(answer)), answer });
        return answer;
      })
      .finally(() => inFlight.delete(fetchKey));
    inFlight.set(fetchKey, fetching);
    return fetching;
  };
  return {
    async read(layer, cells) {
      const version = createHash('sha256').update(JSON.stringify(layer)).digest('base64url');
      // Every cell settled before answering: a failed one is not left being fetched behind the answer.
      const settled = await Promise.allSettled(cells.map((cell) => cellAnswer(layer, version, cell)));
      const failed = settled.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      const answers = settled.map((result) => (result as PromiseFulfilledResult<CellAnswer>).value);
      const byId = new Map<string, AssetFeatureWire>();
      for (const answer of answers) for (const feature of answer.features) byId.set(feature.id, feature);
      return { type: 'FeatureCollection', features: [...byId.values()], complete: answers.every((answer) => answer.complete) };
    },
  };
}
