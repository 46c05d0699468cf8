/**
 * The paths a demo counter's name may put it on (counters/demo-data.ts names them): what it counts
 * follows, whatever its source, so a counter on a pavement charts pedestrians at walking pace, not
 * motor traffic at 80 km/h (observations/demo-data.ts).
 */
export const pavementSuffix = ' (jalkakäytävä)';
export const cyclePathSuffix = ' (pyörätie)';

export type DemoCounterPath = 'pavement' | 'cycle path';

export function pathOfDemoCounter(name: string): DemoCounterPath | undefined {
  if (name.includes(pavementSuffix)) return 'pavement';
  if (name.includes(cyclePathSuffix)) return 'cycle path';
  return undefined;
}
