import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { postgresHeader, stopBenchPostgres } from './postgres';
import { formatResults, machineHeader, summaryLine } from './report';
import { meetsTarget, type BenchModule, type BenchResult } from './result';

/** True when the module at `moduleUrl` was started as the program (not imported by run.ts). */
export function isEntryPoint(moduleUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && realpathSync(script) === fileURLToPath(moduleUrl);
}

/**
 * Runs the benches in order, printing each one's table as soon as it is done, then stops the
 * run's PostgreSQL server (bench/lib/postgres.ts) if one was started. Exits non-zero if
 * a bench throws; failed targets only do so with BENCH_STRICT=1 (a slow machine is not a bug).
 */
export async function runBenches(modules: readonly BenchModule[]): Promise<void> {
  console.log(machineHeader());
  const skipped = postgresHeader();
  if (skipped) console.log(skipped);
  const all: BenchResult[] = [];
  let crashed = false;
  try {
    for (const module of modules) {
      console.log(`\n# ${module.title}`);
      const started = performance.now();
      try {
        const results = await module.run();
        all.push(...results);
        console.log(formatResults(results));
      } catch (error) {
        crashed = true;
        console.error(`${module.title} failed:`, error);
      }
      console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  } finally {
    // The one PostgreSQL server of the run, if a bench started it.
    await stopBenchPostgres();
  }
  console.log(`\n${summaryLine(all)}`);
  if (crashed || (process.env.BENCH_STRICT === '1' && all.some((result) => result.target && !meetsTarget(result)))) {
    process.exitCode = 1;
  }
}
