import { useTranslation } from 'react-i18next';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { currentLanguage } from '../../../lib/i18n';
import type { Counter } from '../lib/counter';
import { formatTimestamp } from '../lib/format';
import { municipalityName } from '../lib/municipalities';

/** The counter's fields as a description list: the map's panel and the list use it. */
export function CounterFacts({ counter }: { counter: Counter }) {
  const { t, i18n } = useTranslation('counters');
  const language = currentLanguage(i18n);
  const none = t('values.none');
  const rows: [string, string][] = [
    [t('fields.source'), counter.source || none],
    [t('fields.sourceId'), counter.sourceId === null ? none : String(counter.sourceId)],
    [t('fields.classifying'), counter.classifying ? t('values.yes') : t('values.no')],
    [t('fields.dataReceived'), counter.dataReceived ? t('values.yes') : t('values.no')],
    [t('fields.firstStoredObservation'), formatTimestamp(counter.firstStoredObservation, language) ?? none],
    [t('fields.lastStoredObservation'), formatTimestamp(counter.lastStoredObservation, language) ?? none],
    [t('fields.municipalityCode'), counter.municipalityCode ? municipalityName(counter.municipalityCode, language) : none],
    [
      t('fields.location'),
      counter.location ? formatCoordinates(counter.location.lat, counter.location.long, language) : t('values.locationUnknown'),
    ],
  ];
  return (
    <dl className="counter-facts">
      {rows.map(([term, value]) => (
        <div key={term} className="counter-facts__row">
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
