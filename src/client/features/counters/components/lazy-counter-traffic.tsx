import { lazy, Suspense } from 'react';
import type { CounterTrafficProps } from './counter-traffic';

// The traffic view, its texts and styles come when a person opens it, not with the map or table.
const CounterTraffic = lazy(() => import('./counter-traffic').then((module) => ({ default: module.CounterTraffic })));

export function LazyCounterTraffic(props: CounterTrafficProps) {
  return (
    <Suspense fallback={<div className="traffic__placeholder" />}>
      <CounterTraffic {...props} />
    </Suspense>
  );
}
