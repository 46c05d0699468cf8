/**
 * One measured figure. Every bench module returns a list of these; the runner prints them.
 * A target turns the row into a PASS/FAIL check; rows without one are informative.
 */
export interface Target {
  comparison: 'atLeast' | 'atMost';
  value: number;
}

export interface BenchResult {
  /** Heading the row is printed under, e.g. "GeoReport listing over HTTP". */
  group: string;
  name: string;
  value: number;
  unit: string;
  target?: Target;
  note?: string;
}

export interface BenchModule {
  title: string;
  run: () => Promise<BenchResult[]>;
}

export function meetsTarget(result: BenchResult): boolean | undefined {
  if (!result.target || !Number.isFinite(result.value)) return result.target ? false : undefined;
  return result.target.comparison === 'atLeast' ? result.value >= result.target.value : result.value <= result.target.value;
}

export const atLeast = (value: number): Target => ({ comparison: 'atLeast', value });
export const atMost = (value: number): Target => ({ comparison: 'atMost', value });
