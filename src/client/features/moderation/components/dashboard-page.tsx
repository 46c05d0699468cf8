import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useBodies } from '../../../api/get-bodies';
import { everyServiceType, useServiceList } from '../../../api/get-service-list';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { currentLanguage } from '../../../lib/i18n';
import { dateTimeFormat, intlLocaleOf, numberFormat } from '../../../lib/intl-formats';
import { dashboardStates, type DashboardFigures, type DurationFigures } from '@/shared/moderation/dashboard';
import { useDashboard } from '../api/dashboard';
import { dashboardFiltersOf, dashboardPath, exportFiles, exportUrl } from '../lib/dashboard-filters';
import { describeError, serverFieldErrors } from '../lib/describe-error';
import { DashboardFilterForm } from './dashboard-filter-form';
import { useConsoleSession } from './session-context';
import { WeeklyChart } from './weekly-chart';

const hourMs = 3_600_000;

/** A table of one breakdown: a label and a count per row. */
function CountTable({ caption, heading, rows }: { caption: string; heading: string; rows: readonly { key: string; label: string; count: number }[] }) {
  const { t } = useTranslation('moderation');
  return (
    <table className="console-audit-table dashboard-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">{t('dashboard.reports')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.label}</th>
            <td>{row.count}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * `/moderation/dashboard` (issue 41, item 9): the moderator's bodies' reports in figures — counts
 * by state, type, month and week, the times to publish and close, open, overdue and reopened —
 * filtered from the address, and the same reports to download as CSV or GeoJSON.
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation('moderation');
  useDocumentTitle(t('dashboard.title'));
  const locale = currentLanguage(i18n);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const filters = dashboardFiltersOf(params);
  const figures = useDashboard(filters, locale);
  const { session } = useConsoleSession();
  const allBodies = useBodies().data;
  const serviceTypes = useServiceList({ locale, select: everyServiceType }).data ?? [];
  const bodyChoices = (session.bodies.length > 0 ? session.bodies.map((body) => ({ id: body.id, name: body.names[locale] })) : (allBodies ?? []).map((body) => ({ id: body.id, name: body.name[locale] }))).map(
    (body) => ({ value: body.id, label: body.name }),
  );
  const refused = figures.isError ? serverFieldErrors(figures.error, t) : {};
  const refusedReasons = Object.values(refused);
  const headingId = useId();

  const number = numberFormat(intlLocaleOf(locale), { maximumFractionDigits: 1 });
  const duration = (ms: number | null) => {
    if (ms === null) return t('dashboard.none');
    const hours = ms / hourMs;
    return hours < 48 ? t('dashboard.hours', { count: Number(hours.toFixed(1)), value: number.format(hours) }) : t('dashboard.days', { count: Number((hours / 24).toFixed(1)), value: number.format(hours / 24) });
  };
  const dayFormat = dateTimeFormat(intlLocaleOf(locale), { day: 'numeric', month: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const monthFormat = dateTimeFormat(intlLocaleOf(locale), { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const formatWeek = (week: string) => t('dashboard.chart.weekOf', { day: dayFormat.format(new Date(`${week}T00:00:00Z`)) });

  let content;
  if (figures.isPending) content = <LoadingNotice message={t('dashboard.loading')} />;
  else if (refusedReasons.length > 0) content = <p className="notice notice--error">{t('dashboard.filters.refused', { reasons: refusedReasons.join(' ') })}</p>;
  else if (figures.isError) content = <ErrorNotice message={describeError(figures.error, t)} retryLabel={t('errors.retry')} onRetry={() => void figures.refetch()} retrying={figures.isFetching} />;
  else content = <Figures figures={figures.data} duration={duration} formatWeek={formatWeek} formatMonth={(month) => monthFormat.format(new Date(`${month}-01T00:00:00Z`))} />;

  return (
    <div className="page moderation-dashboard">
      <h1>{t('dashboard.title')}</h1>
      <p>{t('dashboard.intro')}</p>
      <DashboardFilterForm
        key={dashboardPath(filters)}
        filters={filters}
        errors={refused}
        serviceTypes={serviceTypes.map((type) => ({ value: type.service_code, label: type.service_name }))}
        bodies={bodyChoices}
        onApply={(next) => void navigate(dashboardPath(next))}
      />
      <p className="audit-count" role="status">
        {figures.data ? t('dashboard.total', { count: figures.data.total }) : ''}
      </p>
      {content}
      <section className="dashboard-downloads" aria-labelledby={headingId}>
        <h2 id={headingId}>{t('dashboard.downloads.title')}</h2>
        <p>{t('dashboard.downloads.intro')}</p>
        <ul>
          {exportFiles.map((file) => (
            <li key={file}>
              <a href={exportUrl(file, filters, locale)} download>
                {t(`dashboard.downloads.${file === 'requests.csv' ? 'requestsCsv' : file === 'requests.geojson' ? 'requestsGeoJson' : 'updatesCsv'}`)}
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function Figures({
  figures,
  duration,
  formatWeek,
  formatMonth,
}: {
  figures: DashboardFigures;
  duration: (ms: number | null) => string;
  formatWeek: (week: string) => string;
  formatMonth: (month: string) => string;
}) {
  const { t } = useTranslation('moderation');
  if (figures.total === 0) return <p className="notice">{t('dashboard.empty')}</p>;
  const times = (label: string, figure: DurationFigures) => (
    <tr>
      <th scope="row">{label}</th>
      <td>{duration(figure.median_ms)}</td>
      <td>{duration(figure.p90_ms)}</td>
      <td>{figure.count}</td>
    </tr>
  );
  return (
    <>
      <dl className="dashboard-counts">
        {(['open', 'overdue', 'reopened'] as const).map((name) => (
          <div key={name}>
            <dt>{t(`dashboard.counts.${name}`)}</dt>
            <dd>{figures[name]}</dd>
          </div>
        ))}
      </dl>
      <table className="console-audit-table dashboard-table">
        <caption>{t('dashboard.times.caption')}</caption>
        <thead>
          <tr>
            <td />
            <th scope="col">{t('dashboard.times.median')}</th>
            <th scope="col">{t('dashboard.times.p90')}</th>
            <th scope="col">{t('dashboard.times.count')}</th>
          </tr>
        </thead>
        <tbody>
          {times(t('dashboard.times.publish'), figures.time_to_publish)}
          {times(t('dashboard.times.close'), figures.time_to_close)}
        </tbody>
      </table>
      <WeeklyChart weeks={figures.by_week} formatWeek={formatWeek} />
      <div className="dashboard-breakdowns">
        <CountTable
          caption={t('dashboard.byState')}
          heading={t('dashboard.filters.state')}
          rows={dashboardStates.map((state) => ({ key: state, label: t(`dashboard.states.${state}`), count: figures.by_state[state] }))}
        />
        <CountTable
          caption={t('dashboard.byType')}
          heading={t('dashboard.filters.type')}
          rows={figures.by_service_code.map((entry) => ({ key: entry.service_code, label: entry.service_name, count: entry.count }))}
        />
        <CountTable caption={t('dashboard.byMonth')} heading={t('dashboard.month')} rows={figures.by_month.map((entry) => ({ key: entry.month, label: formatMonth(entry.month), count: entry.count }))} />
      </div>
    </>
  );
}
