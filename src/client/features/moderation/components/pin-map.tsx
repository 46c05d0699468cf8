import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { LocalizedMapControls } from '../../../components/map/localized-map-controls';
import { pinIcon } from '../../../components/map/map-pin-icon';
import { tileLayerOptions } from '../../../components/map/tile-layer-options';
import { clientEnv } from '../../../lib/env';

type Point = { lat: number; long: number };

export interface PinMapProps extends Point {
  onMove: (point: Point) => void;
  /** The map's name for a screen reader, saying that the arrow keys move the pin. */
  label: string;
  pinLabel: string;
}

/** Pixels an arrow key moves the pin; with Shift, five times as far. */
const STEP_PX = 10;
const arrows: Record<string, [number, number]> = { ArrowUp: [0, -1], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** A click moves the pin; on the focused map, the arrow keys do (instead of panning), keeping it in view. */
function PinBehaviour({ lat, long, onMove, label }: Omit<PinMapProps, 'pinLabel'>) {
  const map = useMap();
  useMapEvents({ click: (event) => onMove({ lat: event.latlng.lat, long: event.latlng.lng }) });
  const current = useRef({ lat, long, onMove });
  useEffect(() => {
    current.current = { lat, long, onMove };
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
      const { lat: pinLat, long: pinLong, onMove: move } = current.current;
      const from = map.latLngToContainerPoint([pinLat, pinLong]);
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
 * The review page's map of a report's place: drag the pin, click the map, or focus it and use the
 * arrow keys; the form beside it names the address and the body there before anything is saved.
 * Its own chunk (React.lazy), so Leaflet comes only with a review page.
 */
export default function PinMap({ lat, long, onMove, label, pinLabel }: PinMapProps) {
  const { mapTileUrl } = clientEnv();
  return (
    <MapContainer className="pin-map__leaflet" center={[lat, long]} zoom={16} scrollWheelZoom={false} keyboard={false} zoomControl={false}>
      <LocalizedMapControls />
      <TileLayer url={mapTileUrl} {...tileLayerOptions(mapTileUrl, 19)} />
      <PinBehaviour lat={lat} long={long} onMove={onMove} label={label} />
      <Marker
        position={[lat, long]}
        icon={pinIcon}
        draggable
        // The keyboard way is the focused map's arrow keys: a focusable pin would be one more stop.
        keyboard={false}
        alt={pinLabel}
        eventHandlers={{ dragend: (event) => onMove({ lat: event.target.getLatLng().lat, long: event.target.getLatLng().lng }) }}
      />
    </MapContainer>
  );
}
