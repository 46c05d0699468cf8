/**
 * GET /open311/v1/requests.json?extensions=true over 100,000 published requests, served by the
 * real server under autocannon, against a bare node:http server sending the same bytes,
 * measured in the same run so the ratio does not depend on the machine. The two alternate in
 * short rounds, so a burst of background load hits both rather than one.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { runLoad } from '../lib/load';
import { loadRows } from '../lib/load-rows';
import type { LoadPhase } from '../lib/load-child';
import { atLeast, type BenchResult } from '../lib/result';
import { formatCount, quick } from '../lib/settings';
import { fillStore } from './fill-store';
import { startBareServer, startKerroServer, type RunningServer } from './servers';

const storedRequests = quick ? 10_000 : 100_000;
const connections = 32;
const warmupSeconds = quick ? 1 : 2;
const rounds = 2;
const roundSeconds = quick ? 1 : 2.5;
const listingPath = '/open311/v1/requests.json?extensions=true';

export async function runListingBench(): Promise<BenchResult[]> {
  const measuredSeconds = rounds * roundSeconds;
  const group = `GET requests.json?extensions=true (200 of ${formatCount(storedRequests)} published), ${connections} connections, ${measuredSeconds} s each`;
  const dataDir = makeTempDir('kerro-bench-listing-');
  const servers: RunningServer[] = [];
  try {
    const store = await fillStore(dataDir, storedRequests, { seed: 100, now: Date.now() });
    await store.close();

    const kerro = await startKerroServer(dataDir);
    servers.push(kerro);
    const answer = await fetch(`${kerro.origin}${listingPath}`);
    const body = Buffer.from(await answer.arrayBuffer());
    const contentType = answer.headers.get('content-type') ?? '';
    const count = (JSON.parse(body.toString('utf8')) as unknown[]).length;
    if (answer.status !== 200 || count !== 200) {
      throw new Error(`the listing answered ${answer.status} with ${count} requests; expected 200 with 200`);
    }
    const bodyFile = join(dataDir, 'listing-answer.json');
    writeFileSync(bodyFile, body);
    const bare = await startBareServer(bodyFile, contentType);
    servers.push(bare);

    const origins: Record<string, RunningServer> = { real: kerro, bare, uncached: kerro };
    const phase = (target: string, seconds: number, measured: boolean): LoadPhase => ({
      target,
      url: `${origins[target]!.origin}${listingPath}`,
      seconds,
      uniqueQuery: target === 'uncached',
      measured,
    });
    const alternating = Array.from({ length: rounds }, () => [phase('real', roundSeconds, true), phase('bare', roundSeconds, true)]);
    const runs = await runLoad(
      {
        connections,
        phases: [
          phase('real', warmupSeconds, false),
          phase('bare', warmupSeconds, false),
          ...alternating.flat(),
          phase('uncached', 1, false),
          phase('uncached', measuredSeconds, true),
        ],
      },
      (target) => origins[target]!.child.pid,
    );
    const real = runs.get('real')!;
    const baseline = runs.get('bare')!;
    const uncached = runs.get('uncached')!;

    return [
      ...loadRows(group, 'real server, cached listing', real, { p99Target: 10, note: `${Math.round(body.length / 1024)} KiB answer` }),
      ...loadRows(group, 'bare node:http, same bytes', baseline, {}),
      {
        group,
        name: 'ratio real / bare (req/s)',
        value: real.requestsPerSecond / baseline.requestsPerSecond,
        unit: '×',
        target: atLeast(0.6),
        note: 'compressed towards 1 when the load generator, not the server, is the limit (see CPU notes)',
      },
      ...loadRows(group, 'real server, cache defeated (&_=N)', uncached, { note: 'informative' }),
      {
        group,
        name: 'ratio uncached / bare (req/s)',
        value: uncached.requestsPerSecond / baseline.requestsPerSecond,
        unit: '×',
      },
    ];
  } finally {
    for (const server of servers) await server.child.stop();
    removeTempDir(dataDir);
  }
}
