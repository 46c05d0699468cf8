/**
 * "Street address or place": one search box over the geocoder, as an ARIA 1.2 combobox (an
 * input with a listbox popup; the focus stays in the input and aria-activedescendant marks the
 * option). Arrow keys move, Enter chooses, Escape closes the list and then clears the text. No
 * map code: the page decides what a choice does (move the map, place the pin).
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressSearch, type GeocodeResult } from '../../api/geocoding';
import { useDebounced } from '../../hooks/use-debounced';
import { currentLanguage } from '../../lib/i18n';
import './address-search.css';

export type AddressChoice = GeocodeResult;

export interface AddressSearchProps {
  onChoose: (choice: AddressChoice) => void;
  /** Answers near here rank first: the map's centre. */
  focus?: { lat: number; lon: number };
  /** The label stays for screen readers but is not shown (a search box on a map). */
  hideLabel?: boolean;
  /** Leave out the example under the label. */
  hideHint?: boolean;
  className?: string;
}

const SEARCH_DELAY_MS = 250;
const MIN_LENGTH = 2;

export function AddressSearch({ onChoose, focus, hideLabel = false, hideHint = false, className }: AddressSearchProps) {
  const { t, i18n } = useTranslation('address-search');
  const lang = currentLanguage(i18n);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [chosenLabel, setChosenLabel] = useState<string>();
  // A street chosen for a house number it does not have: said under the box until the text changes.
  const [chosenWithoutNumber, setChosenWithoutNumber] = useState<string>();
  const debounced = useDebounced(text.trim(), SEARCH_DELAY_MS);
  // The focus is taken when the typing pauses, so moving the map does not restart a search;
  // as numbers, so a parent's new object with the same place changes nothing.
  const focusLat = useDebounced(focus?.lat, SEARCH_DELAY_MS);
  const focusLon = useDebounced(focus?.lon, SEARCH_DELAY_MS);
  const searchFocus = focusLat !== undefined && focusLon !== undefined ? { lat: focusLat, lon: focusLon } : undefined;
  const searching = open && debounced.length >= MIN_LENGTH;
  const search = useAddressSearch(searching ? { text: debounced, lang, focus: searchFocus } : undefined);
  const baseId = useId();
  const inputId = `${baseId}-input`;
  const hintId = `${baseId}-hint`;
  const listId = `${baseId}-list`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  // While the next answer loads the previous list stays on screen (no flicker as one types).
  const results = searching && search.data ? search.data : [];
  const expanded = open && results.length > 0;
  const current = search.isSuccess && !search.isPlaceholderData && debounced === text.trim();

  const choose = (choice: AddressChoice) => {
    setText(choice.label);
    setOpen(false);
    setActive(-1);
    setChosenLabel(choice.label);
    setChosenWithoutNumber(choice.numberMissing ? choice.name : undefined);
    onChoose(choice);
  };

  const onKeyDown = (keyEvent: KeyboardEvent<HTMLInputElement>) => {
    switch (keyEvent.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        keyEvent.preventDefault();
        setOpen(true);
        if (results.length === 0) return;
        const step = keyEvent.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => (current < 0 ? (step > 0 ? 0 : results.length - 1) : (current + step + results.length) % results.length));
        return;
      }
      case 'Enter': {
        // Enter in this box never sends the surrounding form: it picks an answer, or waits for one.
        keyEvent.preventDefault();
        // Without a highlighted answer, the first one; but only an answer to what is typed now.
        const picked = active >= 0 ? results[active] : current ? results[0] : undefined;
        if (expanded && picked) choose(picked);
        return;
      }
      case 'Escape':
        if (expanded) {
          keyEvent.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (text !== '') {
          keyEvent.preventDefault();
          setText('');
        }
        return;
      default:
    }
  };

  let status = '';
  let visibleMessage: { text: string; error?: boolean } | undefined;
  if (open && text.trim().length > 0 && text.trim().length < MIN_LENGTH) visibleMessage = { text: t('tooShort') };
  else if (searching && search.isError) visibleMessage = { text: t('error'), error: true };
  else if (searching && current && search.data.length === 0) visibleMessage = { text: t('noResults', { query: debounced }) };
  else if (searching && current && search.data[0]?.numberMissing) visibleMessage = { text: t('numberMissing', { street: search.data[0].name }) };
  else if (!open && chosenWithoutNumber) visibleMessage = { text: t('numberMissing', { street: chosenWithoutNumber }) };
  else if (searching && (search.isFetching || debounced !== text.trim())) status = t('searching');
  if (expanded && current) status = [t('count', { count: results.length }), results[0]?.numberMissing ? visibleMessage?.text : undefined].filter(Boolean).join(' ');
  else if (!open && chosenLabel) status = [t('chosen', { label: chosenLabel }), visibleMessage?.text].filter(Boolean).join(' ');
  else if (visibleMessage) status = visibleMessage.text;

  return (
    <div className={['address-search', className].filter(Boolean).join(' ')}>
      <label className={hideLabel ? 'visually-hidden' : 'address-search__label'} htmlFor={inputId}>
        {t('label')}
      </label>
      {hideHint ? null : (
        <p className="address-search__hint" id={hintId}>
          {t('hint')}
        </p>
      )}
      <div className="address-search__box">
        <input
          id={inputId}
          className="input address-search__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-describedby={hideHint ? undefined : hintId}
          value={text}
          onChange={(changeEvent) => {
            setText(changeEvent.target.value);
            setOpen(true);
            setActive(-1);
            setChosenLabel(undefined);
            setChosenWithoutNumber(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
        />
        <ul id={listId} className="address-search__list" role="listbox" aria-label={t('resultsLabel')} hidden={!expanded}>
          {results.map((result, index) => (
            <li
              key={result.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className="address-search__option"
              // Keeps the focus in the input, so the click is not lost to its blur.
              onMouseDown={(mouseEvent) => mouseEvent.preventDefault()}
              onClick={() => choose(result)}
            >
              <span className="address-search__option-label">{result.label}</span>
              <span className={`address-search__layer address-search__layer--${result.layer}`}>
                {result.numberMissing ? `${t(`layers.${result.layer}`)} · ${t('numberMissingTag')}` : t(`layers.${result.layer}`)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {visibleMessage ? (
        <p className={visibleMessage.error ? 'address-search__message form-field__error' : 'address-search__message'}>{visibleMessage.text}</p>
      ) : null}
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
