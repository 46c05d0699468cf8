import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const barWidth = 14;
const gap = 4;
const height = 120;

/**
 * Reports per week as SVG bars (issue 41, item 9), drawn to scale in a box that scrolls sideways
 * when there are many weeks. The picture is one image with a summary for a screen reader; the
 * table under it holds every figure, for anyone who wants the numbers.
 */
export function WeeklyChart({ weeks, formatWeek }: { weeks: readonly { week: string; count: number }[]; formatWeek: (week: string) => string }) {
  const { t } = useTranslation('moderation');
  const captionId = useId();
  const most = Math.max(1, ...weeks.map((week) => week.count));
  const busiest = weeks.reduce<{ week: string; count: number } | undefined>((best, week) => (best === undefined || week.count > best.count ? week : best), undefined);
  const width = weeks.length * (barWidth + gap);
  const summary = busiest ? t('dashboard.chart.summary', { weeks: weeks.length, most: busiest.count, week: formatWeek(busiest.week) }) : '';

  return (
    <figure className="dashboard-chart">
      <figcaption id={captionId}>{t('dashboard.chart.caption')}</figcaption>
      <div className="dashboard-chart__scroll">
        <svg className="dashboard-chart__bars" role="img" aria-label={summary} width={width} height={height} viewBox={`0 0 ${width} ${height}`}>
          {weeks.map((week, index) => {
            const barHeight = Math.round((week.count / most) * (height - 2));
            return (
              <rect key={week.week} x={index * (barWidth + gap)} y={height - barHeight} width={barWidth} height={barHeight}>
                <title>{t('dashboard.chart.bar', { week: formatWeek(week.week), count: week.count })}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <details className="dashboard-chart__table">
        <summary>{t('dashboard.chart.asTable')}</summary>
        <table className="console-audit-table">
          <caption className="visually-hidden">{t('dashboard.chart.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.chart.week')}</th>
              <th scope="col">{t('dashboard.chart.reports')}</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week.week}>
                <td>{formatWeek(week.week)}</td>
                <td>{week.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
