/**
 * BENCH_QUICK=1 shrinks data sets and runs (for checking the bench itself, not for figures).
 * BENCH_CPU_PROF=<dir> runs server children under --cpu-prof, writing profiles there.
 */
export const quick = process.env.BENCH_QUICK === '1';
export const cpuProfileDir = process.env.BENCH_CPU_PROF || undefined;

export function serverNodeFlags(): string[] {
  return cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfileDir}`] : [];
}

export const formatCount = (value: number) => value.toLocaleString('en-US');
