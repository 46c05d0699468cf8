import { forwardRef, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '../../../components/ui/after-paint';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { useDebounced } from '../../../hooks/use-debounced';
import { currentLanguage } from '../../../lib/i18n';
import { useServiceObjectSearch, type ServiceObject } from '../api/search-service-objects';
import { formatNumber } from '../lib/format';
import type { LatLong } from '../lib/place';

export interface ServiceObjectPickerProps {
  /** Where "near the map centre" is. */
  near: LatLong;
  chosenId: string;
  onChoose: (object: ServiceObject) => void;
}

const SEARCH_DELAY_MS = 300;

/** The map's alternative: find a park, toilet or playground by name, or pick one near the map centre. */
export const ServiceObjectPicker = forwardRef<HTMLInputElement, ServiceObjectPickerProps>(function ServiceObjectPicker(
  { near, chosenId, onChoose },
  searchRef,
) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const [text, setText] = useState('');
  const query = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const searching = query.length >= 2;
  const nearCentre = useDebounced(near, SEARCH_DELAY_MS);
  // The list sits below the page's first screen: it is asked for once the page has painted.
  const painted = useAfterFirstPaint();
  const result = useServiceObjectSearch(!painted ? undefined : searching ? { text: query, locale } : { text: '', near: nearCentre, locale });
  const inputId = useId();
  const hintId = useId();
  const resultsId = useId();
  const kindLabel = (kind: string) => {
    const key = `place.kinds.${kind}`;
    return i18n.exists(`report:${key}`) ? (t as unknown as (key: string) => string)(key) : kind.replace(/_/g, ' ');
  };

  let list;
  if (result.isPending) {
    list = <LoadingNotice message={t('place.objectsLoading')} />;
  } else if (result.isError) {
    list = <p className="form-field__error">{t('place.objectsError')}</p>;
  } else if (result.data.length === 0) {
    list = <p>{searching ? t('place.objectsNoMatch', { query }) : t('place.objectsNoneNear')}</p>;
  } else {
    list = (
      <ul className="object-list">
        {result.data.map((object) => {
          const chosen = object.id === chosenId;
          const details = [kindLabel(object.kind), object.address, object.distance !== undefined ? t('place.distance', { meters: formatNumber(object.distance, locale) }) : undefined].filter(Boolean);
          return (
            <li key={`${object.type}/${object.id}`}>
              <button type="button" className="object-option" aria-pressed={chosen} onClick={() => onChoose(object)}>
                <span className="object-option__name">{object.name}</span>
                <span className="object-option__details">{details.join(' · ')}</span>
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <div className="object-picker">
      <div className="form-field">
        <label className="form-field__label" htmlFor={inputId}>
          {t('place.objectSearchLabel')}
        </label>
        <p className="form-field__hint" id={hintId}>
          {t('place.objectSearchHint')}
        </p>
        <input
          ref={searchRef}
          id={inputId}
          className="input"
          type="search"
          autoComplete="off"
          value={text}
          onChange={(changeEvent) => setText(changeEvent.target.value)}
          aria-describedby={hintId}
          aria-controls={resultsId}
        />
      </div>
      <div id={resultsId} className="object-picker__results">
        <h3 className="object-picker__heading">{searching ? t('place.objectsMatching', { query }) : t('place.objectsNear')}</h3>
        {/* Only the count is announced: the list itself changes whenever the map moves. */}
        <p className="visually-hidden" role="status">
          {result.isSuccess && searching ? t('place.objectsFound', { count: result.data.length }) : ''}
        </p>
        {list}
      </div>
    </div>
  );
});
