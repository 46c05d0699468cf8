/**
 * Asset layers (issue 42, item 2): what a resident panning the report map costs the city's own map
 * service, and how soon the first assets come. A real MapServer (test/helpers/mapserver.ts) serves
 * a dense street-light layer over WFS 2.0 — 2,222 lights, one every 25 m or so along a grid of
 * streets in central Helsinki — and the demo server fetches it through its asset layer route. A
 * phone's street map at zoom 17 (about 250 × 490 m) pans 20 times eastwards by 110 m, then back.
 * Baseline, in the same run: the same boxes asked of the WFS directly, as a browser talking to
 * the city's service (or a proxy without the cell cache) would, each pan its own request.
 * `npm run bench:assets`.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAdmin } from '../src/server/admin/cli';
import { startMapServer, streetLightsOverWfs } from '../test/helpers/mapserver';
import { projectRoot } from '../test/helpers/project-root';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { atMost, type BenchModule, type BenchResult } from './lib/result';
import { startDemoServer } from './lib/servers';
import { percentile } from './lib/stats';

const median = (values: readonly number[]) => percentile(values, 50);

const boxWidth = 0.0044;
const boxHeight = 0.0044;
const panStep = 0.002;
const pans = 20;
const start = { west: 24.93, south: 60.163 };

/** Lights every 0.0004° (about 25 m) along streets 0.002° apart, both ways, over about 2 × 1 km. */
function denseLights() {
  const features = [];
  let id = 0;
  for (let street = 0; street <= 10; street += 1) {
    for (let along = 0; along <= 100; along += 1) {
      const east = { long: 24.925 + along * 0.0004, lat: 60.16 + street * 0.002 };
      const north = { long: 24.925 + street * 0.004, lat: 60.16 + along * 0.0002 };
      for (const point of [east, north]) {
        id += 1;
        features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [point.long, point.lat] }, properties: { lamp_id: `SL-${id}`, street: `Katu ${street}`, lamp_type: 'LED', installed: '2019' } });
      }
    }
  }
  return { type: 'FeatureCollection', features };
}

const boxes = () => {
  const there = Array.from({ length: pans + 1 }, (_, step) => start.west + step * panStep);
  return [...there, ...there.slice(0, -1).reverse()].map((west) => `${west.toFixed(5)},${start.south},${(west + boxWidth).toFixed(5)},${start.south + boxHeight}`);
};

async function run(): Promise<BenchResult[]> {
  const dir = makeTempDir('kerro-bench-assets-');
  const dataDir = join(dir, 'data');
  copyFileSync(join(projectRoot, 'test/fixtures/assets/city-assets.map'), join(dir, 'city-assets.map'));
  writeFileSync(join(dir, 'street-lights.geojson'), JSON.stringify(denseLights()));
  const mapServer = await startMapServer(join(dir, 'city-assets.map'));
  let server: Awaited<ReturnType<typeof startDemoServer>> | undefined;
  try {
    server = await startDemoServer(dataDir);
    const layers = join(dir, 'layers.json');
    writeFileSync(
      layers,
      JSON.stringify({
        asset_layers: [
          {
            id: 'street-lights',
            ...streetLightsOverWfs(mapServer),
            id_property: 'lamp_id',
            show: ['street'],
            service_codes: ['199'],
          },
        ],
      }),
    );
    const quiet = { out: () => undefined, err: () => undefined };
    if ((await runAdmin(['assets', 'import', layers], quiet, { DATA_DIR: dataDir, DATABASE_URL: '' })) !== 0) throw new Error('the asset layer import failed');

    const through = { ms: [] as number[], bytes: [] as number[], asks: [] as number[], features: [] as number[] };
    for (const bbox of boxes()) {
      const [bytes, asks] = [mapServer.bytesServed(), mapServer.requests.length];
      const started = performance.now();
      const answer = await fetch(`${server.origin}/proxy/bodies/v1/asset-layers/street-lights/features.json?bbox=${bbox}`);
      const body = (await answer.json()) as { features: unknown[] };
      if (answer.status !== 200) throw new Error(`the features of ${bbox} answered ${answer.status}`);
      through.ms.push(performance.now() - started);
      through.bytes.push(mapServer.bytesServed() - bytes);
      through.asks.push(mapServer.requests.length - asks);
      through.features.push(body.features.length);
    }
    const direct = { ms: [] as number[], bytes: [] as number[] };
    for (const bbox of boxes()) {
      const [west, south, east, north] = bbox.split(',');
      const url = `${mapServer.wfsUrl}&SERVICE=WFS&VERSION=2.0.0&REQUEST=GetFeature&TYPENAMES=street_lights&OUTPUTFORMAT=geojson&COUNT=500&SRSNAME=urn:ogc:def:crs:EPSG::4326&BBOX=${south},${west},${north},${east},urn:ogc:def:crs:EPSG::4326`;
      const bytes = mapServer.bytesServed();
      const started = performance.now();
      await (await fetch(url)).arrayBuffer();
      direct.ms.push(performance.now() - started);
      direct.bytes.push(mapServer.bytesServed() - bytes);
    }
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    const outward = through.bytes.slice(1, pans + 1);
    const back = through.bytes.slice(pans + 1);
    const group = 'Asset layer: a phone panning the report map (WFS 2.0, 2,222 lights)';
    const perPan = sum(through.bytes.slice(1)) / (through.bytes.length - 1);
    const directPerPan = sum(direct.bytes.slice(1)) / (direct.bytes.length - 1);
    return [
      { group, name: 'first box: time to its assets (cold)', value: through.ms[0]!, unit: 'ms', note: `${through.features[0]} lights, ${through.asks[0]} cells asked of the city` },
      { group, name: "city's bytes per pan, outward (new cells only)", value: sum(outward) / outward.length / 1024, unit: 'KiB', note: `${sum(through.asks.slice(1, pans + 1))} cell requests in ${pans} pans` },
      { group, name: "city's bytes per pan, back over the same street", value: sum(back) / back.length / 1024, unit: 'KiB', target: atMost(0), note: 'every cell kept' },
      { group, name: 'answer time per pan (median)', value: median(through.ms.slice(1)), unit: 'ms' },
      { group, name: "baseline: the city's bytes per pan, each box asked directly", value: directPerPan / 1024, unit: 'KiB', note: `median ${Math.round(median(direct.ms.slice(1)))} ms per box` },
      { group, name: "city's bytes per pan through Kerro / directly", value: perPan / directPerPan, unit: 'ratio', target: atMost(1) },
    ];
  } finally {
    await server?.child.stop();
    await mapServer.stop();
    removeTempDir(dir);
  }
}

export const assetsBench: BenchModule = { title: "Asset layers: the city's map service behind Kerro", run };

if (isEntryPoint(import.meta.url)) await runBenches([assetsBench]);
