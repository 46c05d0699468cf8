import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { FieldErrorText, FormField } from '../../../components/ui/form-field';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { clientEnv } from '../../../lib/env';
import { currentLanguage } from '../../../lib/i18n';
import type { ServiceObject } from '../api/search-service-objects';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { formatNumber } from '../lib/format';
import { positionOf, type ChosenPlace, type LatLong } from '../lib/place';
import { useGeolocation, type GeolocationState } from '../lib/use-geolocation';
import { ServiceObjectPicker } from './service-object-picker';

// Leaflet is the heaviest part of the app: it loads only when this step is on screen.
const LocationMap = lazy(() => import('./location-map'));

export const LOCATION_FOCUS_ID = 'report-location';

export interface LocationStepProps {
  place: ChosenPlace | undefined;
  onPlaceChange: (place: ChosenPlace) => void;
  error?: string;
  addressRegistration: UseFormRegisterReturn<'address_string'>;
  addressError?: string;
}

function GeolocationMessage({ state }: { state: GeolocationState }) {
  const { t, i18n } = useTranslation('report');
  switch (state.status) {
    case 'idle':
      return null;
    case 'locating':
      return <>{t('place.locating')}</>;
    case 'found':
      return <>{t('place.located', { meters: formatNumber(state.accuracy, currentLanguage(i18n)) })}</>;
    case 'denied':
      return <span className="form-field__error">{t('place.locationDenied')}</span>;
    case 'unavailable':
      return <span className="form-field__error">{t('place.locationUnavailable')}</span>;
    case 'unsupported':
      return <span className="form-field__error">{t('place.locationUnsupported')}</span>;
  }
}

/** Where the problem is: a pin on the map, the device's position, or a named place from a list. */
export function LocationStep({ place, onPlaceChange, error, addressRegistration, addressError }: LocationStepProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const env = clientEnv();
  const [mapCenter, setMapCenter] = useState<LatLong>(() => positionOf(place) ?? { lat: env.mapCenter[0], long: env.mapCenter[1] });
  const [focusRequest, setFocusRequest] = useState<{ point: LatLong; seq: number }>();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const objectSearchRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const flyTo = (point: LatLong) => setFocusRequest((previous) => ({ point, seq: (previous?.seq ?? 0) + 1 }));
  const geolocation = useGeolocation((point) => {
    placePin(point);
    flyTo(point);
  });
  const placePin = (point: LatLong) => {
    onPlaceChange({ kind: 'point', ...point });
    setAnnouncement(t('place.pinPlaced', { coordinates: formatCoordinates(point.lat, point.long, locale) }));
  };
  /** The person put the pin somewhere: "the pin is at your location" is no longer true. */
  const pinAt = (point: LatLong) => {
    placePin(point);
    geolocation.forgetFound();
  };
  const chooseObject = (object: ServiceObject) => {
    geolocation.forgetFound();
    onPlaceChange({ kind: 'object', id: object.id, type: object.type, name: object.name, lat: object.lat, long: object.long });
    setAnnouncement(t('place.objectChosen', { name: object.name }));
    if (object.lat !== undefined && object.long !== undefined) flyTo({ lat: object.lat, long: object.long });
  };

  let placeText: string;
  if (!place) placeText = t('place.none');
  else if (place.kind === 'point') placeText = t('place.chosenPoint', { coordinates: formatCoordinates(place.lat, place.long, locale) });
  else placeText = t('place.chosenObject', { name: place.name });

  return (
    <div className="location-step">
      {/* Focused when the place is missing on sending: it says what is chosen, and the error. */}
      <div id={LOCATION_FOCUS_ID} className={`place-summary${place ? ' place-summary--chosen' : ''}`} tabIndex={-1} aria-describedby={error ? errorId : undefined}>
        <p className="place-summary__text">{placeText}</p>
        {error ? <FieldErrorText id={errorId} message={error} /> : null}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <div className="location-step__actions">
        <Button variant="secondary" onClick={geolocation.locate} disabled={geolocation.state.status === 'locating'}>
          {t('place.useMyLocation')}
        </Button>
        <button type="button" className="link-button" onClick={() => objectSearchRef.current?.focus()}>
          {t('place.skipMap')}
        </button>
      </div>
      <p className="location-step__geo" role="status">
        <GeolocationMessage state={geolocation.state} />
      </p>

      <div className="location-map">
        <Suspense fallback={<LoadingNotice message={t('place.mapLoading')} />}>
          <LocationMap
            pin={positionOf(place)}
            initialCenter={mapCenter}
            focusRequest={focusRequest}
            onPin={(point) => pinAt(point)}
            onCenterChange={setMapCenter}
            onTilesFailed={() => setTilesFailed(true)}
            onKeyboardFocus={() => setAnnouncement(t('place.mapKeys'))}
          />
        </Suspense>
        <div className="location-map__crosshair" aria-hidden="true" />
      </div>
      <p className="location-step__instructions">
        {t('place.instructions')}
      </p>
      {tilesFailed ? <p className="notice location-step__tiles-failed">{t('place.tilesFailed')}</p> : null}
      <div className="location-step__centre">
        <Button variant="secondary" onClick={() => pinAt(mapCenter)}>
          {t('place.pinAtCentre')}
        </Button>
      </div>

      <ServiceObjectPicker ref={objectSearchRef} near={mapCenter} chosenId={place?.kind === 'object' ? place.id : ''} onChoose={chooseObject} />

      <FormField id="report-address" label={t('place.addressLabel')} hint={t('place.addressHint')} error={addressError}>
        {(control) => <input {...control} className="input" type="text" autoComplete="off" {...addressRegistration} />}
      </FormField>
    </div>
  );
}
