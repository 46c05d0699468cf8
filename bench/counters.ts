/**
 * Counters benchmark: the counter list pages (100 counters each, pages 1..20 of the ~2,000 demo
 * counters, a different page each request) straight from the counters service, and the same
 * pages through the proxy, which forwards them to that same server over loopback and re-points
 * the paging links. Both are measured in one run, alternating, so their ratio is what counts.
 * `npm run bench:counters` runs it alone; bench/run.ts runs it with the others.
 */
import { paths } from '../src/shared/paths';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { runLoad } from './lib/load';
import type { LoadPhase, LoadRequest } from './lib/load-child';
import { loadRows } from './lib/load-rows';
import { atLeast, type BenchModule, type BenchResult } from './lib/result';
import { startDemoServer, type RunningServer } from './lib/servers';
import { quick } from './lib/settings';

const connections = 32;
const pageCount = 20;
const warmupSeconds = quick ? 1 : 3;
const rounds = 3;
const roundSeconds = quick ? 1 : 5;

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

export async function run(): Promise<BenchResult[]> {
  const measuredSeconds = rounds * roundSeconds;
  const dataDir = makeTempDir('kerro-bench-counters-');
  let server: RunningServer | undefined;
  try {
    server = await startDemoServer(dataDir);
    const { count, bytes } = await checkAnswers(server);
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
    const serverPid = server.child.pid;
    const runs = await runLoad(
      { connections, phases: [phase('direct', warmupSeconds, false), phase('proxy', warmupSeconds, false), ...alternating.flat()] },
      () => serverPid,
    );
    const direct = runs.get('direct')!;
    const proxy = runs.get('proxy')!;
    const proxyOwnCpu =
      direct.serverCpuMsPerRequest === undefined || proxy.serverCpuMsPerRequest === undefined
        ? undefined
        : proxy.serverCpuMsPerRequest - direct.serverCpuMsPerRequest;

    const rows: BenchResult[] = [
      ...loadRows(group, `direct ${paths.counters}/`, direct, { note: `~${Math.round(bytes / 1024)} KiB a page` }),
      ...loadRows(group, `through the proxy ${paths.proxyCounters}/`, proxy, { note: 'proxy → same server over loopback' }),
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
        note: 'one more fastify request, a proxy cache lookup (COUNTERS_CACHE_SECONDS; a miss adds the undici call and the link rewrite) and a second socket write',
      });
    }
    return rows;
  } finally {
    await server?.child.stop();
    removeTempDir(dataDir);
  }
}

export const countersBench: BenchModule = { title: 'Counters: list pages direct and through the proxy', run };

if (isEntryPoint(import.meta.url)) await runBenches([countersBench]);
