import { useQueries } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import '../../../styles/traffic.css';
import { trafficQuery } from '../api/get-traffic';
import type { Counter } from '../lib/counter';
import { currentLanguage } from '../../../lib/i18n';
import { formatTimestamp } from '../lib/format';
import { saveFile } from '../lib/save-file';
import { trafficCsv, trafficCsvFileName } from '../lib/traffic-csv';
import { measurementTypesOf, rangeStart, trafficRanges, type TrafficRange } from '../lib/traffic-series';
import { TrafficFigure } from './traffic-figure';

export interface CounterTrafficProps {
  counter: Counter;
  counterName: string;
}

/**
 * A counter's recent traffic: the last 7 days hourly or the last 90 days daily, a chart per
 * measurement type it has (through the proxy's aggregate), the same values as tables, and the
 * shown series as a CSV file. A counter that never delivered a count says so instead, and a range
 * that begins after the counter's last stored observation says when that was, asking nothing.
 */
export function CounterTraffic({ counter, counterName }: CounterTrafficProps) {
  // Its texts: registered by whoever opens it (the panel's disclosure, the /counters table).
  const { t, i18n } = useTranslation('traffic');
  const [range, setRange] = useState<TrafficRange>('week');
  const rangeName = useId();
  const delivered = counter.lastStoredObservation !== null;
  const lastStored = delivered ? Date.parse(counter.lastStoredObservation!) : NaN;
  // Known to hold nothing: the counter's last observation is older than the range.
  const stoppedBefore = Number.isFinite(lastStored) && lastStored < rangeStart(range, new Date());
  const types = measurementTypesOf(counter);
  const results = useQueries({
    queries: types.map((measurementType) => ({ ...trafficQuery({ counterId: counter.id, measurementType, range }), enabled: delivered && !stoppedBefore })),
  });

  if (!delivered) return <p className="traffic__none">{t('noObservations')}</p>;

  const loading = results.some((result) => result.isPending);
  const failed = results.some((result) => result.isError);
  const byType = types.map((measurementType, index) => ({ measurementType, rows: results[index]?.data ?? [] }));
  const shown = byType.filter(({ rows }) => rows.length > 0);

  let body;
  if (stoppedBefore) {
    body = <p className="traffic__none traffic__placeholder">{t('emptySince', { date: formatTimestamp(counter.lastStoredObservation, currentLanguage(i18n)) })}</p>;
  } else if (failed) {
    body = (
      <ErrorNotice
        message={t('error')}
        retryLabel={t('retry')}
        onRetry={() => {
          for (const result of results) if (result.isError) void result.refetch();
        }}
      />
    );
  } else if (loading) {
    body = (
      <div className="traffic__placeholder">
        <LoadingNotice message={t('loading')} />
      </div>
    );
  } else if (shown.length === 0) {
    body = <p className="traffic__none traffic__placeholder">{t('empty')}</p>;
  } else {
    body = (
      <>
        {shown.map(({ measurementType, rows }) => (
          <TrafficFigure key={measurementType} counterName={counterName} measurementType={measurementType} range={range} rows={rows} />
        ))}
        <Button variant="secondary" className="traffic__csv" onClick={() => saveFile(trafficCsv(shown), trafficCsvFileName(counter.id, range))}>
          {t('csv')}
        </Button>
      </>
    );
  }

  return (
    <div className="traffic" data-range={range}>
      <fieldset className="traffic__ranges">
        <legend className="visually-hidden">{t('rangeLabel')}</legend>
        {trafficRanges.map((option) => (
          <label key={option} className="traffic__range">
            <input type="radio" name={rangeName} value={option} checked={range === option} onChange={() => setRange(option)} />
            {t(`range.${option}`)}
          </label>
        ))}
      </fieldset>
      {body}
    </div>
  );
}
