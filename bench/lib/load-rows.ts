import type { LoadRun } from './load';
import { atMost, type BenchResult } from './result';

export const percentText = (share?: number) => (share === undefined ? '?' : `${Math.round(share * 100)}%`);

/**
 * Throughput (with CPU shares and any failures in its note), p50, p99 and server CPU per request;
 * with a database server behind it (PostgreSQL), that server's CPU per request too.
 */
export function loadRows(
  group: string,
  label: string,
  run: LoadRun,
  options: { p99Target?: number; note?: string; cpuTarget?: number },
): BenchResult[] {
  const notes = [
    options.note,
    `server CPU ${percentText(run.serverCpu)}, ${run.databaseCpu === undefined ? '' : `PostgreSQL CPU ${percentText(run.databaseCpu)}, `}load generator CPU ${percentText(run.loadGeneratorCpu)}`,
    run.failures > 0 ? `${run.failures} errors/non-2xx!` : undefined,
  ].filter(Boolean);
  const rows: BenchResult[] = [
    { group, name: `${label}: throughput`, value: run.requestsPerSecond, unit: 'req/s', note: notes.join('; ') },
    { group, name: `${label}: p50 latency`, value: run.p50, unit: 'ms' },
    {
      group,
      name: `${label}: p99 latency`,
      value: run.p99,
      unit: 'ms',
      target: options.p99Target === undefined ? undefined : atMost(options.p99Target),
    },
  ];
  if (run.serverCpuMsPerRequest !== undefined) {
    const target = options.cpuTarget === undefined ? undefined : atMost(options.cpuTarget);
    rows.push({ group, name: `${label}: server CPU per request`, value: run.serverCpuMsPerRequest, unit: 'ms', target });
  }
  if (run.databaseCpuMsPerRequest !== undefined) {
    rows.push({ group, name: `${label}: PostgreSQL CPU per request`, value: run.databaseCpuMsPerRequest, unit: 'ms', note: 'postmaster and backends' });
  }
  return rows;
}
