/**
 * The listing at a fixed offered rate (open loop, bench/lib/open-loop.ts: requests leave at that
 * rate whatever the answers take, latency counted from when each was due), p99 as users feel it
 * rather than at saturation, where the load generator on two cores is the limit. The baseline:
 * the same answer's bytes from a bare node:http server at the same rate.
 *
 * Two ways of asking, each with its own baseline: as browsers ask (Accept-Encoding: gzip, deflate,
 * br, zstd; Kerro answers brotli: the cached listing its cached compressed bytes, the uncached one
 * compressed per request; the bare server the same compressed bytes), and with no Accept-Encoding
 * (identity, as curl or a script might). Targets at 1,000 req/s, cached ≤ 10 ms and uncached
 * ≤ 25 ms, are judged on both: browsers are how people meet the listing, and the identity run is
 * the uncached path's own work, without the compression each uncached answer to a browser pays.
 */
import type { LoadRun } from '../lib/load';
import { percentText } from '../lib/load-rows';
import { atMost, type BenchResult } from '../lib/result';

const p99Targets = { cached: 10, uncached: 25 } as const;

/** What Chromium (123 on) and Firefox (126 on) send; Kerro writes br or gzip and picks br. */
export const browserAcceptEncoding = 'gzip, deflate, br, zstd';

const askings = [
  { suffix: '+browser', label: 'browser Accept-Encoding', compressed: true },
  { suffix: '', label: 'identity (no Accept-Encoding)', compressed: false },
] as const;

/** Load targets, e.g. `cached+browser@1000`, `uncached@500`, `bare+browser@1000`. */
export function fixedRateTargets(rates: readonly number[]): string[] {
  return rates.flatMap((rate) => askings.flatMap(({ suffix }) => ['cached', 'uncached', 'bare'].map((kind) => `${kind}${suffix}@${rate}`)));
}

/** The headers a fixed-rate target's requests carry. */
export function fixedRateHeaders(target: string): Record<string, string> | undefined {
  return target.includes('+browser@') ? { 'accept-encoding': browserAcceptEncoding } : undefined;
}

export const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const runNote = (run: LoadRun) =>
  `answered ${Math.round(run.requestsPerSecond)} req/s, ${kib(run.bytesPerRequest)} each; server CPU ${percentText(run.serverCpu)}, load generator CPU ${percentText(run.loadGeneratorCpu)}${run.failures > 0 ? `; ${run.failures} errors/non-2xx!` : ''}`;

/** A run's p99 (with its target, if any, and what it answered) and p50 rows. */
function latencyRows(group: string, label: string, run: LoadRun, target?: BenchResult['target'], notePrefix = ''): BenchResult[] {
  return [
    { group, name: `${label}: p99 latency`, value: run.p99, unit: 'ms', target, note: `${notePrefix}${runNote(run)}` },
    { group, name: `${label}: p50 latency`, value: run.p50, unit: 'ms' },
  ];
}

export function fixedRateRows(runs: Map<string, LoadRun>, rates: readonly number[], group: string): BenchResult[] {
  const rows: BenchResult[] = [];
  for (const rate of rates) {
    for (const asking of askings) {
      const at = `${asking.suffix}@${rate}`;
      const how = `at ${rate} req/s, ${asking.label}`;
      const bare = runs.get(`bare${at}`)!;
      for (const kind of ['cached', 'uncached'] as const) {
        const run = runs.get(`${kind}${at}`)!;
        const label = `${kind} listing ${how}`;
        rows.push(
          ...latencyRows(group, label, run, rate === 1000 ? atMost(p99Targets[kind]) : undefined),
          { group, name: `${label}: server CPU per request`, value: run.serverCpuMsPerRequest ?? Number.NaN, unit: 'ms', note: kind === 'uncached' && asking.compressed ? 'includes compressing each answer (brotli, libuv threads)' : undefined },
        );
      }
      rows.push(...latencyRows(group, `bare node:http, same bytes, ${how}`, bare, undefined, 'baseline; '));
      for (const kind of ['cached', 'uncached'] as const) {
        rows.push({ group, name: `ratio ${kind} / bare ${how} (p99)`, value: runs.get(`${kind}${at}`)!.p99 / bare.p99, unit: '×' });
      }
    }
  }
  return rows;
}
