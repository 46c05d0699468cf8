import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../styles/traffic-toggle.css';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { currentLanguage } from '../../../lib/i18n';
import type { Counter } from '../lib/counter';
import type { SortColumn, SortDirection } from '../lib/counter-filters';
import { counterMapHref } from '../lib/counter-search';
import { formatCount, formatTimestamp } from '../lib/format';
import { municipalityName } from '../lib/municipalities';
import { TrafficSection } from './traffic-section';

export interface CountersTableProps {
  /** Already filtered and sorted; the table shows one page of them. */
  counters: readonly Counter[];
  sort: SortColumn;
  direction: SortDirection;
  onSort: (column: SortColumn) => void;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}

const columns: SortColumn[] = [
  'name',
  'id',
  'source',
  'sourceId',
  'classifying',
  'dataReceived',
  'firstStoredObservation',
  'lastStoredObservation',
  'municipalityCode',
];

/** All counters as a sortable table, a page at a time; the header buttons sort. */
export function CountersTable({ counters, sort, direction, onSort, page, pageSize, onPage }: CountersTableProps) {
  const { t, i18n } = useTranslation('counters');
  const { t: tp } = useTranslation('counters-table');
  const { t: tt } = useTranslation('traffic');
  const language = currentLanguage(i18n);
  const captionId = useId();
  const pageCount = Math.max(1, Math.ceil(counters.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const rows = counters.slice((current - 1) * pageSize, current * pageSize);
  const none = t('values.none');
  const trafficId = useId();
  const [trafficOf, setTrafficOf] = useState<number | null>(null);
  const trafficCounter = trafficOf === null ? undefined : counters.find((counter) => counter.id === trafficOf);
  const nameOf = (counter: Counter) => counter.name || t('values.unnamed', { id: counter.id });
  const closeTraffic = () => {
    const id = trafficOf;
    setTrafficOf(null);
    // Back to the button that opened it, so the keyboard user is where they were.
    requestAnimationFrame(() => document.querySelector<HTMLButtonElement>(`tr[data-counter-id="${id}"] .counters-table__traffic`)?.focus());
  };

  return (
    <div className="counters-table">
      <div className="counters-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table>
          <caption id={captionId}>
            {tp('table.caption', { count: counters.length, formatted: formatCount(counters.length, language) })}{' '}
            <span className="visually-hidden">{tp('table.sortHint')}</span>
          </caption>
          <thead>
            <tr>
              {columns.map((column) => {
                const active = column === sort;
                return (
                  <th
                    key={column}
                    scope="col"
                    aria-sort={active ? (direction === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button type="button" className="counters-table__sort" onClick={() => onSort(column)}>
                      {t(`fields.${column}`)}
                      <span className="counters-table__arrow" aria-hidden="true">
                        {active ? (direction === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  </th>
                );
              })}
              <th scope="col">{t('fields.location')}</th>
              <th scope="col">{tt('toggle.column')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((counter) => {
              const href = counterMapHref(counter);
              return (
                <tr key={counter.id} data-counter-id={counter.id}>
                  <th scope="row">{nameOf(counter)}</th>
                  <td className="counters-table__number">{counter.id}</td>
                  <td>{counter.source || none}</td>
                  <td className="counters-table__number">{counter.sourceId ?? none}</td>
                  <td>{counter.classifying ? t('values.yes') : t('values.no')}</td>
                  <td>{counter.dataReceived ? t('values.yes') : t('values.no')}</td>
                  <td>{formatTimestamp(counter.firstStoredObservation, language) ?? none}</td>
                  <td>{formatTimestamp(counter.lastStoredObservation, language) ?? none}</td>
                  <td>{counter.municipalityCode ? municipalityName(counter.municipalityCode, language) : none}</td>
                  <td>
                    {href ? (
                      <Link to={href}>
                        {tp('table.showOnMap')}
                        <span className="visually-hidden">: {counter.name}</span>
                      </Link>
                    ) : (
                      t('values.locationUnknown')
                    )}
                  </td>
                  <td>
                    <Button
                      variant="secondary"
                      className="counters-table__traffic"
                      aria-expanded={trafficOf === counter.id}
                      aria-controls={trafficOf === counter.id ? trafficId : undefined}
                      onClick={() => setTrafficOf(trafficOf === counter.id ? null : counter.id)}
                    >
                      {trafficOf === counter.id ? tt('toggle.hide') : tt('toggle.show')}
                      <span className="visually-hidden">: {nameOf(counter)}</span>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {trafficCounter ? <TrafficSection id={trafficId} counter={trafficCounter} counterName={nameOf(trafficCounter)} onClose={closeTraffic} /> : null}
      {pageCount > 1 ? (
        <nav className="counters-table__pages" aria-label={tp('table.pagesLabel')}>
          <button type="button" className="button button--secondary" disabled={current <= 1} onClick={() => onPage(current - 1)}>
            {tp('table.previous')}
          </button>
          <span>{tp('table.pageOf', { page: current, count: pageCount })}</span>
          <button type="button" className="button button--secondary" disabled={current >= pageCount} onClick={() => onPage(current + 1)}>
            {tp('table.next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
