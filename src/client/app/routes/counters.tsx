import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ErrorNotice } from '../../components/ui/error-notice';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAllCounters } from '../../features/counters/api/use-all-counters';
import { CounterProgress } from '../../features/counters/components/counter-progress';
import { CountersAttribution } from '../../features/counters/components/counters-attribution';
import { CountersCsvDownload } from '../../features/counters/components/counters-csv-download';
import { CountersTable } from '../../features/counters/components/counters-table';
import {
  filterCounters,
  isSortColumn,
  parseReceiving,
  sortCounters,
  sourcesOf,
  type SortColumn,
} from '../../features/counters/lib/counter-filters';
import { formatCount } from '../../features/counters/lib/format';
import { municipalityName } from '../../features/counters/lib/municipalities';
import { currentLanguage } from '../../lib/i18n';
import '../../styles/counters.css';

const PAGE_SIZE = 100;

/**
 * Every counter as a table: filter by text, source and "receiving data", sort by any column,
 * open one on the map, download the rows shown (or all) as CSV. The table's state is in the URL
 * (q, source, receiving, sort, dir, page), so a link shows the same rows.
 */
export function CountersRoute() {
  const { t, i18n } = useTranslation('counters');
  const language = currentLanguage(i18n);
  useDocumentTitle(t('page.title'));
  const ids = { search: useId(), source: useId(), receiving: useId() };
  const [params, setParams] = useSearchParams();
  const text = params.get('q') ?? '';
  const source = params.get('source') || null;
  const receiving = parseReceiving(params.get('receiving'));
  const sortParam = params.get('sort');
  const sort: SortColumn = isSortColumn(sortParam) ? sortParam : 'name';
  const direction = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);

  const query = useAllCounters();
  const all = useMemo(() => query.data ?? [], [query.data]);
  const sources = useMemo(() => sourcesOf(all), [all]);
  const rows = useMemo(
    () =>
      sortCounters(filterCounters(all, { source, receiving, text }), sort, direction, undefined, (code) => municipalityName(code, language)),
    [all, source, receiving, text, sort, direction, language],
  );
  // The CSV of what is shown: the table's rows in its order, or all when no filter is on.
  const filtered = rows.length !== all.length;
  const shownIds = useMemo(() => (filtered ? rows.map((counter) => counter.id) : null), [filtered, rows]);

  /** Filters and sorting go back to page 1; typing replaces the history entry instead of adding one per key. */
  const change = (changes: Record<string, string | null>, replace = false) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      // flushSync: the controls show the change at once, not after a transition.
      { replace, preventScrollReset: true, flushSync: true },
    );

  const onSort = (column: SortColumn) =>
    change({ sort: column, dir: column === sort && direction === 'asc' ? 'desc' : 'asc' });

  return (
    <div className="page page--counters">
      <h1>{t('page.title')}</h1>
      <p className="counters-page__intro">{t('page.intro')}</p>
      <CountersAttribution />
      <p>
        <Link to="/?counters=1">{t('page.mapLink')}</Link>
      </p>

      {query.isError ? (
        <ErrorNotice message={t('errors.load')} retryLabel={t('errors.retry')} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <CounterProgress progress={query.progress} done={query.isSuccess} />
      )}

      {query.isSuccess ? (
        <>
          <CountersCsvDownload total={query.progress.total ?? all.length} shownIds={shownIds} />
          <form className="counters-filters" role="search" aria-label={t('page.filtersLabel')} onSubmit={(submitEvent) => submitEvent.preventDefault()}>
            <div className="counters-filters__field counters-filters__field--wide">
              <label htmlFor={ids.search}>{t('page.search')}</label>
              <input
                id={ids.search}
                type="search"
                value={text}
                autoComplete="off"
                onChange={(changeEvent) => change({ q: changeEvent.target.value }, true)}
              />
            </div>
            <div className="counters-filters__field">
              <label htmlFor={ids.source}>{t('filters.source')}</label>
              <select id={ids.source} value={source ?? ''} onChange={(changeEvent) => change({ source: changeEvent.target.value })}>
                <option value="">{t('filters.allSources')}</option>
                {sources.map((sourceName) => (
                  <option key={sourceName} value={sourceName}>
                    {sourceName}
                  </option>
                ))}
              </select>
            </div>
            <div className="counters-filters__field">
              <label htmlFor={ids.receiving}>{t('filters.receiving')}</label>
              <select id={ids.receiving} value={receiving ?? ''} onChange={(changeEvent) => change({ receiving: changeEvent.target.value })}>
                <option value="">{t('filters.receivingAny')}</option>
                <option value="yes">{t('filters.receivingYes')}</option>
                <option value="no">{t('filters.receivingNo')}</option>
              </select>
            </div>
          </form>
          <p className="counters-page__count" role="status">
            {t('page.matching', { count: rows.length, formatted: formatCount(rows.length, language), total: formatCount(all.length, language) })}
          </p>
          <CountersTable
            counters={rows}
            sort={sort}
            direction={direction}
            onSort={onSort}
            page={page}
            pageSize={PAGE_SIZE}
            onPage={(next) => change({ page: String(next) })}
          />
        </>
      ) : null}
    </div>
  );
}
