/**
 * The listing at a fixed offered rate (open loop, bench/lib/open-loop.ts: requests leave at that
 * rate whatever the answers take, latency counted from when each was due), p99 as users feel it
 * rather than at saturation, where the load generator on two cores is the limit. Targets at
 * 1,000 req/s: cached ≤ 10 ms, uncached ≤ 25 ms. The baseline: the same answer's bytes from a bare
 * node:http server at the same rate.
 */
import type { LoadRun } from '../lib/load';
import { percentText } from '../lib/load-rows';
import { atMost, type BenchResult } from '../lib/result';

const p99Targets = { cached: 10, uncached: 25 } as const;

export function fixedRateRows(runs: Map<string, LoadRun>, rates: readonly number[], group: string): BenchResult[] {
  const rows: BenchResult[] = [];
  for (const rate of rates) {
    for (const kind of ['cached', 'uncached'] as const) {
      const run = runs.get(`${kind}@${rate}`)!;
      const label = `${kind} listing at ${rate} req/s`;
      rows.push(
        {
          group,
          name: `${label}: p99 latency`,
          value: run.p99,
          unit: 'ms',
          target: rate === 1000 ? atMost(p99Targets[kind]) : undefined,
          note: `answered ${Math.round(run.requestsPerSecond)} req/s; server CPU ${percentText(run.serverCpu)}, load generator CPU ${percentText(run.loadGeneratorCpu)}${run.failures > 0 ? `; ${run.failures} errors/non-2xx!` : ''}`,
        },
        { group, name: `${label}: p50 latency`, value: run.p50, unit: 'ms' },
      );
    }
    const bare = runs.get(`bare@${rate}`)!;
    const cached = runs.get(`cached@${rate}`)!;
    rows.push(
      {
        group,
        name: `bare node:http, same bytes, at ${rate} req/s: p99 latency`,
        value: bare.p99,
        unit: 'ms',
        note: `baseline; answered ${Math.round(bare.requestsPerSecond)} req/s; server CPU ${percentText(bare.serverCpu)}, load generator CPU ${percentText(bare.loadGeneratorCpu)}`,
      },
      { group, name: `bare node:http at ${rate} req/s: p50 latency`, value: bare.p50, unit: 'ms' },
      { group, name: `ratio cached / bare at ${rate} req/s (p99)`, value: cached.p99 / bare.p99, unit: '×' },
    );
  }
  return rows;
}
