import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useReverseGeocode } from '../../../api/geocoding';
import { AddressSearch, type AddressChoice } from '../../../components/address-search';
import { AfterPaint } from '../../../components/ui/after-paint';
import { Button } from '../../../components/ui/button';
import { FieldErrorText, FormField } from '../../../components/ui/form-field';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { clientEnv } from '../../../lib/env';
import { currentLanguage } from '../../../lib/i18n';
import type { ServiceObject } from '../api/search-service-objects';
import type { NearbyRequest } from '../api/get-nearby-requests';
import type { NearbyReports } from '../hooks/use-nearby-reports';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { formatNumber } from '../lib/format';
import { objectAddress, positionOf, type ChosenPlace, type LatLong } from '../lib/place';
import { useGeolocation, type GeolocationState } from '../lib/use-geolocation';
import { useAssetsIn, type Asset, type AssetLayer } from '../api/asset-layers';
import { AssetChoice, type AssetsInView } from './asset-choice';
import type { MapView } from './location-map';
import { NearbyChoice } from './nearby-choice';
import { focusDescribeStep } from './report-step';
import { ServiceObjectPicker } from './service-object-picker';

// Leaflet is the heaviest part of the app: it loads only when this step is on screen.
const LocationMap = lazy(() => import('./location-map'));

export const LOCATION_FOCUS_ID = 'report-location';

export interface LocationStepProps {
  place: ChosenPlace | undefined;
  onPlaceChange: (place: ChosenPlace) => void;
  /** The geocoder's nearest address to the pin ('' when none is near). */
  onAddressFound: (address: string) => void;
  error?: string;
  addressRegistration: UseFormRegisterReturn<'address_string'>;
  addressError?: string;
  /** Reports already made around the pin: markers on the map, the chosen one under it. */
  nearby: NearbyReports;
  /** The chosen type ('' before one is chosen: the reports are of every type). */
  serviceCode: string;
  /** The chosen type's asset layer, if it has one: its assets are drawn and one may be chosen. */
  assetLayer?: AssetLayer | undefined;
  /** The asset the report's answers name, if any. */
  chosenAssetId?: string | null;
  onChooseAsset?: (asset: Asset) => void;
}

const noReports: readonly NearbyRequest[] = [];
const noAssets: readonly Asset[] = [];

/** Under the map: what its markers are, or that they cannot be shown now. */
function NearbyMapNote({ nearby }: { nearby: NearbyReports }) {
  const { t } = useTranslation('report');
  if (nearby.status === 'offline') return <p className="notice nearby-map-note">{t('nearby.mapOffline')}</p>;
  if (nearby.status === 'failed') return <p className="notice nearby-map-note">{t('nearby.mapFailed')}</p>;
  if (nearby.status === 'ready' && nearby.requests.length > 0) return <p className="location-step__instructions">{t('nearby.mapKey', { count: nearby.requests.length })}</p>;
  return null;
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
export function LocationStep({
  place,
  onPlaceChange,
  onAddressFound,
  error,
  addressRegistration,
  addressError,
  nearby,
  serviceCode,
  assetLayer,
  chosenAssetId = null,
  onChooseAsset,
}: LocationStepProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const env = clientEnv();
  const [mapCenter, setMapCenter] = useState<LatLong>(() => positionOf(place) ?? { lat: env.mapCenter[0], long: env.mapCenter[1] });
  const [focusRequest, setFocusRequest] = useState<{ point: LatLong; seq: number }>();
  const [tilesFailed, setTilesFailed] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // A new search box (empty) once the place is set another way: its old text would name another place.
  const [searchGeneration, setSearchGeneration] = useState(0);
  const clearSearch = () => setSearchGeneration((generation) => generation + 1);
  const objectSearchRef = useRef<HTMLInputElement>(null);
  const errorId = useId();
  const [chosenNearbyId, setChosenNearbyId] = useState<string | null>(null);
  const nearbyReports = nearby.status === 'ready' ? nearby.requests : noReports;
  // Gone when the pin moves away from it or the type changes: the list no longer holds it.
  const chosenNearby = nearbyReports.find((request) => request.service_request_id === chosenNearbyId);

  // The city's assets of the type's layer in the map's view, from the layer's zoom on.
  const [view, setView] = useState<MapView>();
  const zoomedIn = assetLayer !== undefined && view !== undefined && view.zoom >= assetLayer.min_zoom;
  const assetsQuery = useAssetsIn(assetLayer, zoomedIn ? view.box : undefined);
  const assetsInView: AssetsInView = !zoomedIn
    ? { status: 'zoom-in' }
    : assetsQuery.data
      ? { status: 'ready', assets: assetsQuery.data.assets, complete: assetsQuery.data.complete }
      : assetsQuery.isError
        ? { status: 'failed' }
        : { status: 'loading' };
  const shownAssets = zoomedIn && assetsQuery.data ? assetsQuery.data.assets : noAssets;

  const flyTo = (point: LatLong) => setFocusRequest((previous) => ({ point, seq: (previous?.seq ?? 0) + 1 }));
  const geolocation = useGeolocation((point) => {
    placePin(point);
    flyTo(point);
    clearSearch();
  });
  const placePin = (point: LatLong) => {
    onPlaceChange({ kind: 'point', ...point });
    setAnnouncement(t('place.pinPlaced', { coordinates: formatCoordinates(point.lat, point.long, locale) }));
  };
  /** The person put the pin somewhere: "the pin is at your location" is no longer true. */
  const pinAt = (point: LatLong) => {
    placePin(point);
    geolocation.forgetFound();
    clearSearch();
  };
  const chooseObject = (object: ServiceObject) => {
    geolocation.forgetFound();
    clearSearch();
    const address = objectAddress(object.name, object.address);
    onPlaceChange({ kind: 'object', id: object.id, type: object.type, name: object.name, lat: object.lat, long: object.long, address });
    setAnnouncement(t('place.objectChosen', { name: object.name }));
    if (object.lat !== undefined && object.long !== undefined) flyTo({ lat: object.lat, long: object.long });
  };
  /** An asset chosen on the map or in the list: the pin goes onto it, and the report's answers name it. */
  const chooseAsset = (asset: Asset) => {
    pinAt({ lat: asset.lat, long: asset.long });
    onChooseAsset?.(asset);
  };
  /** From the search box: a place of the registry points the report at it; anything else is a pin. */
  const chooseSearchResult = (choice: AddressChoice) => {
    geolocation.forgetFound();
    const point = { lat: choice.lat, long: choice.lon };
    if (choice.serviceObject) {
      onPlaceChange({ kind: 'object', id: choice.serviceObject.id, type: choice.serviceObject.type, name: choice.name, ...point, address: choice.label });
    } else {
      onPlaceChange({ kind: 'point', ...point, address: choice.label });
    }
    flyTo(point);
  };

  // A pin's address: the nearest one the geocoder knows, in the UI language, once it answers.
  const pin = place?.kind === 'point' ? { lat: place.lat, lon: place.long } : undefined;
  const reverse = useReverseGeocode(pin ? { ...pin, lang: locale } : undefined);
  const found = reverse.isSuccess ? (reverse.data?.label ?? '') : undefined;
  const shownAddress = place?.address;
  useEffect(() => {
    if (found === undefined || found === (shownAddress ?? '')) return;
    onAddressFound(found);
    if (found) setAnnouncement(t('place.pinNear', { address: found }));
    // onAddressFound and t are new functions each render; what matters is the answer and the place.
  }, [found, shownAddress]);

  let placeText: string;
  let addressNote = '';
  if (!place) placeText = t('place.none');
  else if (place.kind === 'object') placeText = t('place.chosenObject', { name: place.name });
  else if (place.address) placeText = t('place.chosenNear', { address: place.address });
  else {
    placeText = t('place.chosenPoint', { coordinates: formatCoordinates(place.lat, place.long, locale) });
    if (reverse.isFetching) addressNote = t('place.addressLooking');
    else if (found === '') addressNote = t('place.addressNone');
  }
  const mapLoading = <LoadingNotice message={t('place.mapLoading')} />;

  return (
    <div className="location-step">
      {/* Focused when the place is missing on sending: it says what is chosen, and the error. */}
      <div id={LOCATION_FOCUS_ID} className={`place-summary${place ? ' place-summary--chosen' : ''}`} tabIndex={-1} aria-describedby={error ? errorId : undefined}>
        <p className="place-summary__text">{placeText}</p>
        {addressNote ? <p className="place-summary__note">{addressNote}</p> : null}
        {error ? <FieldErrorText id={errorId} message={error} /> : null}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>

      <AddressSearch key={searchGeneration} className="location-step__search" focus={{ lat: mapCenter.lat, lon: mapCenter.long }} onChoose={chooseSearchResult} />

      <div className="location-step__actions">
        {/* Past the map, its controls and the place list, which otherwise take some 20 Tabs. */}
        <button type="button" className="link-button" onClick={focusDescribeStep}>
          {t('place.skipToDescribe')}
        </button>
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
        <AfterPaint fallback={mapLoading}>
          <Suspense fallback={mapLoading}>
            <LocationMap
              pin={positionOf(place)}
              initialCenter={mapCenter}
              focusRequest={focusRequest}
              onPin={(point) => pinAt(point)}
              onCenterChange={setMapCenter}
              onViewChange={setView}
              onTilesFailed={() => setTilesFailed(true)}
              onKeyboardFocus={() => setAnnouncement(t('place.mapKeys'))}
              nearby={nearbyReports}
              chosenNearbyId={chosenNearby ? chosenNearbyId : null}
              onChooseNearby={setChosenNearbyId}
              assets={
                assetLayer
                  ? {
                      list: shownAssets,
                      layerName: assetLayer.name,
                      chosenId: chosenAssetId,
                      onChoose: (id) => {
                        const asset = shownAssets.find((candidate) => candidate.id === id);
                        if (asset) chooseAsset(asset);
                      },
                    }
                  : undefined
              }
            />
          </Suspense>
        </AfterPaint>
        <div className="location-map__crosshair" aria-hidden="true" />
      </div>
      <p className="location-step__instructions">
        {t('place.instructions')}
      </p>
      {assetLayer ? (
        <AssetChoice layer={assetLayer} inView={assetsInView} near={positionOf(place) ?? mapCenter} chosenId={chosenAssetId} onChoose={chooseAsset} />
      ) : null}
      <NearbyMapNote nearby={nearby} />
      <div aria-live="polite">
        {chosenNearby ? <NearbyChoice request={chosenNearby} anyType={serviceCode === ''} onClose={() => setChosenNearbyId(null)} /> : null}
      </div>
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
