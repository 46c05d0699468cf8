/**
 * GET /open311/v1/requests.json?extensions=true over 100,000 published requests, served by the
 * real server under autocannon, against a bare node:http server sending the same bytes,
 * measured in the same run so the ratio does not depend on the machine. The two alternate in
 * short rounds, so a burst of background load hits both rather than one.
 *
 * The same 100,000 requests (same seed, same clock) also go into PostgreSQL, served by a second
 * real server over DATABASE_URL, which takes its turn in the same rounds: the cached listing, and
 * the listing with the cache defeated (a unique `&_=N` per request, which the listing ignores but
 * which is part of the cache key), SQLite and PostgreSQL alternating.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { join } from 'node:path';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { runLoad } from '../lib/load';
import { loadRows } from '../lib/load-rows';
import type { LoadPhase } from '../lib/load-child';
import { benchPostgresPid, createBenchDatabase, dropBenchDatabase, postgresEnabled, settleBenchDatabase } from '../lib/postgres';
import { atLeast, type BenchResult } from '../lib/result';
import { formatCount, quick } from '../lib/settings';
import { fillStore } from './fill-store';
import { browserAcceptEncoding, fixedRateHeaders, fixedRateRows, fixedRateTargets, kib } from './fixed-rate';
import { runUncachedPathBench } from './uncached-path';
import { startBareServer, startKerroServer, type RunningServer } from './servers';

const storedRequests = quick ? 10_000 : 100_000;
const connections = 32;
const warmupSeconds = quick ? 1 : 2;
const rounds = 2;
const roundSeconds = quick ? 1 : 2.5;
const listingPath = '/open311/v1/requests.json?extensions=true';
const xmlListingPath = '/open311/v1/requests.xml?extensions=true';
/** Offered rates for the open-loop runs (req/s), with the p99 targets of the cached and uncached listing at 1,000. */
const fixedRates = [500, 1000] as const;

interface Answer {
  body: Buffer;
  contentType: string;
  ids: string[];
}

async function getListing(server: RunningServer): Promise<Answer> {
  const answer = await fetch(`${server.origin}${listingPath}`);
  const body = Buffer.from(await answer.arrayBuffer());
  const records = JSON.parse(body.toString('utf8')) as { service_request_id: string }[];
  if (answer.status !== 200 || records.length !== 200) {
    throw new Error(`the listing answered ${answer.status} with ${records.length} requests; expected 200 with 200`);
  }
  return { body, contentType: answer.headers.get('content-type') ?? '', ids: records.map((record) => record.service_request_id) };
}

/** The listing's bytes as sent to a browser (not decoded), and their Content-Encoding. */
function getEncodedListing(server: RunningServer): Promise<{ body: Buffer; coding: string }> {
  return new Promise((resolve, reject) => {
    get(`${server.origin}${listingPath}`, { headers: { 'accept-encoding': browserAcceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const coding = response.headers['content-encoding'];
        if (response.statusCode !== 200 || coding === undefined) reject(new Error(`the listing answered ${response.statusCode} with Content-Encoding ${coding}`));
        else resolve({ body: Buffer.concat(chunks), coding });
      });
    }).on('error', reject);
  });
}

export async function runListingBench(): Promise<BenchResult[]> {
  const measuredSeconds = rounds * roundSeconds;
  const group = `GET requests.json?extensions=true (200 of ${formatCount(storedRequests)} published), ${connections} connections, ${measuredSeconds} s each`;
  // First: without PostgreSQL the bench stops here, saying what to install, before any filling.
  const databaseUrl = postgresEnabled ? await createBenchDatabase() : undefined;
  const dataDir = makeTempDir('kerro-bench-listing-');
  const servers: RunningServer[] = [];
  try {
    const now = Date.now();
    const store = await fillStore(dataDir, storedRequests, { seed: 100, now });
    const inProcess = await runUncachedPathBench(
      store.repositories,
      `GET requests.[format]?extensions=true uncached, in one process (200 of ${formatCount(storedRequests)}, SQLite)`,
      quick ? 50 : 400,
    );
    await store.close();
    const kerro = await startKerroServer(dataDir);
    servers.push(kerro);
    const answer = await getListing(kerro);
    const bodyFile = join(dataDir, 'listing-answer.json');
    writeFileSync(bodyFile, answer.body);
    const encoded = await getEncodedListing(kerro);
    const encodedFile = join(dataDir, 'listing-answer.json.encoded');
    writeFileSync(encodedFile, encoded.body);
    const bare = await startBareServer(bodyFile, answer.contentType, { file: encodedFile, coding: encoded.coding });
    servers.push(bare);

    const origins: Record<string, RunningServer> = { real: kerro, bare, uncached: kerro, 'uncached-xml': kerro };
    const rateTargets = fixedRateTargets(fixedRates);
    // The bare targets: the same bytes from a bare node:http server at the same rate, what this
    // machine and the load generator allow, so the p99 above it is Kerro's own.
    for (const target of rateTargets) origins[target] = target.startsWith('bare') ? bare : kerro;
    let postgresNote = '';
    if (databaseUrl) {
      const pgStore = await fillStore(dataDir, storedRequests, { seed: 100, now, databaseUrl });
      await pgStore.close();
      await settleBenchDatabase(databaseUrl);
      const pgDataDir = join(dataDir, 'postgres-server');
      mkdirSync(pgDataDir);
      const kerroPg = await startKerroServer(pgDataDir, databaseUrl);
      servers.push(kerroPg);
      const pgAnswer = await getListing(kerroPg);
      if (pgAnswer.ids.join() !== answer.ids.join()) throw new Error('PostgreSQL listed other requests than SQLite for the same data');
      // Media URLs are absolute: only the port may differ.
      const sameAnswer = pgAnswer.body.toString('utf8').replaceAll(kerroPg.origin, kerro.origin) === answer.body.toString('utf8');
      postgresNote = sameAnswer ? 'same answer as SQLite' : `answer DIFFERS from SQLite's (same requests; ${pgAnswer.body.length} bytes)`;
      origins.pg = kerroPg;
      origins['pg-uncached'] = kerroPg;
    }
    const withPg = (...targets: string[]) => targets.filter((target) => origins[target] !== undefined);

    const phase = (target: string, seconds: number, measured: boolean): LoadPhase => ({
      target,
      url: `${origins[target]!.origin}${target.endsWith('-xml') ? xmlListingPath : listingPath}`,
      seconds,
      uniqueQuery: target.includes('uncached'),
      measured,
      overallRate: target.includes('@') ? Number(target.split('@')[1]) : undefined,
      headers: fixedRateHeaders(target),
    });
    const cachedTargets = withPg('real', 'bare', 'pg');
    const uncachedTargets = withPg('uncached', 'uncached-xml', 'pg-uncached');
    const alternate = (targets: string[]) =>
      Array.from({ length: rounds }, () => targets.map((target) => phase(target, roundSeconds, true))).flat();
    const runs = await runLoad(
      {
        connections,
        phases: [
          ...cachedTargets.map((target) => phase(target, warmupSeconds, false)),
          ...alternate(cachedTargets),
          ...uncachedTargets.map((target) => phase(target, 1, false)),
          ...alternate(uncachedTargets),
          ...alternate(rateTargets),
        ],
      },
      (target) => origins[target]!.child.pid,
      (target) => (target.startsWith('pg') ? benchPostgresPid() : undefined),
    );
    const real = runs.get('real')!;
    const baseline = runs.get('bare')!;
    const uncached = runs.get('uncached')!;

    const rows: BenchResult[] = [
      ...loadRows(group, 'SQLite server, cached listing', real, { p99Target: 10, note: `${Math.round(answer.body.length / 1024)} KiB answer` }),
      ...loadRows(group, 'bare node:http, same bytes', baseline, {}),
      {
        group,
        name: 'ratio SQLite server / bare (req/s)',
        value: real.requestsPerSecond / baseline.requestsPerSecond,
        unit: '×',
        target: atLeast(0.6),
        note: 'compressed towards 1 when the load generator, not the server, is the limit (see CPU notes)',
      },
    ];
    const pg = runs.get('pg');
    if (pg) {
      rows.push(...loadRows(group, 'PostgreSQL server, cached listing', pg, { note: postgresNote }), {
        group,
        name: 'ratio PostgreSQL / SQLite, cached (req/s)',
        value: pg.requestsPerSecond / real.requestsPerSecond,
        unit: '×',
        note: 'a cache hit still reads the change token (one query on PostgreSQL)',
      });
    }
    rows.push(...loadRows(group, 'SQLite server, cache defeated (&_=N)', uncached, { cpuTarget: 1 }), {
      group,
      name: 'ratio SQLite uncached / bare (req/s)',
      value: uncached.requestsPerSecond / baseline.requestsPerSecond,
      unit: '×',
    });
    rows.push(...loadRows(group, 'SQLite server, XML, cache defeated (&_=N)', runs.get('uncached-xml')!, { cpuTarget: 1 }));
    const pgUncached = runs.get('pg-uncached');
    if (pgUncached) {
      rows.push(...loadRows(group, 'PostgreSQL server, cache defeated (&_=N)', pgUncached, {}), {
        group,
        name: 'ratio PostgreSQL / SQLite, cache defeated (req/s)',
        value: pgUncached.requestsPerSecond / uncached.requestsPerSecond,
        unit: '×',
        note: 'same rounds, alternating',
      });
    }
    rows.push(
      ...fixedRateRows(
        runs,
        fixedRates,
        `GET requests.json?extensions=true at a fixed offered rate (open loop, up to ${connections * 2} connections, SQLite), ${measuredSeconds} s each; ${encoded.coding} answer ${kib(encoded.body.length)}, identity ${kib(answer.body.length)}`,
      ),
    );
    return [...rows, ...inProcess];
  } finally {
    for (const server of servers) await server.child.stop();
    if (databaseUrl) await dropBenchDatabase(databaseUrl);
    removeTempDir(dataDir);
  }
}
