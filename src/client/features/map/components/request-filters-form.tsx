import { memo, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { useBodies } from '../../../api/get-bodies';
import { currentLanguage } from '../../../lib/i18n';
import { bodyName } from '@/shared/bodies/wire';
import { collator } from '../../../lib/intl-formats';
import type { ServiceType } from '@/shared/georeport/types';
import { MAX_WINDOW_DAYS, normaliseWindow, type CalendarDate, type DateWindow } from '../lib/date-window';
import { radiusChoices, type NearFilter, type RequestFilters } from '../lib/map-search';

export interface RequestFiltersFormProps {
  filters: RequestFilters;
  /** The window in force (the URL's, or the default last 90 days). */
  dateWindow: DateWindow;
  today: CalendarDate;
  /** Only the code, the name in the chosen language and the group are read. */
  serviceTypes: readonly Pick<ServiceType, 'service_code' | 'service_name' | 'group'>[];
  onChange: (filters: RequestFilters) => void;
  /** "Near me" found a position: the page also moves the map there. */
  onNearMe: (near: NearFilter) => void;
}

type GeoProblem = 'unsupported' | 'denied' | 'unavailable' | null;

/**
 * The request filters. Every change is applied at once (and becomes a history entry). Memoised:
 * the page renders again as each answer of its data arrives, and the form, with a checkbox per
 * service type, need not while its own props stay the same.
 */
export const RequestFiltersForm = memo(function RequestFiltersForm({ filters, dateWindow, today, serviceTypes, onChange, onNearMe }: RequestFiltersFormProps) {
  const { t, i18n } = useTranslation('map');
  const ids = { dates: useId(), datesHint: useId(), adjust: useId(), radius: useId(), body: useId() };
  // A choice only where there is one to make: an installation of one jurisdiction shows none.
  const bodies = useBodies().data ?? [];
  const [adjustNote, setAdjustNote] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const [geoProblem, setGeoProblem] = useState<GeoProblem>(null);

  const toggleService = (code: string, checked: boolean) => {
    const codes = checked ? [...filters.serviceCodes, code] : filters.serviceCodes.filter((item) => item !== code);
    onChange({ ...filters, serviceCodes: codes });
  };

  const changeDate = (end: 'from' | 'to', value: string) => {
    if (!value) return; // a half-typed or cleared date keeps the window as it is
    const requested = end === 'from' ? { from: value, to: dateWindow.to } : { from: dateWindow.from, to: value };
    const { window: next, adjusted } = normaliseWindow(requested, today, end);
    setAdjustNote(adjusted ? t(adjusted === 'from' ? 'filters.dates.movedFrom' : 'filters.dates.movedTo', { date: adjusted === 'from' ? next.from : next.to }) : null);
    onChange({ ...filters, from: next.from, to: next.to });
  };

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setGeoProblem('unsupported');
      return;
    }
    setLocating(true);
    setGeoProblem(null);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        onNearMe({ lat: position.coords.latitude, long: position.coords.longitude, radius: filters.near?.radius ?? 1000 });
      },
      (error) => {
        setLocating(false);
        setGeoProblem(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 60_000 },
    );
  };

  // Sorted in the browser's own language, as localeCompare did, with one collator for the whole sort.
  const sortedTypes = useMemo(() => {
    const { compare } = collator(undefined);
    return [...serviceTypes].sort((a, b) => compare(a.service_name, b.service_name));
  }, [serviceTypes]);
  const selectedCount = filters.serviceCodes.length;
  const knownCodes = new Set(serviceTypes.map((type) => type.service_code));
  const unknownSelected = filters.serviceCodes.filter((code) => !knownCodes.has(code));
  const hasFilters = selectedCount > 0 || filters.status !== null || filters.from !== null || filters.to !== null || filters.near !== null || filters.jurisdiction !== null;
  const language = currentLanguage(i18n);
  const bodyKnown = filters.jurisdiction === null || bodies.some((body) => body.jurisdiction_id === filters.jurisdiction);

  return (
    <form className="map-filters" aria-label={t('filters.label')} onSubmit={(submitEvent) => submitEvent.preventDefault()}>
      <details className="map-filters__group map-filters__services">
        <summary className="disclosure">
          {t('filters.services.legend')}:{' '}
          <span className="map-filters__summary-value">
            {selectedCount === 0 ? t('filters.services.all') : t('filters.services.selected', { count: selectedCount })}
          </span>
        </summary>
        <fieldset>
          <legend className="visually-hidden">{t('filters.services.legend')}</legend>
          <ul className="map-filters__checklist">
            {sortedTypes.map((type) => (
              <li key={type.service_code}>
                <label>
                  <input
                    type="checkbox"
                    checked={filters.serviceCodes.includes(type.service_code)}
                    onChange={(changeEvent) => toggleService(type.service_code, changeEvent.target.checked)}
                  />{' '}
                  {type.service_name}
                </label>
              </li>
            ))}
            {unknownSelected.map((code) => (
              <li key={code}>
                <label>
                  <input type="checkbox" checked onChange={() => toggleService(code, false)} /> {t('filters.services.unknown', { code })}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </details>

      {bodies.length >= 2 || (filters.jurisdiction !== null && bodies.length > 0) ? (
        <div className="map-filters__group map-filters__body">
          <label htmlFor={ids.body}>{t('filters.body.label')}</label>{' '}
          <select id={ids.body} value={filters.jurisdiction ?? ''} onChange={(changeEvent) => onChange({ ...filters, jurisdiction: changeEvent.target.value || null })}>
            <option value="">{t('filters.body.all')}</option>
            {bodies.map((body) => (
              <option key={body.id} value={body.jurisdiction_id}>
                {bodyName(body, language)}
              </option>
            ))}
            {bodyKnown ? null : <option value={filters.jurisdiction!}>{t('filters.body.unknown', { id: filters.jurisdiction })}</option>}
          </select>
        </div>
      ) : null}

      <fieldset className="map-filters__group map-filters__status">
        <legend>{t('filters.status.legend')}</legend>
        {(['all', 'open', 'closed'] as const).map((value) => (
          <label key={value} className="map-filters__choice">
            <input
              type="radio"
              name="status"
              value={value}
              checked={(filters.status ?? 'all') === value}
              onChange={() => onChange({ ...filters, status: value === 'all' ? null : value })}
            />{' '}
            {t(`filters.status.${value}`)}
          </label>
        ))}
      </fieldset>

      <fieldset className="map-filters__group map-filters__dates" aria-describedby={ids.datesHint}>
        <legend>{t('filters.dates.legend')}</legend>
        <p id={ids.datesHint} className="map-filters__hint">
          {t('filters.dates.hint', { days: MAX_WINDOW_DAYS })}
        </p>
        <div className="map-filters__date-row">
          <label>
            {t('filters.dates.from')}
            <input type="date" value={dateWindow.from} max={dateWindow.to} onChange={(changeEvent) => changeDate('from', changeEvent.target.value)} />
          </label>
          <label>
            {t('filters.dates.to')}
            <input type="date" value={dateWindow.to} min={dateWindow.from} onChange={(changeEvent) => changeDate('to', changeEvent.target.value)} />
          </label>
        </div>
        <p id={ids.adjust} className="map-filters__note" role="status">
          {adjustNote}
        </p>
      </fieldset>

      <fieldset className="map-filters__group map-filters__near">
        <legend>{t('filters.near.legend')}</legend>
        {filters.near ? (
          <div className="map-filters__near-row">
            <label htmlFor={ids.radius}>{t('filters.near.within')}</label>
            <select
              id={ids.radius}
              value={filters.near.radius}
              onChange={(changeEvent) => onChange({ ...filters, near: { ...filters.near!, radius: Number(changeEvent.target.value) } })}
            >
              {[...new Set([...radiusChoices, filters.near.radius])]
                .sort((a, b) => a - b)
                .map((radius) => (
                  <option key={radius} value={radius}>
                    {radius >= 1000 ? t('filters.near.km', { value: radius / 1000 }) : t('filters.near.m', { value: radius })}
                  </option>
                ))}
            </select>
            <Button variant="secondary" onClick={() => onChange({ ...filters, near: null })}>
              {t('filters.near.stop')}
            </Button>
          </div>
        ) : (
          <Button variant="secondary" onClick={locate} disabled={locating}>
            {locating ? t('filters.near.locating') : t('filters.near.use')}
          </Button>
        )}
        <p className="map-filters__note" role="status">
          {geoProblem ? t(`filters.near.problem.${geoProblem}`) : null}
        </p>
      </fieldset>

      {hasFilters ? (
        <Button
          variant="secondary"
          className="map-filters__clear"
          onClick={() => {
            setAdjustNote(null);
            onChange({ serviceCodes: [], status: null, from: null, to: null, near: null, jurisdiction: null });
          }}
        >
          {t('filters.clear')}
        </Button>
      ) : null}
    </form>
  );
});
