import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { LocalizedMapControls } from '../../../components/map/localized-map-controls';
import { DraggablePin } from '../../../components/map/draggable-pin';
import { tileLayerOptions } from '../../../components/map/tile-layer-options';
import { clientEnv } from '../../../lib/env';

type Point = { lat: number; long: number };

export interface PinMapProps {
  /** Where the pin is; none yet: the city's map, and the first click or arrow key places it. */
  pin: Point | undefined;
  onMove: (point: Point) => void;
  /** The map's name for a screen reader, saying that the arrow keys move the pin. */
  label: string;
  pinLabel: string;
}

/** Pixels an arrow key moves the pin; with Shift, five times as far. */
const STEP_PX = 10;
const arrows: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** A click moves the pin; on the focused map, the arrow keys do (instead of panning), keeping it in view. */
function PinBehaviour({ pin, onMove, label }: Omit<PinMapProps, 'pinLabel'>) {
  const map = useMap();
  useMapEvents({ click: (event) => onMove({ lat: event.latlng.lat, long: event.latlng.lng }) });
  const current = useRef({ pin, onMove });
  useEffect(() => {
    current.current = { pin, onMove };
  });

  useEffect(() => {
    const container = map.getContainer();
    // MapContainer passes no ARIA props on: role=application lets the arrow keys reach the map.
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', label);
    container.tabIndex = 0;
  }, [map, label]);

  useEffect(() => {
    const container = map.getContainer();
    const onKeyDown = (event: KeyboardEvent) => {
      const step = arrows[event.key];
      if (!step || event.target !== container) return;
      event.preventDefault();
      const { pin: at, onMove: move } = current.current;
      // No pin yet: the first arrow places it where the map is centred.
      if (!at) {
        const centre = map.getCenter();
        move({ lat: centre.lat, long: centre.lng });
        return;
      }
      const from = map.latLngToContainerPoint([at.lat, at.long]);
      const distance = event.shiftKey ? STEP_PX * 5 : STEP_PX;
      const to = map.containerPointToLatLng([from.x + step[0] * distance, from.y + step[1] * distance]);
      map.panInside(to, { padding: [24, 24], animate: false });
      move({ lat: to.lat, long: to.lng });
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [map]);
  return null;
}

/**
 * The map of a report's place, on the review page and in the caller form: drag the pin, click the
 * map, or focus it and use the arrow keys; the form beside it names the address and the body there
 * before anything is saved.
 * Its own chunk (React.lazy), so Leaflet comes only with the pages that show it.
 */
export default function PinMap({ pin, onMove, label, pinLabel }: PinMapProps) {
  const { mapTileUrl, mapCenter } = clientEnv();
  return (
    <MapContainer
      className="pin-map__leaflet"
      center={pin ? [pin.lat, pin.long] : [mapCenter[0], mapCenter[1]]}
      zoom={pin ? 16 : 12}
      scrollWheelZoom={false}
      keyboard={false}
      zoomControl={false}
    >
      <LocalizedMapControls />
      <TileLayer url={mapTileUrl} {...tileLayerOptions(mapTileUrl, 19)} />
      <PinBehaviour pin={pin} onMove={onMove} label={label} />
      {pin ? <DraggablePin at={pin} alt={pinLabel} onDrop={onMove} /> : null}
    </MapContainer>
  );
}
