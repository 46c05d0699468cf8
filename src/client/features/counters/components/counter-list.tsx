import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import type { Counter } from '../lib/counter';
import { CounterFacts } from './counter-facts';

export interface CounterListProps {
  counters: readonly Counter[];
  /** Absent for counters without a location: they cannot be shown on the map. */
  onShowOnMap?: (counter: Counter) => void;
  emptyText: string;
  pageSize?: number;
  className?: string;
}

/** Counters as a list (the map's list alternative, and the "location unknown" list). */
export function CounterList({ counters, onShowOnMap, emptyText, pageSize = 25, className }: CounterListProps) {
  const { t } = useTranslation('counters');
  const [shown, setShown] = useState(pageSize);
  if (counters.length === 0) return <p className="map-list__empty">{emptyText}</p>;
  const visible = counters.slice(0, shown);
  return (
    <>
      <ul className={['map-list', 'map-list--counters', className].filter(Boolean).join(' ')}>
        {visible.map((counter) => {
          const counterName = counter.name || t('values.unnamed', { id: counter.id });
          return (
            <li key={counter.id} className="map-list__item" data-counter-id={counter.id}>
              <h3 className="map-list__title">{counterName}</h3>
              <CounterFacts counter={counter} />
              {onShowOnMap && counter.location ? (
                <Button variant="secondary" className="map-list__show" onClick={() => onShowOnMap(counter)}>
                  {t('list.showOnMap')}
                  <span className="visually-hidden">: {counterName}</span>
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="map-list__count">{t('list.showing', { shown: visible.length, total: counters.length })}</p>
      {shown < counters.length ? (
        <Button variant="secondary" onClick={() => setShown((count) => count + pageSize)}>
          {t('list.more', { count: Math.min(pageSize, counters.length - shown) })}
        </Button>
      ) : null}
    </>
  );
}
