import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import { Circle, MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import { LocalizedMapControls } from '../../../components/map/localized-map-controls';
import { tileLayerOptions } from '../../../components/map/tile-layer-options';
import { useTrailingCall } from '../../../hooks/use-trailing-call';
import { clientEnv } from '../../../lib/env';
import type { Bounds } from '../../../components/map/cluster-index';
import { ClusterLayer, type ClusterLayerProps } from '../../../components/map/cluster-layer';
import { ReportHere } from './report-here';
import { sameView, type NearFilter } from '../lib/map-search';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, openingView, type MapView } from '@/shared/map/map-view';

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
  /** The marker layers, drawn in this order (later ones on top where zIndexOffset is equal). */
  layers: (ClusterLayerProps & { key: string })[];
  /** Set when the map becomes visible again (its size may have changed while hidden). */
  visible: boolean;
}

/** How long the map rests before its view is written into the URL. */
const VIEW_WRITE_DELAY_MS = 300;

function currentView(map: LeafletMap): MapView {
  const center = map.getCenter();
  return { lat: center.lat, long: center.lng, zoom: map.getZoom() };
}

/** Keeps the Leaflet view and the URL in step, in both directions, without loops. */
function ViewSync({ view, onViewChange, dataBounds, label, instructionsId, visible }: Omit<PublicMapProps, 'near' | 'layers' | 'onTilesFailed'>) {
  const onChange = useRef(onViewChange);
  onChange.current = onViewChange;
  // True while the map moves to the URL's view: that move is not news for the URL.
  const following = useRef(false);
  // The view goes into the URL once the map has come to rest: not from inside the long task that
  // makes the map and fits it to the data, and once for a run of moves (arrow keys, zoom steps),
  // not once each. Read when written, so a view the URL has meanwhile come to show is not news.
  const writeView = useTrailingCall(() => {
    const next = currentView(map);
    if (!sameView(next, latestView.current)) onChange.current(next);
  }, VIEW_WRITE_DELAY_MS);
  const map = useMapEvents({
    moveend: () => {
      if (!following.current) writeView();
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

  // Leaflet measures its container once and keeps the size. A map made (or resized) while its tab
  // was hidden took itself for 0 × 0, so every view set then put the centre in the top-left
  // corner. Measured again as soon as it shows, before the view effects below run (effects run
  // in order), keeping the centre where it was; the resulting move is not news for the URL.
  useEffect(() => {
    if (!visible) return;
    following.current = true;
    try {
      map.invalidateSize({ pan: true });
    } finally {
      following.current = false;
    }
  }, [map, visible]);

  // Back/forward or a link changed the URL: follow it (once the map can be measured).
  useEffect(() => {
    if (!visible || !view || sameView(view, currentView(map))) return;
    // Leaflet snaps the centre to whole pixels, so the map may read back a hair off the URL's
    // rounded view; writing that back would replace the URL from this render's (possibly
    // already outdated) query and could undo a filter change made a moment ago.
    following.current = true;
    try {
      map.setView([view.lat, view.long], view.zoom, { animate: false });
    } finally {
      following.current = false;
    }
  }, [map, view, visible]);

  // No view in the URL: show where the data is, once it has arrived and the map is on screen
  // (fitting a hidden 0 × 0 map would choose the widest zoom).
  const fitted = useRef(false);
  useEffect(() => {
    if (!visible || view || !dataBounds || fitted.current) return;
    fitted.current = true;
    map.fitBounds(
      [
        [dataBounds.south, dataBounds.west],
        [dataBounds.north, dataBounds.east],
      ],
      { maxZoom: 15, padding: [24, 24], animate: false },
    );
  }, [map, view, dataBounds, visible]);

  return null;
}

/**
 * The public map: tiles, the near-me circle and the given marker layers. The page loads it with
 * React.lazy: Leaflet and supercluster are most of its weight and the page works without them.
 */
export default function PublicMap(props: PublicMapProps) {
  const env = clientEnv();
  // Offline or a blocked tile server: said once, the markers and lists work without tiles.
  const tilesFailed = useRef(false);
  const start = openingView(props.view, env.mapCenter, env.mapZoom);
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
      // Both in the UI language, from LocalizedMapControls.
      zoomControl={false}
    >
      <LocalizedMapControls />
      <TileLayer
        url={env.mapTileUrl}
        {...tileLayerOptions(env.mapTileUrl, MAP_MAX_ZOOM)}
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
      {props.layers.map(({ key, ...layer }) => (
        <ClusterLayer key={key} {...layer} />
      ))}
      <ReportHere />
    </MapContainer>
  );
}
