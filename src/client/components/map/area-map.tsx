import 'leaflet/dist/leaflet.css';
import { latLng } from 'leaflet';
import { useEffect } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { clientEnv } from '../../lib/env';
import { LocalizedMapControls } from './localized-map-controls';
import { tileLayerOptions } from './tile-layer-options';

export interface AreaMapProps {
  lat: number;
  long: number;
  radiusMeters: number;
  /** A click or tap on the map moves the point there. */
  onMove?: (point: { lat: number; long: number }) => void;
}

/** Keeps the whole circle in view as the radius or the point changes. */
function FitCircle({ lat, long, radiusMeters }: Omit<AreaMapProps, 'onMove'>) {
  const map = useMap();
  useEffect(() => {
    // No animation: the form may go (sent) mid-zoom, and Leaflet then trips over its removed panes.
    map.fitBounds(boundsOf(lat, long, radiusMeters), { padding: [12, 12], animate: false });
  }, [map, lat, long, radiusMeters]);
  return null;
}

/** The circle's bounding box: Leaflet's own (LatLng.toBounds takes the side in metres). */
const boundsOf = (lat: number, long: number, radiusMeters: number) => latLng(lat, long).toBounds(radiusMeters * 2);

function MoveOnClick({ onMove }: { onMove: NonNullable<AreaMapProps['onMove']> }) {
  useMapEvents({ click: (event) => onMove({ lat: event.latlng.lat, long: event.latlng.lng }) });
  return null;
}

/**
 * A small map of an alert's area: the circle a point and radius cover. Its own chunk (React.lazy),
 * like point-map.tsx; it takes neither the mouse wheel nor the keyboard focus (the form names the
 * place and the radius in words beside it).
 */
export default function AreaMap({ lat, long, radiusMeters, onMove }: AreaMapProps) {
  const { mapTileUrl } = clientEnv();
  return (
    <MapContainer className="area-map__leaflet" bounds={boundsOf(lat, long, radiusMeters)} scrollWheelZoom={false} keyboard={false} zoomControl={false}>
      <LocalizedMapControls />
      <TileLayer url={mapTileUrl} {...tileLayerOptions(mapTileUrl, 19)} />
      <FitCircle lat={lat} long={long} radiusMeters={radiusMeters} />
      {onMove ? <MoveOnClick onMove={onMove} /> : null}
      <Circle center={[lat, long]} radius={radiusMeters} interactive={false} pathOptions={{ color: '#b93d0b', weight: 2, fillColor: '#b93d0b', fillOpacity: 0.12 }} />
      <CircleMarker center={[lat, long]} radius={7} interactive={false} pathOptions={{ color: '#ffffff', weight: 2, fillColor: '#b93d0b', fillOpacity: 1 }} />
    </MapContainer>
  );
}
