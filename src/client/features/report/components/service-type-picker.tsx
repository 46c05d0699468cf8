import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { FieldErrorText } from '../../../components/ui/form-field';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { everyServiceType, useServiceList } from '../../../api/get-service-list';
import { isApiError } from '../../../lib/http-client';
import { currentLanguage } from '../../../lib/i18n';
import { filterServiceTypes } from '../lib/filter-service-types';
import { groupServiceTypes } from '../lib/group-service-types';

export const SERVICE_TYPE_SEARCH_ID = 'report-type-search';

export interface ServiceTypePickerProps {
  registration: UseFormRegisterReturn<'service_code'>;
  selectedCode: string;
  error?: string;
  /** The body the pin's place goes to and the codes handled there: only those are offered. Unset: every type. */
  offeredHere?: { bodyName: string; codes: ReadonlySet<string> };
}

/**
 * Radio buttons for every service type (or, once the place is known, those its body handles),
 * grouped as the API groups them, with a search box.
 */
export function ServiceTypePicker({ registration, selectedCode, error, offeredHere }: ServiceTypePickerProps) {
  const { t, i18n } = useTranslation('report');
  const serviceTypes = useServiceList({ locale: currentLanguage(i18n), select: everyServiceType });
  const [query, setQuery] = useState('');
  const countId = useId();
  const errorId = useId();

  if (serviceTypes.isPending) {
    return (
      <div className="type-picker--loading">
        <LoadingNotice message={t('type.loading')} />
      </div>
    );
  }
  if (serviceTypes.isError) {
    const network = isApiError(serviceTypes.error) && serviceTypes.error.kind === 'network';
    return (
      <ErrorNotice
        message={network ? t('type.networkError') : t('type.error')}
        retryLabel={t('type.retry')}
        onRetry={() => void serviceTypes.refetch()}
        retrying={serviceTypes.isFetching}
      />
    );
  }

  // The chosen type stays among the options even where it is not handled: its radio must stay in
  // the form (a removed checked radio would still be read as the value), and the notice below asks again.
  const all = offeredHere
    ? serviceTypes.data.filter((serviceType) => offeredHere.codes.has(serviceType.service_code) || serviceType.service_code === selectedCode)
    : serviceTypes.data;
  const matching = filterServiceTypes(all, query);
  const selected = all.find((serviceType) => serviceType.service_code === selectedCode);
  const notHandledHere = offeredHere && selected && !offeredHere.codes.has(selected.service_code) ? selected : undefined;
  const selectedHidden = selected !== undefined && !matching.includes(selected);

  return (
    <div className="type-picker">
      <div className="form-field">
        <label className="form-field__label" htmlFor={SERVICE_TYPE_SEARCH_ID}>
          {t('type.searchLabel')}
        </label>
        <input
          id={SERVICE_TYPE_SEARCH_ID}
          className="input"
          type="search"
          autoComplete="off"
          value={query}
          onChange={(changeEvent) => setQuery(changeEvent.target.value)}
          aria-describedby={countId}
        />
        <p id={countId} className="form-field__hint" role="status">
          {offeredHere ? `${t('body.offeredBy', { body: offeredHere.bodyName })} ` : null}
          {query.trim() === '' ? t('type.countAll', { count: all.length - (notHandledHere ? 1 : 0) }) : t('type.countMatching', { count: matching.length })}
        </p>
      </div>
      {error ? <FieldErrorText id={errorId} message={error} /> : null}
      {offeredHere && notHandledHere ? (
        <p className="notice notice--error type-picker__not-handled" data-testid="type-not-handled">
          {t('body.typeNotHandled', { body: offeredHere.bodyName, type: notHandledHere.service_name })}
        </p>
      ) : null}
      {selected ? (
        <p className="type-picker__chosen">
          {t('type.chosen')} <strong>{selected.service_name}</strong>
          {selectedHidden ? ` ${t('type.chosenHidden')}` : null}
        </p>
      ) : null}
      {matching.length === 0 ? <p className="type-picker__empty">{t('type.noMatch', { query: query.trim() })}</p> : null}
      {groupServiceTypes(matching).map((group) => (
        <fieldset key={group.name} className="type-group" aria-describedby={error ? errorId : undefined}>
          <legend className="type-group__legend">{group.name || t('type.otherGroup')}</legend>
          <div className="type-group__options">
            {group.serviceTypes.map((serviceType) => {
              const optionId = `report-type-${serviceType.service_code}`;
              return (
                <label key={serviceType.service_code} className="type-option" htmlFor={optionId}>
                  <input
                    id={optionId}
                    type="radio"
                    className="type-option__radio"
                    value={serviceType.service_code}
                    aria-describedby={serviceType.description ? `${optionId}-description` : undefined}
                    {...registration}
                  />
                  <span className="type-option__text">
                    <span className="type-option__name">{serviceType.service_name}</span>
                    {serviceType.description ? (
                      <span className="type-option__description" id={`${optionId}-description`}>
                        {serviceType.description}
                      </span>
                    ) : null}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </div>
  );
}
