import { useTranslation } from 'react-i18next';
import type { Counter } from '../lib/counter';
import { CounterList } from './counter-list';

/** Below the map: the counters without a location, which the map cannot show, in a disclosure. */
export function UnlocatedCounters({ counters, headingId }: { counters: readonly Counter[]; headingId: string }) {
  const { t } = useTranslation('counters');
  return (
    <section className="map-page__unlocated" aria-labelledby={headingId}>
      <details>
        <summary className="disclosure">
          <h2 id={headingId} className="map-page__unlocated-title">
            {t('unlocated.heading', { count: counters.length })}
          </h2>
        </summary>
        <p>{t('unlocated.explanation')}</p>
        <CounterList counters={counters} emptyText={t('unlocated.none')} className="map-list--unlocated" />
      </details>
    </section>
  );
}
