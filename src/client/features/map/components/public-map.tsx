import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, type ReactNode } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { Circle, MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import { clientEnv } from '../../../lib/env';
import type { Bounds } from '../lib/cluster-index';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM } from '../lib/map-limits';
import { sameView, type MapView, type NearFilter } from '../lib/map-search';


export interface PublicMapProps {
  /** The view the URL asks for; null lets the map choose (the data's extent, else the default). */
  view: MapView | null;
  onViewChange: (view: MapView) => void;
  /** Where the loaded data lies: shown when the URL names no view. */
  dataBounds: Bounds | null;
  near: NearFilter | null;
  label: string;
  instructionsId: string;
  onTilesFailed: () => void;
  /** The marker layers (ClusterLayer elements). */
  children?: ReactNode;
  /** Set when the map becomes visible again (its size may have changed while hidden). */
  visible: boolean;
}

function currentView(map: LeafletMap): MapView {
  const center = map.getCenter();
  return { lat: center.lat, long: center.lng, zoom: map.getZoom() };
}

/** Keeps the Leaflet view and the URL in step, in both directions, without loops. */
function ViewSync({ view, onViewChange, dataBounds, label, instructionsId, visible }: Omit<PublicMapProps, 'near' | 'children' | 'onTilesFailed'>) {
  const onChange = useRef(onViewChange);
  onChange.current = onViewChange;
  const map = useMapEvents({
    moveend: () => {
      const next = currentView(map);
      if (!sameView(next, latestView.current)) onChange.current(next);
    },
  });
  const latestView = useRef(view);
  latestView.current = view;

  // MapContainer passes no ARIA props to its element, so they are set here.
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'application');
    container.setAttribute('aria-label', label);
    container.setAttribute('aria-describedby', instructionsId);
  }, [map, label, instructionsId]);

  // Back/forward or a link changed the URL: follow it.
  useEffect(() => {
    if (view && !sameView(view, currentView(map))) map.setView([view.lat, view.long], view.zoom, { animate: false });
  }, [map, view]);

  // No view in the URL: show where the data is, once it has arrived.
  const fitted = useRef(false);
  useEffect(() => {
    if (view || !dataBounds || fitted.current) return;
    fitted.current = true;
    map.fitBounds(
      [
        [dataBounds.south, dataBounds.west],
        [dataBounds.north, dataBounds.east],
      ],
      { maxZoom: 15, padding: [24, 24], animate: false },
    );
  }, [map, view, dataBounds]);

  useEffect(() => {
    if (visible) map.invalidateSize({ pan: false });
  }, [map, visible]);
  return null;
}

/** The public map: tiles, the near-me circle and the given marker layers. */
export default function PublicMap(props: PublicMapProps) {
  const env = clientEnv();
  // Offline or a blocked tile server: said once, the markers and lists work without tiles.
  const tilesFailed = useRef(false);
  const start = props.view ?? { lat: env.mapCenter[0], long: env.mapCenter[1], zoom: Math.min(env.mapZoom, 12) };
  return (
    <MapContainer
      className="public-map__leaflet"
      center={[start.lat, start.long]}
      zoom={start.zoom}
      minZoom={MAP_MIN_ZOOM}
      maxZoom={MAP_MAX_ZOOM}
      keyboardPanDelta={120}
      scrollWheelZoom
      worldCopyJump
    >
      <TileLayer
        url={env.mapTileUrl}
        attribution={env.mapTileAttribution}
        maxZoom={MAP_MAX_ZOOM}
        eventHandlers={{
          tileerror: () => {
            if (tilesFailed.current) return;
            tilesFailed.current = true;
            props.onTilesFailed();
          },
        }}
      />
      <ViewSync
        view={props.view}
        onViewChange={props.onViewChange}
        dataBounds={props.dataBounds}
        label={props.label}
        instructionsId={props.instructionsId}
        visible={props.visible}
      />
      {props.near ? (
        <Circle
          center={[props.near.lat, props.near.long]}
          radius={props.near.radius}
          interactive={false}
          pathOptions={{ color: '#0a4d8c', weight: 2, fillOpacity: 0.06, dashArray: '6 6' }}
        />
      ) : null}
      {props.children}
    </MapContainer>
  );
}
