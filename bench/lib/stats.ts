/** Nearest-rank percentile of unsorted samples (p in 0..100). */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function summarize(samples: readonly number[]): { p50: number; p95: number; p99: number; mean: number } {
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  return { p50: percentile(samples, 50), p95: percentile(samples, 95), p99: percentile(samples, 99), mean };
}

/** Wall-clock milliseconds of one call. */
export async function timeMs(action: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}
