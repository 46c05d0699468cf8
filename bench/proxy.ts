/**
 * Proxy hop benchmark. Two demo servers: "embedded" (no upstream URLs: its proxy reaches its own
 * services in-process) and "http hop" (OPEN311_URL/COUNTERS_URL set to the embedded server: its
 * proxy goes over loopback HTTP, the path the embedded setup took before). Measured in one run,
 * alternating rounds:
 * - a counter page (100 counters, pages 1..20), proxy cache off (COUNTERS_CACHE_SECONDS=0),
 *   direct from the service vs through each proxy: requests per second and server CPU per request;
 * - a report with two ~2 MB photos, direct vs through each proxy: server CPU per report.
 * Server CPU is every server process's (the http hop's figure includes the service it calls).
 * `npm run bench:proxy`; BENCH_QUICK=1 for a short run.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import { Pool } from 'undici';
import { paths } from '../src/shared/paths';
import { readProxyApiKey } from '../test/helpers/proxy-key';
import { cpuSeconds } from './lib/children';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { atLeast, atMost, type BenchModule, type BenchResult } from './lib/result';
import { startDemoServer, type RunningServer } from './lib/servers';
import { quick } from './lib/settings';
import { reportBody, twoPhotos } from './proxy/report-form';

const rounds = 3;
const pageSeconds = quick ? 1 : 4;
const pageConnections = 8;
const reportsPerRound = quick ? 3 : 8;

type Route = 'direct' | 'embedded' | 'httpHop';
interface Totals { requests: number; seconds: number; cpu: number }

const serverCpu = (servers: RunningServer[]) => servers.reduce((sum, server) => sum + (cpuSeconds(server.child.pid!) ?? Number.NaN), 0);

/** As many GETs as `connections` keep going for `seconds`, rotating over `urls`. */
async function pageLoad(pool: Pool, urls: string[], seconds: number, connections: number): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let count = 0;
  const worker = async () => {
    while (performance.now() < until) {
      const path = urls[count % urls.length]!;
      count += 1;
      const answer = await pool.request({ method: 'GET', path });
      await answer.body.arrayBuffer();
      if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}`);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return count;
}

async function measure(totals: Totals, servers: RunningServer[], action: () => Promise<number>) {
  const cpuBefore = serverCpu(servers);
  const started = performance.now();
  totals.requests += await action();
  totals.seconds += (performance.now() - started) / 1000;
  totals.cpu += serverCpu(servers) - cpuBefore;
}

export async function run(): Promise<BenchResult[]> {
  const dataDir = makeTempDir('kerro-bench-proxy-');
  const servers: RunningServer[] = [];
  try {
    const common = { COUNTERS_CACHE_SECONDS: '0', PROXY_POSTS_PER_MINUTE: '10000' };
    mkdirSync(join(dataDir, 'embedded'));
    const embedded = await startDemoServer(join(dataDir, 'embedded'), common).then((server) => (servers.push(server), server));
    const apiKey = await readProxyApiKey({ DATA_DIR: join(dataDir, 'embedded') });
    mkdirSync(join(dataDir, 'hop'));
    const hop = await startDemoServer(join(dataDir, 'hop'), {
      ...common,
      OPEN311_URL: `${embedded.origin}${paths.georeport}`,
      COUNTERS_URL: `${embedded.origin}${paths.counters}`,
      OPEN311_API_KEY: apiKey,
    }).then((server) => (servers.push(server), server));
    const pools = { embedded: new Pool(embedded.origin, { connections: pageConnections }), hop: new Pool(hop.origin, { connections: pageConnections }) };
    const pages = (base: string) => Array.from({ length: 20 }, (_, index) => `${base}/?page=${index + 1}`);
    const pageRoutes: Record<Route, () => Promise<number>> = {
      direct: () => pageLoad(pools.embedded, pages(paths.counters), pageSeconds, pageConnections),
      embedded: () => pageLoad(pools.embedded, pages(paths.proxyCounters), pageSeconds, pageConnections),
      httpHop: () => pageLoad(pools.hop, pages(paths.proxyCounters), pageSeconds, pageConnections),
    };
    const photos = await twoPhotos();
    const forms = { proxy: await reportBody(photos), direct: await reportBody(photos, apiKey) };
    const post = async (pool: Pool, path: string, form: { body: Buffer; headers: Record<string, string> }) => {
      const answer = await pool.request({ method: 'POST', path, body: form.body, headers: form.headers });
      const text = await answer.body.text();
      if (answer.statusCode !== 200) throw new Error(`${path} answered ${answer.statusCode}: ${text.slice(0, 200)}`);
    };
    const reports = (send: () => Promise<void>) => async () => {
      for (let index = 0; index < reportsPerRound; index += 1) await send();
      return reportsPerRound;
    };
    const reportRoutes: Record<Route, () => Promise<number>> = {
      direct: reports(() => post(pools.embedded, `${paths.georeport}/requests.json`, forms.direct)),
      embedded: reports(() => post(pools.embedded, `${paths.proxyGeoreport}/requests.json`, forms.proxy)),
      httpHop: reports(() => post(pools.hop, `${paths.proxyGeoreport}/requests.json`, forms.proxy)),
    };
    const routes: Route[] = ['direct', 'embedded', 'httpHop'];
    const fresh = () => Object.fromEntries(routes.map((route) => [route, { requests: 0, seconds: 0, cpu: 0 }])) as Record<Route, Totals>;
    const pageTotals = fresh();
    const reportTotals = fresh();
    // Warm-up: every route once, unmeasured.
    for (const route of routes) await measure(fresh()[route], servers, reportRoutes[route]);
    for (let round = 0; round < rounds; round += 1) {
      for (const route of routes) await measure(pageTotals[route], servers, pageRoutes[route]);
      for (const route of routes) await measure(reportTotals[route], servers, reportRoutes[route]);
    }
    for (const pool of Object.values(pools)) await pool.close();

    const rate = (totals: Totals) => totals.requests / totals.seconds;
    const cpuMs = (totals: Totals) => (totals.cpu * 1000) / totals.requests;
    const pageGroup = `GET counter page (100 a page, pages 1..20), proxy cache off, ${pageConnections} connections, ${rounds}×${pageSeconds} s each`;
    const reportGroup = `POST requests.json with two ${(photos[0]!.data.length / 1e6).toFixed(1)} MB photos, ${rounds}×${reportsPerRound} each`;
    const rows: BenchResult[] = [];
    for (const route of routes) {
      rows.push({ group: pageGroup, name: `${route} req/s`, value: rate(pageTotals[route]), unit: 'req/s' });
      rows.push({ group: pageGroup, name: `${route} server CPU per request`, value: cpuMs(pageTotals[route]), unit: 'ms' });
    }
    rows.push(
      { group: pageGroup, name: 'ratio in-process proxy / direct (req/s)', value: rate(pageTotals.embedded) / rate(pageTotals.direct), unit: '×', target: atLeast(0.8) },
      { group: pageGroup, name: 'baseline: HTTP-hop proxy / direct (req/s)', value: rate(pageTotals.httpHop) / rate(pageTotals.direct), unit: '×', note: 'the loopback path, same run' },
    );
    for (const route of routes) rows.push({ group: reportGroup, name: `${route} server CPU per report`, value: cpuMs(reportTotals[route]), unit: 'ms' });
    rows.push(
      { group: reportGroup, name: 'ratio in-process proxy / direct (CPU)', value: cpuMs(reportTotals.embedded) / cpuMs(reportTotals.direct), unit: '×', target: atMost(1.3) },
      { group: reportGroup, name: 'baseline: HTTP-hop proxy / direct (CPU)', value: cpuMs(reportTotals.httpHop) / cpuMs(reportTotals.direct), unit: '×', note: 'both processes\' CPU' },
    );
    return rows;
  } finally {
    for (const server of servers) await server.child.stop();
    removeTempDir(dataDir);
  }
}

export const proxyBench: BenchModule = { title: 'Proxy hop: in-process to the embedded services vs over HTTP', run };

if (isEntryPoint(import.meta.url)) await runBenches([proxyBench]);
