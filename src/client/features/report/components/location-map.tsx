import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import { LocalizedMapControls } from '../../../components/map/localized-map-controls';
import { WheelZoomWhenChosen } from '../../../components/map/wheel-zoom-when-chosen';
import { tileLayerOptions } from '../../../components/map/tile-layer-options';
import { clientEnv } from '../../../lib/env';
import type { NearbyRequest } from '../api/get-nearby-requests';
import type { Asset, Box } from '../api/asset-layers';
import { AssetMarkers } from './asset-markers';
import type { LatLong } from '../lib/place';
import { DraggablePin } from '../../../components/map/draggable-pin';
import { NearbyLayer } from './nearby-layer';

export interface LocationMapProps {
  pin: LatLong | undefined;
  initialCenter: LatLong;
  /** Moves the map there when `seq` changes (after "use my location" or choosing an object). */
  focusRequest?: { point: LatLong; seq: number };
  onPin: (point: LatLong, how: 'click' | 'drag' | 'keyboard') => void;
  onCenterChange: (center: LatLong) => void;
  /** What the map shows, as it opens and after every move: the asset layer loads for it. */
  onViewChange?: (view: MapView) => void;
  onTilesFailed: () => void;
  /** The map got the focus from the keyboard: time to say which keys do what. */
  onKeyboardFocus: () => void;
  /** Reports already made around the pin, drawn as the home map's markers. */
  nearby: readonly NearbyRequest[];
  chosenNearbyId: string | null;
  onChooseNearby: (id: string) => void;
  /** The city's assets of the chosen type's layer in view, if it has one; the chosen one marked. */
  assets?: { list: readonly Asset[]; layerName: string; chosenId: string | null; onChoose: (id: string) => void };
}

export interface MapView {
  box: Box;
  zoom: number;
}

const toLatLong = (latLng: { lat: number; lng: number }): LatLong => ({ lat: latLng.lat, long: latLng.lng });

/** Clicks drop the pin; Enter or Space on the focused map drops it at the centre. */
function MapBehaviour({
  onPin,
  onCenterChange,
  onViewChange,
  focusRequest,
  onKeyboardFocus,
  label,
}: Pick<LocationMapProps, 'onPin' | 'onCenterChange' | 'onViewChange' | 'focusRequest' | 'onKeyboardFocus'> & { label: string }) {
  const viewOf = (): MapView => {
    const bounds = map.getBounds();
    return { box: { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() }, zoom: map.getZoom() };
  };
  const map = useMapEvents({
    click: (clickEvent) => onPin(toLatLong(clickEvent.latlng), 'click'),
    moveend: () => {
      onCenterChange(toLatLong(map.getCenter()));
      onViewChange?.(viewOf());
    },
  });
  // The view as the map opens: no move has happened yet.
  useEffect(() => {
    map.whenReady(() => onViewChange?.(viewOf()));
    // Once, as the map opens; every later view comes with moveend.
  }, [map]);

  // MapContainer passes no ARIA props on to its element, so they are set here.
  useEffect(() => {
    const container = map.getContainer();
    // role=application: screen readers pass the arrow keys on to the map instead of reading.
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', label);
  }, [map, label]);

  const callbacks = useRef({ onPin, onKeyboardFocus });
  useEffect(() => {
    callbacks.current = { onPin, onKeyboardFocus };
  });
  useEffect(() => {
    const container = map.getContainer();
    const onKeyDown = (keyEvent: KeyboardEvent) => {
      // Only the map itself: Enter on a zoom button or a link inside it keeps its own meaning.
      if (keyEvent.target !== container) return;
      if (keyEvent.key !== 'Enter' && keyEvent.key !== ' ') return;
      keyEvent.preventDefault();
      callbacks.current.onPin(toLatLong(map.getCenter()), 'keyboard');
    };
    // The keys are announced (aria-live) when the map is reached by keyboard, not on every click.
    const onFocus = () => {
      if (container.matches(':focus-visible')) callbacks.current.onKeyboardFocus();
    };
    container.addEventListener('keydown', onKeyDown);
    container.addEventListener('focus', onFocus);
    return () => {
      container.removeEventListener('keydown', onKeyDown);
      container.removeEventListener('focus', onFocus);
    };
  }, [map]);

  const lastSeq = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!focusRequest || focusRequest.seq === lastSeq.current) return;
    lastSeq.current = focusRequest.seq;
    map.setView([focusRequest.point.lat, focusRequest.point.long], Math.max(map.getZoom(), 16));
  }, [map, focusRequest]);

  return null;
}

/** The Leaflet map of the location step; its own chunk, loaded when the step is shown. */
export default function LocationMap(props: LocationMapProps) {
  const { pin, initialCenter, focusRequest, onPin, onCenterChange, onTilesFailed, onKeyboardFocus } = props;
  const { t } = useTranslation('report');
  const { mapTileUrl, mapZoom } = clientEnv();
  const start = pin ?? initialCenter;
  const failedOnce = useRef(false);

  return (
    <MapContainer
      className="location-map__leaflet"
      center={[start.lat, start.long]}
      zoom={pin ? Math.max(mapZoom, 16) : mapZoom}
      keyboardPanDelta={120}
      scrollWheelZoom
      // Both in the UI language, from LocalizedMapControls.
      zoomControl={false}
    >
      <LocalizedMapControls />
      <WheelZoomWhenChosen hint={{ ctrl: t('place.wheelHint'), mac: t('place.wheelHintMac') }} />
      <TileLayer
        url={mapTileUrl}
        // Leaflet's default closest zoom, as before.
        {...tileLayerOptions(mapTileUrl, 18)}
        eventHandlers={{
          tileerror: () => {
            if (failedOnce.current) return;
            failedOnce.current = true;
            onTilesFailed();
          },
        }}
      />
      <MapBehaviour onPin={onPin} onCenterChange={onCenterChange} onViewChange={props.onViewChange} focusRequest={focusRequest} onKeyboardFocus={onKeyboardFocus} label={t('place.mapLabel')} />
      {props.assets ? <AssetMarkers assets={props.assets.list} layerName={props.assets.layerName} chosenId={props.assets.chosenId} onChoose={props.assets.onChoose} /> : null}
      <NearbyLayer requests={props.nearby} chosenId={props.chosenNearbyId} onChoose={props.onChooseNearby} />
      {/* Above the reports already made, and above the chosen one (raised by 1000). */}
      {pin ? <DraggablePin at={pin} alt={t('place.pinAlt')} zIndexOffset={2000} onDrop={(point) => onPin(point, 'drag')} /> : null}
    </MapContainer>
  );
}
