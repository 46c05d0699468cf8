import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { dateTimeFormat, intlLocaleOf, numberFormat } from '../../../lib/intl-formats';
import { lookOf } from '../lib/traffic-looks';
import { toSeries, type AggregateRow, type TrafficRange } from '../lib/traffic-series';
import { directionName, typeName, unitName } from '../lib/traffic-words';
import { TrafficChart } from './traffic-chart';

/** Hours without the year (the last 7 days need none, and the panel is narrow); days with it. */
const tableTimeFormat: Record<TrafficRange, Intl.DateTimeFormatOptions> = {
  week: { weekday: 'short', day: 'numeric', month: 'numeric', hour: '2-digit', minute: '2-digit' },
  quarter: { dateStyle: 'medium' },
};

export interface TrafficFigureProps {
  counterName: string;
  measurementType: string;
  range: TrafficRange;
  rows: readonly AggregateRow[];
}

/** A small line sample of a direction's look, for the legend. */
function Swatch({ index }: { index: number }) {
  const { stroke, dash } = lookOf(index);
  return (
    <svg className="traffic-legend__swatch" width="28" height="10" aria-hidden="true" focusable="false">
      <line x1="0" y1="5" x2="28" y2="5" stroke={stroke} strokeWidth="3" strokeDasharray={dash.join(' ')} />
    </svg>
  );
}

/**
 * One measurement type's chart: a figure named by its caption, a legend, the chart, and the same
 * values as a table (the screen reader's and the keyboard's way in, and anyone's for exact numbers).
 */
export function TrafficFigure({ counterName, measurementType, range, rows }: TrafficFigureProps) {
  const { t, i18n } = useTranslation('traffic');
  const language = currentLanguage(i18n);
  const tag = intlLocaleOf(language);
  const captionId = useId();
  const tableCaptionId = useId();
  const series = useMemo(() => toSeries(rows), [rows]);
  const labels = useMemo(() => series.directions.map((direction) => directionName(t, direction)), [series, t]);
  const type = typeName(t, measurementType);
  const unit = unitName(t, measurementType, range, series.unit);
  // Mid-sentence, so in lower case (the range picker's own labels start with a capital).
  const rangeName = t(`rangeInText.${range}`);
  const timeFormat = dateTimeFormat(tag, tableTimeFormat[range]);
  const valueFormat = numberFormat(tag, { maximumFractionDigits: 1 });

  return (
    <figure className="traffic-figure" data-measurement-type={measurementType}>
      <figcaption id={captionId} className="traffic-figure__caption">
        {t('caption', { type, name: counterName, range: rangeName, unit })}
      </figcaption>
      <ul className="traffic-legend">
        {labels.map((label, index) => (
          <li key={label}>
            <Swatch index={index} />
            {label}
          </li>
        ))}
      </ul>
      <TrafficChart series={series} labels={labels} unitLabel={unit} localeTag={tag} labelledBy={captionId} />
      <details className="traffic-table">
        <summary className="disclosure">{t('tableToggle')}</summary>
        <div className="traffic-table__scroll" role="region" aria-labelledby={tableCaptionId} tabIndex={0}>
          <table>
            <caption id={tableCaptionId}>{t('tableCaption', { type, name: counterName, range: rangeName, unit })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('time')}</th>
                {labels.map((label) => (
                  <th key={label} scope="col" className="traffic-table__number">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {series.times.map((time, index) => (
                <tr key={time}>
                  <th scope="row">{timeFormat.format(time)}</th>
                  {series.values.map((values, direction) => {
                    const value = values[index];
                    return (
                      <td key={series.directions[direction]} className="traffic-table__number">
                        {value === null || value === undefined ? '–' : valueFormat.format(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
