/**
 * Dashboard exports benchmark (issue 41, item 9): 10,000 published reports, each with two public
 * history entries, downloaded over HTTP from the running app as CSV, GeoJSON and updates CSV by
 * an administrator (no filter: every row). Targets: each export of 10,000 reports in ≤ 5 s, and
 * the process's resident memory growing by ≤ 64 MB while one streams (one page at a time).
 * Baseline from the same run: a plain listing of the same rows and columns, one SELECT of them
 * all on the SQLite file written as naive comma-joined lines; the ratio is the export's time over
 * it. SQLite only. `npm run bench:exports`.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openStore } from '../src/server/storage';
import { lightPasswordHash } from '../test/helpers/light-password-hash';
import { fillStore } from './georeport/fill-store';
import { makeTempDir, removeTempDir } from './lib/cleanup';
import { isEntryPoint, runBenches } from './lib/entry';
import { atMost, type BenchResult, type BenchModule } from './lib/result';
import { formatCount, quick } from './lib/settings';

const reportCount = quick ? 1_000 : 10_000;
const now = Date.parse('2026-11-20T12:00:00Z');
const mb = 1024 * 1024;

/** Every report published an hour after it was made, and half of them closed a day later. */
function addHistory(file: string): void {
  const db = new Database(file);
  db.exec(`
    INSERT INTO request_history (service_request_id, at, kind, detailed_status, note)
      SELECT service_request_id, requested_at + 3600000, 'published', 'RECEIVED', '' FROM service_requests;
    INSERT INTO request_history (service_request_id, at, kind, detailed_status, note)
      SELECT service_request_id, requested_at + 90000000, 'status', detailed_status, 'Looked at, thank you.' FROM service_requests;`);
  db.close();
}

/** The baseline: the same rows and columns in one plain SELECT, written as naive lines. */
function plainListing(file: string): { ms: number; bytes: number } {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  const rows = db
    .prepare(`SELECT service_request_id, service_code, title, description, address_string, lat, long, body_id, moderation, status,
      detailed_status, requested_at, updated_at FROM service_requests WHERE moderation = 'published' ORDER BY service_request_id`)
    .raw()
    .all() as unknown[][];
  const text = rows.map((row) => row.join(',')).join('\n');
  const ms = performance.now() - started;
  db.close();
  return { ms, bytes: Buffer.byteLength(text) };
}

/** Downloads `url`, reading the stream as it comes; the most resident memory grew meanwhile, sampled every 5 ms. */
async function download(url: string, cookie: string): Promise<{ ms: number; bytes: number; rssGrowth: number }> {
  global.gc?.();
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { cookie } });
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    let bytes = 0;
    for await (const chunk of response.body!) {
      bytes += (chunk as Uint8Array).byteLength;
      peak = Math.max(peak, process.memoryUsage.rss());
    }
    return { ms: performance.now() - started, bytes, rssGrowth: (peak - before) / mb };
  } finally {
    clearInterval(sampler);
  }
}

export async function run(): Promise<BenchResult[]> {
  const group = `Dashboard exports: ${formatCount(reportCount)} published reports, two public updates each, over HTTP (SQLite)`;
  const dataDir = makeTempDir('kerro-bench-exports-');
  try {
    const filled = await fillStore(dataDir, reportCount, { seed: 41, now });
    await filled.close();
    const file = join(dataDir, 'kerro.sqlite');
    addHistory(file);

    const config = loadConfig({ DATA_DIR: dataDir, DEMO_DATA: 'false', LOG_LEVEL: 'silent', PUBLIC_BASE_URL: 'http://kerro.test' });
    const store = await openStore(config);
    const app = await buildApp({ config, store });
    try {
      await store.moderation.createModerator('bench-admin', await lightPasswordHash('bench password long enough'), Date.now(), []);
      const address = await app.listen({ host: '127.0.0.1', port: 0 });
      const signIn = await fetch(`${address}/moderation/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: address },
        body: JSON.stringify({ name: 'bench-admin', password: 'bench password long enough' }),
      });
      if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
      const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;

      // Warm up (statements, JIT) on a small filter, then the baseline and each export in full.
      await download(`${address}/moderation/api/exports/requests.csv?from=2030-01-01`, cookie);
      const baseline = plainListing(file);
      const rows: BenchResult[] = [{ group, name: 'plain listing of the same rows (baseline)', value: baseline.ms, unit: 'ms', note: `${(baseline.bytes / mb).toFixed(1)} MB` }];
      for (const name of ['requests.csv', 'requests.geojson', 'updates.csv']) {
        const result = await download(`${address}/moderation/api/exports/${name}`, cookie);
        rows.push(
          { group, name: `${name}: time`, value: result.ms / 1000, unit: 's', target: atMost(5), note: `${(result.bytes / mb).toFixed(1)} MB` },
          { group, name: `${name}: resident memory growth while streaming`, value: result.rssGrowth, unit: 'MB', target: atMost(64) },
          { group, name: `${name}: ratio to the plain listing`, value: result.ms / baseline.ms, unit: '×' },
        );
      }
      rows.push({ group, name: 'peak RSS of the whole run (fill included)', value: process.resourceUsage().maxRSS / 1024, unit: 'MB' });
      return rows;
    } finally {
      await app.close();
      await store.close();
    }
  } finally {
    removeTempDir(dataDir);
  }
}

export const exportsBench: BenchModule = { title: 'Dashboard exports (CSV, GeoJSON, updates)', run };

if (isEntryPoint(import.meta.url)) await runBenches([exportsBench]);
