/**
 * Asset layers (issue 42, item 2): imported whole or not at all by `admin assets`, listed by the
 * bodies read API without where they come from or their key, and their features fetched by the
 * server from a real map service (Debian's MapServer, test/helpers/mapserver.ts) over WFS 2.0 and
 * OGC API - Features, for a map's box, each grid cell asked once and kept.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { answerSchema, featuresOf } from '../../../src/server/assets/asset-features';
import type { ServiceTypeRecord } from '../../../src/server/storage/repositories/types';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { startMapServer, streetLightsOverWfs, type RunningMapServer } from '../../helpers/mapserver';
import { printedLines } from '../admin/printed-lines';
import { answerChecker, type OpenApiDocument } from '../openapi/document-check';

const exampleFile = fileURLToPath(new URL('../../../docs/asset-layers.example.json', import.meta.url));
/** Around Hämeentie 30–38, where the fixture's three lights SL-1001…1003 stand. */
const hameentie = '24.948,60.182,24.956,60.187';
const key = 'secret-key-of-the-city';

const typeAbout = (code: string, name: string, question: string): ServiceTypeRecord => ({
  service_code: code,
  type: 'realtime',
  position: Number(code),
  translations: Object.fromEntries(['fi', 'sv', 'en'].map((locale) => [locale, { service_name: name, description: '', keywords: '', group: 'Streets' }])),
  attributes: [{ code: question, variable: true, datatype: 'string', required: false, datatype_description: '', order: 1, description: question, values: [] }],
});

let t: TestApp;
let mapServer: RunningMapServer;
let document: OpenApiDocument;
const dir = mkdtempSync(join(tmpdir(), 'kerro-asset-layers-'));
const { out, err, io, clear } = printedLines();
const admin = (...argv: string[]) => {
  clear();
  return runAdmin(['assets', ...argv], io, t.env);
};
const layerFile = (layers: unknown[]) => {
  const file = join(dir, `layers-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ asset_layers: layers }));
  return file;
};
const get = (url: string) => t.app.inject({ method: 'GET', url });

const lights = () => ({
  id: 'lights-wfs',
  ...streetLightsOverWfs(mapServer),
  key: { query_parameter: 'apikey', value: key },
  id_property: 'lamp_id',
  show: ['street', 'lamp_type'],
  send: { light_id: 'lamp_id' },
  required: true,
  service_codes: ['900'],
});
const lightsOverOgcApi = () => ({ ...lights(), id: 'lights-ogc', source: { kind: 'ogc-api-features', url: mapServer.ogcApiUrl, collection: 'street_lights' }, service_codes: ['902'] });

beforeAll(async () => {
  t = await createTestApp();
  mapServer = await startMapServer();
  document = (await t.app.inject('/api/schema/')).json<OpenApiDocument>();
  await t.store.serviceTypes.upsert(typeAbout('900', 'Street light out', 'light_id'));
  await t.store.serviceTypes.upsert(typeAbout('901', 'Waste bin full', 'bin_id'));
  await t.store.serviceTypes.upsert(typeAbout('902', 'Street light flickering', 'light_id'));
}, 30_000);
afterAll(async () => {
  await mapServer.stop();
  await t.close();
});
beforeEach(() => {
  mapServer.requests.length = 0;
  mapServer.failWith(undefined);
});

describe('admin assets', () => {
  it('is in the usage with its own --help, and lists none at first', async () => {
    clear();
    expect(await runAdmin(['--help'], io, t.env)).toBe(2);
    expect(out.join('\n')).toMatch(/assets import\|list/);
    expect(await admin('list')).toBe(0);
    expect(out[0]).toMatch(/^No asset layers/);
  });

  it('refuses a file with any problem, naming each, and keeps what was stored', async () => {
    expect(await admin('import', layerFile([lights()]))).toBe(0);
    const broken = layerFile([
      { ...lights(), id: 'a', service_codes: ['999'] },
      { ...lights(), id: 'b', send: { not_a_question: 'lamp_id' } },
      { ...lights(), id: 'c', source: { kind: 'wms', url: 'http://x' } },
      { ...lights(), id: 'd', min_zoom: 5 },
    ]);
    expect(await admin('import', broken)).toBe(1);
    expect(err.join('\n')).toMatch(/asset_layers\[0\] \(a\): service_codes: unknown service code "999"/);
    expect(err.join('\n')).toMatch(/asset_layers\[1\] \(b\): send: "not_a_question" is not a question \(attribute code\) of service type 900/);
    expect(err.join('\n')).toMatch(/asset_layers\[2\] \(c\): source.kind: needs \{ "kind": "ogc-api-features"/);
    expect(err.join('\n')).toMatch(/asset_layers\[3\] \(d\): min_zoom: must be 12 or more/);
    expect(err.at(-1)).toBe('Nothing was imported: fix the problems above and run the import again.');
    expect(await admin('list')).toBe(0);
    expect(out.join('\n')).toMatch(/lights-wfs\s+wfs\s+900\s+16\s+yes/);
  });

  it('refuses two layers for one type', async () => {
    expect(await admin('import', layerFile([lights(), { ...lightsOverOgcApi(), service_codes: ['900'] }]))).toBe(1);
    expect(err[0]).toMatch(/service_codes: "900" already has the layer lights-wfs; a type has one asset layer/);
  });

  it("imports the README's worked example, whose types ask for the ids it sends", async () => {
    expect(await admin('import', exampleFile)).toBe(0);
    expect(out[0]).toBe(`Imported 2 asset layers from ${exampleFile}, replacing those stored before.`);
  });
});

describe('GET /bodies/v1/asset-layers', () => {
  beforeAll(async () => {
    expect(await admin('import', layerFile([lights(), lightsOverOgcApi()]))).toBe(0);
  });

  it('lists the layers in the asked language, never their source or key', async () => {
    const response = await get('/bodies/v1/asset-layers.json?locale=fi');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: 'lights-wfs', name: 'Katuvalot', service_codes: ['900'], min_zoom: 16, required: true, id_property: 'lamp_id', show: ['street', 'lamp_type'], send: { light_id: 'lamp_id' } },
      expect.objectContaining({ id: 'lights-ogc', service_codes: ['902'] }),
    ]);
    expect(response.body).not.toContain(key);
    expect(response.body).not.toContain('127.0.0.1');
  });

  for (const [kind, layer] of [['WFS 2.0', 'lights-wfs'], ['OGC API - Features', 'lights-ogc']] as const) {
    it(`gives the lights in a box from the city's ${kind} service, with only the properties the layer shows and sends`, async () => {
      const response = await get(`/proxy/bodies/v1/asset-layers/${layer}/features.json?bbox=${hameentie}`);
      expect(response.statusCode, response.body).toBe(200);
      answerChecker(document)('GET', '/bodies/v1/asset-layers/{id}/features.json', response);
      const answer = response.json();
      expect(answer.complete).toBe(true);
      expect(answer.features.map((feature: { id: string }) => feature.id).sort()).toEqual(['SL-1001', 'SL-1002', 'SL-1003']);
      expect(answer.features.find((feature: { id: string }) => feature.id === 'SL-1001')).toEqual({
        type: 'Feature',
        id: 'SL-1001',
        geometry: { type: 'Point', coordinates: [24.951, 60.184] },
        properties: { lamp_id: 'SL-1001', street: 'Hämeentie 30', lamp_type: 'LED' },
      });
      // The key went to the city's service only.
      expect(mapServer.requests.every((request) => request.includes(`apikey=${key}`))).toBe(true);
      expect(response.body).not.toContain(key);
    });
  }

  it('asks the city once per cell: the same box again, or a box within it, is answered from what was kept', async () => {
    await get(`/bodies/v1/asset-layers/lights-wfs/features.json?bbox=24.9300,60.1650,24.9450,60.1750`);
    const asked = mapServer.requests.length;
    expect(asked).toBeGreaterThan(0);
    const again = await get(`/bodies/v1/asset-layers/lights-wfs/features.json?bbox=24.9350,60.1680,24.9420,60.1720`);
    expect(again.json().features.map((feature: { id: string }) => feature.id).sort()).toEqual(['SL-1004', 'SL-1005', 'SL-1006']);
    expect(mapServer.requests.length).toBe(asked);
  });

  it("says the city's service failed (502, in GeoReport's records) without its address or key, and keeps nothing from the failure", async () => {
    mapServer.failWith(503);
    const failed = await get(`/bodies/v1/asset-layers/lights-wfs/features.json?bbox=24.90,60.20,24.91,60.21`);
    expect(failed.statusCode).toBe(502);
    answerChecker(document)('GET', '/bodies/v1/asset-layers/{id}/features.json', failed);
    expect(failed.json()[0].description).toMatch(/the map service of asset layer lights-wfs answered HTTP 503; try again/);
    expect(failed.body).not.toContain(key);
    expect(failed.body).not.toContain('127.0.0.1');
    mapServer.failWith(undefined);
    const recovered = await get(`/bodies/v1/asset-layers/lights-wfs/features.json?bbox=24.90,60.20,24.91,60.21`);
    expect(recovered.statusCode, recovered.body).toBe(200);
    expect(recovered.json()).toEqual({ type: 'FeatureCollection', features: [], complete: true });
  });

  it('refuses a box it cannot read or one larger than a street map, and an unknown layer', async () => {
    for (const bbox of ['', '24.9,60.1', '24.95,60.18,24.94,60.19', 'a,b,c,d', '24,60,25,61']) {
      const response = await get(`/bodies/v1/asset-layers/lights-wfs/features.json?bbox=${bbox}`);
      expect(response.statusCode, bbox).toBe(400);
      expect(response.json()[0].description).toMatch(/bbox/);
    }
    const unknown = await get(`/bodies/v1/asset-layers/no-such/features.json?bbox=${hameentie}`);
    expect(unknown.statusCode).toBe(404);
    expect(mapServer.requests).toEqual([]);
  });
});

describe('a sweep of the city\'s service', () => {
  it('is stopped at 120 boxes a minute from one address, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let box = 0; box < 121; box += 1) statuses.push((await get(`/bodies/v1/asset-layers/lights-wfs/features.json?bbox=${hameentie}`)).statusCode);
    expect(statuses.slice(0, 120).every((status) => status === 200 || status === 429)).toBe(true);
    const refused = await get(`/bodies/v1/asset-layers/lights-wfs/features.json?bbox=${hameentie}`);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()[0].description).toMatch(/too many asset layer boxes from this address: at most 120 a minute/);
  });
});

describe("reading a city's GeoJSON", () => {
  const box = { west: 24.95, south: 60.18, east: 24.96, north: 60.185 };
  const answer = (coordinates: number[][]) =>
    answerSchema.parse({
      type: 'FeatureCollection',
      features: coordinates.map((point, index) => ({ type: 'Feature', geometry: { type: 'Point', coordinates: point }, properties: { lamp_id: `L${index}`, street: 'Hämeentie', owner: 'private' } })),
    });

  it('takes points in the box longitude first, or latitude first as some WFS servers answer, and leaves out the rest', () => {
    const layer = { ...lights(), source: { kind: 'wfs' as const, url: 'http://city.example/wfs', type_name: 'street_lights', output_format: 'geojson' }, min_zoom: 16 };
    const features = featuresOf(layer, answer([[24.951, 60.184], [60.182, 24.955], [24.99, 60.184], [2495100, 6018400]]), box);
    expect(features.map((feature) => [feature.id, feature.geometry.coordinates])).toEqual([
      ['L0', [24.951, 60.184]],
      ['L1', [24.955, 60.182]],
    ]);
    // Only what the layer shows and sends.
    expect(features[0]!.properties).toEqual({ lamp_id: 'L0', street: 'Hämeentie', lamp_type: null });
  });
});
