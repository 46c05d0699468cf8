/**
 * Counters benchmark: the counter list pages (100 counters each, pages 1..20 of the ~2,000 demo
 * counters, a different page each request) straight from the counters service, and the same
 * pages through the proxy, which asks that same server's counter service in-process and re-points
 * the paging links (bench/proxy.ts compares that with the HTTP hop). Both are measured in one run, alternating, so their ratio is what counts.
 * Then one page with a distance filter, its cache defeated (a unique `&_=N` per request, ignored
 * by the filters but part of the cache key), from that server (SQLite) and from a second demo
 * server on PostgreSQL + PostGIS (DATABASE_URL), alternating.
 * `npm run bench:counters` runs it alone; bench/run.ts runs it with the others.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../src/shared/paths';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { runLoad } from './lib/load';
import type { LoadPhase, LoadRequest } from './lib/load-child';
import { loadRows } from './lib/load-rows';
import { benchPostgresPid, createBenchDatabase, dropBenchDatabase, postgresEnabled } from './lib/postgres';
import { atLeast, type BenchModule, type BenchResult } from './lib/result';
import { startDemoServer, type RunningServer } from './lib/servers';
import { quick } from './lib/settings';

const connections = 32;
const pageCount = 20;
const warmupSeconds = quick ? 1 : 3;
const rounds = 3;
const roundSeconds = quick ? 1 : 5;
/** Counters within 2 km of central Helsinki, one page of up to 100. */
const nearPath = '/?latitude=60.17&longitude=24.94&distance=2&page_size=100';
const nearRoundSeconds = quick ? 1 : 3;

interface CounterPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: { type: string; features: unknown[] };
}

async function getPage(url: string): Promise<{ page: CounterPage; bytes: number }> {
  const answer = await fetch(url);
  const text = await answer.text();
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${text.slice(0, 200)}`);
  return { page: JSON.parse(text) as CounterPage, bytes: Buffer.byteLength(text) };
}

/** Both routes answer page 1 with the same counters, and the proxy's next link points back at it. */
async function checkAnswers(server: RunningServer): Promise<{ count: number; bytes: number }> {
  const direct = await getPage(`${server.origin}${paths.counters}/?page=1`);
  const proxied = await getPage(`${server.origin}${paths.proxyCounters}/?page=1`);
  if (direct.page.count < pageCount * 100 || direct.page.results.features.length !== 100) {
    throw new Error(`expected the ~2,000 demo counters 100 a page; got count ${direct.page.count}, ${direct.page.results.features.length} on page 1`);
  }
  if (JSON.stringify(proxied.page.results) !== JSON.stringify(direct.page.results) || proxied.page.count !== direct.page.count) {
    throw new Error('the proxy answered page 1 with other counters than the counters service');
  }
  if (!proxied.page.next?.startsWith(`${server.origin}${paths.proxyCounters}/`)) {
    throw new Error(`the proxy's next link does not point at the proxy: ${proxied.page.next}`);
  }
  return { count: direct.page.count, bytes: direct.bytes };
}

const pageRequests = (base: string): LoadRequest[] =>
  Array.from({ length: pageCount }, (_, index) => ({ kind: 'page', path: `${base}/?page=${index + 1}` }));

/** Both servers answer the distance page with the same counters; how many, and the page's size. */
async function checkNearAnswers(servers: RunningServer[]): Promise<{ count: number; bytes: number }> {
  const answers = await Promise.all(servers.map((server) => getPage(`${server.origin}${paths.counters}${nearPath}`)));
  const [first, ...others] = answers;
  if (!first || first.page.count === 0) throw new Error('no demo counter within 2 km of 60.17, 24.94');
  for (const other of others) {
    if (other.page.count !== first.page.count || JSON.stringify(other.page.results) !== JSON.stringify(first.page.results)) {
      throw new Error(`PostgreSQL answered the distance page with other counters than SQLite (${other.page.count} against ${first.page.count})`);
    }
  }
  return { count: first.page.results.features.length, bytes: first.bytes };
}

export async function run(): Promise<BenchResult[]> {
  const measuredSeconds = rounds * roundSeconds;
  // First: without PostgreSQL the bench stops here, saying what to install.
  const databaseUrl = postgresEnabled ? await createBenchDatabase() : undefined;
  const dataDir = makeTempDir('kerro-bench-counters-');
  let server: RunningServer | undefined;
  let pgServer: RunningServer | undefined;
  try {
    server = await startDemoServer(dataDir);
    const { count, bytes } = await checkAnswers(server);
    if (databaseUrl) {
      const pgDataDir = join(dataDir, 'postgres-server');
      mkdirSync(pgDataDir);
      pgServer = await startDemoServer(pgDataDir, { DATABASE_URL: databaseUrl });
    }
    const near = await checkNearAnswers(pgServer ? [server, pgServer] : [server]);
    const nearMeasuredSeconds = rounds * nearRoundSeconds;
    const nearGroup = `GET ${paths.counters}${nearPath} (${near.count} of ${count} within 2 km), cache defeated (&_=N), ${connections} connections, ${nearMeasuredSeconds} s each`;
    const group = `GET counter list ?page=1..${pageCount} (100 of ${count} a page), ${connections} connections, ${measuredSeconds} s each`;

    const bases: Record<string, string> = { direct: paths.counters, proxy: paths.proxyCounters };
    const phase = (target: string, seconds: number, measured: boolean): LoadPhase => ({
      target,
      url: server!.origin,
      seconds,
      uniqueQuery: false,
      measured,
      requests: pageRequests(bases[target]!),
      pick: 'rotate',
    });
    const alternating = Array.from({ length: rounds }, () => [phase('direct', roundSeconds, true), phase('proxy', roundSeconds, true)]);
    // The distance page: one URL, made unique per request by the load generator (uniqueQuery).
    const nearServers: Record<string, RunningServer> = { 'near-sqlite': server };
    if (pgServer) nearServers['near-postgres'] = pgServer;
    const nearPhase = (target: string, seconds: number, measured: boolean): LoadPhase => ({
      target,
      url: `${nearServers[target]!.origin}${paths.counters}${nearPath}`,
      seconds,
      uniqueQuery: true,
      measured,
    });
    const nearTargets = Object.keys(nearServers);
    const nearAlternating = Array.from({ length: rounds }, () => nearTargets.map((target) => nearPhase(target, nearRoundSeconds, true)));
    const serverPid = server.child.pid;
    const runs = await runLoad(
      {
        connections,
        phases: [
          phase('direct', warmupSeconds, false),
          phase('proxy', warmupSeconds, false),
          ...alternating.flat(),
          ...nearTargets.map((target) => nearPhase(target, 1, false)),
          ...nearAlternating.flat(),
        ],
      },
      (target) => nearServers[target]?.child.pid ?? serverPid,
      (target) => (target === 'near-postgres' ? benchPostgresPid() : undefined),
    );
    const direct = runs.get('direct')!;
    const proxy = runs.get('proxy')!;
    const proxyOwnCpu =
      direct.serverCpuMsPerRequest === undefined || proxy.serverCpuMsPerRequest === undefined
        ? undefined
        : proxy.serverCpuMsPerRequest - direct.serverCpuMsPerRequest;

    const rows: BenchResult[] = [
      ...loadRows(group, `direct ${paths.counters}/`, direct, { note: `~${Math.round(bytes / 1024)} KiB a page` }),
      ...loadRows(group, `through the proxy ${paths.proxyCounters}/`, proxy, { note: 'proxy → same server\'s service in-process' }),
      {
        group,
        name: 'ratio proxy / direct (req/s)',
        value: proxy.requestsPerSecond / direct.requestsPerSecond,
        unit: '×',
        target: atLeast(0.7),
        note: 'a proxied page costs the server the direct answer too (same process); squeezed towards 1 when the load generator is the limit',
      },
    ];
    if (proxyOwnCpu !== undefined) {
      rows.push({
        group,
        name: 'proxy hop CPU per request (proxy − direct)',
        value: proxyOwnCpu,
        unit: 'ms',
        note: 'a proxy cache lookup (COUNTERS_CACHE_SECONDS; a miss adds the in-process page and the link rewrite)',
      });
    }
    const nearSqlite = runs.get('near-sqlite')!;
    rows.push(...loadRows(nearGroup, 'SQLite', nearSqlite, { note: `~${Math.round(near.bytes / 1024)} KiB a page` }));
    const nearPostgres = runs.get('near-postgres');
    if (nearPostgres) {
      rows.push(...loadRows(nearGroup, 'PostgreSQL + PostGIS', nearPostgres, {}), {
        group: nearGroup,
        name: 'ratio PostgreSQL / SQLite (req/s)',
        value: nearPostgres.requestsPerSecond / nearSqlite.requestsPerSecond,
        unit: '×',
        note: `p50 ${(nearPostgres.p50 / nearSqlite.p50).toFixed(2)}×; same rounds, alternating`,
      });
    }
    return rows;
  } finally {
    await server?.child.stop();
    await pgServer?.child.stop();
    if (databaseUrl) await dropBenchDatabase(databaseUrl);
    removeTempDir(dataDir);
  }
}

export const countersBench: BenchModule = { title: 'Counters: list pages direct and through the proxy', run };

if (isEntryPoint(import.meta.url)) await runBenches([countersBench]);
