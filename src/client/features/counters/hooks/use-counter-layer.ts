import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Counter } from '../lib/counter';
import { counterClusterLook, counterMarkerLook } from '../lib/counter-looks';

/**
 * The counters as map points (the placeholders at 0,0 are left out: they go to the "location
 * unknown" list) and their marker looks. The map feature clusters and draws them.
 */
export function useCounterLayer(counters: readonly Counter[]) {
  const { t } = useTranslation('counters');
  const { byId, points, unlocated } = useMemo(() => {
    const map = new Map<string, Counter>();
    const located: { id: string; lat: number; long: number; flagged: boolean }[] = [];
    const unknown: Counter[] = [];
    for (const counter of counters) {
      map.set(String(counter.id), counter);
      if (counter.location) located.push({ id: String(counter.id), ...counter.location, flagged: counter.dataReceived });
      else unknown.push(counter);
    }
    return { byId: map, points: located, unlocated: unknown };
  }, [counters]);

  const pointLook = useCallback(
    (id: string) => {
      const counter = byId.get(id);
      const counterName = counter?.name || t('values.unnamed', { id });
      return counterMarkerLook({
        receiving: counter?.dataReceived ?? false,
        title: counterName,
        label: t(counter?.dataReceived ? 'markers.counter' : 'markers.counterIdle', { name: counterName }),
      });
    },
    [byId, t],
  );
  const clusterLook = useCallback((count: number) => counterClusterLook(count, t('markers.cluster', { count })), [t]);
  return { byId, points, unlocated, pointLook, clusterLook };
}
