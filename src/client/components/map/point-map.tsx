import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, TileLayer } from 'react-leaflet';
import { clientEnv } from '../../lib/env';
import { LocalizedMapControls } from './localized-map-controls';
import { pointMapView } from './point-map-view';
import { tileLayerOptions } from './tile-layer-options';

/** Leaflet fades a loaded tile in (0.2 s, leaflet.css) and drops what it covers after 250 ms: what lies under it shows until then. */
const TILE_FADE_MS = 250;

/**
 * A small map of one point: where a request is. Its own chunk (React.lazy), so Leaflet arrives
 * after the page's text. It can be dragged and zoomed with its buttons, but takes neither the
 * mouse wheel (the page scrolls past it) nor the keyboard focus (the address beside it says
 * where the point is in words). `onTilesShown`: the tiles of the view are on screen (loaded, or
 * failed), so the preview under them (point-map-preview.tsx) can go.
 */
export default function PointMap({ lat, long, onTilesShown }: { lat: number; long: number; onTilesShown?: () => void }) {
  const { mapTileUrl } = clientEnv();
  const view = pointMapView(lat, long);
  return (
    <MapContainer
      className="point-map__leaflet"
      center={[view.lat, view.long]}
      zoom={view.zoom}
      scrollWheelZoom={false}
      keyboard={false}
      zoomControl={false}
    >
      <LocalizedMapControls />
      <TileLayer
        url={mapTileUrl}
        {...tileLayerOptions(mapTileUrl, 19)}
        eventHandlers={onTilesShown ? { load: () => setTimeout(onTilesShown, TILE_FADE_MS) } : undefined}
      />
      <CircleMarker
        center={[lat, long]}
        radius={10}
        interactive={false}
        pathOptions={{ color: '#ffffff', weight: 3, fillColor: '#b93d0b', fillOpacity: 1 }}
      />
    </MapContainer>
  );
}
