/**
 * Mixed load (issue 6 "Load"): the real server with its demo data under the traffic the web app
 * makes through the proxy (listings, single requests, counter pages, ~5% new reports) for half a
 * minute. New reports meet the proxy's default limit (PROXY_POSTS_PER_MINUTE=5), so 429s are
 * intended; anything else that is not a 2xx (a 5xx, a timeout, a socket error) is a failure.
 * `npm run bench:load` runs it alone; bench/run.ts runs it with the others.
 */
import { paths } from '../src/shared/paths';
import { rssBytes } from './lib/children';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { runLoad, type KindRun } from './lib/load';
import type { LoadPhase } from './lib/load-child';
import { percentText } from './lib/load-rows';
import { atMost, type BenchModule, type BenchResult } from './lib/result';
import { startDemoServer, type RunningServer } from './lib/servers';
import { formatCount, quick } from './lib/settings';
import { kindWeights, submissionBody, trafficMix, type KnownData, type TrafficKind } from './load-mix/traffic';

const connections = 32;
const warmupSeconds = quick ? 1 : 3;
const measuredSeconds = quick ? 5 : 35;
const postsPerMinute = 5; // the server's default, not set here

async function getJson<T>(url: string): Promise<T> {
  const answer = await fetch(url);
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}: ${(await answer.text()).slice(0, 200)}`);
  return (await answer.json()) as T;
}

/** Ids and codes the traffic needs, read through the proxy; one report posted to prove the body valid. */
async function readKnownData(origin: string): Promise<KnownData> {
  const listing = await getJson<{ service_request_id: string }[]>(`${origin}${paths.proxyGeoreport}/requests.json?extensions=true`);
  const services = await getJson<{ service_code: string }[]>(`${origin}${paths.proxyGeoreport}/services.json`);
  const counters = await getJson<{ count: number }>(`${origin}${paths.proxyCounters}/?page=1`);
  const data: KnownData = {
    requestIds: listing.map((request) => request.service_request_id),
    serviceCodes: services.map((service) => service.service_code),
    counterPages: Math.min(20, Math.ceil(counters.count / 100)),
  };
  if (data.requestIds.length === 0 || data.serviceCodes.length === 0 || data.counterPages === 0) {
    throw new Error(`demo data missing: ${JSON.stringify({ ...data, requestIds: data.requestIds.length })}`);
  }
  const single = await fetch(`${origin}${paths.proxyGeoreport}/requests/${encodeURIComponent(data.requestIds[0]!)}.json`);
  if (single.status !== 200) throw new Error(`a single request answered ${single.status}`);
  const posted = await fetch(`${origin}${paths.proxyGeoreport}/requests.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: submissionBody(0, data.serviceCodes[0]!),
  });
  if (posted.status >= 300) throw new Error(`the bench's report was refused (${posted.status}): ${(await posted.text()).slice(0, 300)}`);
  return data;
}

const mib = (bytes?: number) => (bytes === undefined ? Number.NaN : bytes / 1024 / 1024);

/** Answers that are failures: everything but 2xx, except the submissions' intended 429s. */
function unexpectedAnswers(kind: TrafficKind, run: KindRun): number {
  return Object.entries(run.statuses)
    .filter(([status]) => !(Number(status) < 300 || (kind === 'submit' && status === '429')))
    .reduce((sum, [, count]) => sum + count, 0);
}

const statusText = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${status}: ${formatCount(count)}`)
    .join(', ');

export async function run(): Promise<BenchResult[]> {
  const dataDir = makeTempDir('kerro-bench-load-');
  let server: RunningServer | undefined;
  try {
    server = await startDemoServer(dataDir);
    const data = await readKnownData(server.origin);
    const now = Date.now();
    const group = `Mixed load through the proxy, ${connections} connections, ${measuredSeconds} s (listing ${kindWeights.listing}%, single ${kindWeights.single}%, counters ${kindWeights.counters}%, submit ${kindWeights.submit}%)`;
    const phase = (seconds: number, measured: boolean, kinds?: TrafficKind[]): LoadPhase => ({
      target: 'mix',
      url: server!.origin,
      seconds,
      uniqueQuery: false,
      measured,
      requests: trafficMix(data, now, kinds),
      pick: 'random',
    });

    const serverPid = server.child.pid;
    const rssBefore = rssBytes(serverPid);
    // The warm-up leaves submissions out, so the measured half minute sees the limiter from its start.
    const runs = await runLoad(
      { connections, phases: [phase(warmupSeconds, false, ['listing', 'single', 'counters']), phase(measuredSeconds, true)] },
      () => serverPid,
    );
    const rssAfter = rssBytes(serverPid);
    const mix = runs.get('mix')!;

    const kindRows = (Object.keys(kindWeights) as TrafficKind[]).flatMap((kind): BenchResult[] => {
      const figures = mix.kinds.get(kind);
      if (!figures) return [{ group, name: `${kind}: throughput`, value: 0, unit: 'req/s', note: 'no answers at all!' }];
      return [
        { group, name: `${kind}: throughput`, value: figures.requestsPerSecond, unit: 'req/s', note: statusText(figures.statuses) },
        { group, name: `${kind}: p99 latency`, value: figures.p99, unit: 'ms', note: `p50 ${figures.p50.toFixed(1)} ms${kind === 'submit' ? '; the fast 429s included' : ''}` },
      ];
    });
    const unexpected = (Object.keys(kindWeights) as TrafficKind[]).reduce(
      (sum, kind) => sum + (mix.kinds.has(kind) ? unexpectedAnswers(kind, mix.kinds.get(kind)!) : 0),
      0,
    );
    const submit = mix.kinds.get('submit')?.statuses ?? {};
    const accepted = Object.entries(submit).filter(([status]) => Number(status) < 300).reduce((sum, [, count]) => sum + count, 0);

    return [
      {
        group,
        name: 'all kinds: throughput',
        value: mix.requestsPerSecond,
        unit: 'req/s',
        note: `server CPU ${percentText(mix.serverCpu)}, load generator CPU ${percentText(mix.loadGeneratorCpu)}`,
      },
      { group, name: 'all kinds: p50 latency (2xx)', value: mix.p50, unit: 'ms' },
      { group, name: 'all kinds: p99 latency (2xx)', value: mix.p99, unit: 'ms' },
      ...(mix.serverCpuMsPerRequest === undefined
        ? []
        : [{ group, name: 'server CPU per request', value: mix.serverCpuMsPerRequest, unit: 'ms' }]),
      ...kindRows,
      {
        group,
        name: 'failures (5xx, other non-2xx, timeouts, socket errors)',
        value: unexpected + mix.errors,
        unit: 'failures',
        target: atMost(0),
        note: `non-2xx other than submit 429: ${unexpected}; timeouts: ${mix.timeouts}; socket errors: ${mix.errors - mix.timeouts}`,
      },
      {
        group,
        name: 'submissions accepted / refused with 429',
        value: accepted,
        unit: 'reports',
        note: `${formatCount(submit['429'] ?? 0)} × 429 (intended: at most ${postsPerMinute} a minute per address; 1 more was posted before the load to check the body)`,
      },
      { group, name: 'server RSS before the load', value: mib(rssBefore), unit: 'MiB' },
      { group, name: 'server RSS after the load', value: mib(rssAfter), unit: 'MiB' },
    ];
  } finally {
    await server?.child.stop();
    removeTempDir(dataDir);
  }
}

export const loadMixBench: BenchModule = { title: 'Load: mixed traffic through the proxy', run };

if (isEntryPoint(import.meta.url)) await runBenches([loadMixBench]);
