import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import { clientEnv } from '../../lib/env';
import { LocalizedMapControls } from './localized-map-controls';

/** Close enough to see the street and the blocks around it. */
const POINT_ZOOM = 16;

/**
 * A small map of one point: where a request is. Its own chunk (React.lazy), so Leaflet arrives
 * after the page's text. It can be dragged and zoomed with its buttons, but takes neither the
 * mouse wheel (the page scrolls past it) nor the keyboard focus (the address beside it says
 * where the point is in words).
 */
export default function PointMap({ lat, long }: { lat: number; long: number }) {
  const { mapTileUrl } = clientEnv();
  return (
    <MapContainer
      className="point-map__leaflet"
      center={[lat, long]}
      zoom={POINT_ZOOM}
      scrollWheelZoom={false}
      keyboard={false}
      zoomControl={false}
    >
      <LocalizedMapControls />
      <TileLayer url={mapTileUrl} maxZoom={19} />
      <CircleMarker
        center={[lat, long]}
        radius={10}
        interactive={false}
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#b93d0b', fillOpacity: 1 }}
      />
    </MapContainer>
  );
}
