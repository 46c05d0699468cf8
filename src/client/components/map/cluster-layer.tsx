import { useEffect, useMemo, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import '../../styles/map-markers.css';
import { createClusterIndex, type ClusterIndex, type ClusterItem, type MapPoint } from './cluster-index';
import type { MarkerLook } from './marker-look';

export interface ClusterLayerProps {
  points: readonly MapPoint[];
  pointLook: (id: string) => MarkerLook;
  clusterLook: (count: number, flaggedCount: number) => MarkerLook;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Raises this layer's markers above another layer's in the same pane. */
  zIndexOffset?: number;
  /**
   * The Leaflet pane the markers go into (made on first use): one pane per layer keeps a whole
   * layer above another whatever the markers' latitudes; the page's stylesheet gives each its z-index.
   */
  pane?: string;
  /** Drawn over a bit more than the view, so a short pan shows no empty edge. */
  overscan?: number;
  /** HTML credit for this layer's data, shown in the map's attribution corner while the layer is. */
  attribution?: string;
  /**
   * Whether each marker is a Tab stop with its label (default). Off where a list beside the map is
   * the keyboard's and screen reader's way to the same items and the map's own keys do something
   * else (the report map's pin): then the markers are for the mouse and the eye only.
   */
  keyboard?: boolean;
}

function iconOf(look: MarkerLook, selected: boolean): L.DivIcon {
  return L.divIcon({
    className: selected ? `${look.className} is-selected` : look.className,
    html: look.html,
    iconSize: [look.size, look.size],
    iconAnchor: [look.size / 2, look.size / 2],
  });
}

/**
 * One layer of clustered markers, kept outside React: on every moveend it asks the cluster index
 * what is in view and adds or removes only the markers that changed. Panning itself moves one
 * pane, so the frame rate does not depend on how many requests are loaded.
 */
export function ClusterLayer(props: ClusterLayerProps) {
  const map = useMap();
  // Built here, with the map's code, so supercluster loads with Leaflet and not with the page.
  const index: ClusterIndex = useMemo(() => createClusterIndex(props.points), [props.points]);
  const latest = useRef({ ...props, index });
  latest.current = { ...props, index };
  const markers = useRef(new Map<string, { marker: L.Marker; item: ClusterItem }>());

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    const live = markers.current;
    const pane = props.pane ?? 'markerPane';
    if (!map.getPane(pane)) map.createPane(pane);

    const activate = (item: ClusterItem) => {
      if (item.kind === 'point') {
        latest.current.onSelect(item.id);
        return;
      }
      const zoom = Math.min(latest.current.index.expansionZoom(item.clusterId), map.getMaxZoom());
      map.setView([item.lat, item.long], Math.max(zoom, map.getZoom() + 1));
    };

    const create = (item: ClusterItem): L.Marker => {
      const { pointLook, clusterLook, selectedId, zIndexOffset = 0, keyboard = true } = latest.current;
      const look = item.kind === 'point' ? pointLook(item.id) : clusterLook(item.count, item.flaggedCount);
      const selected = item.kind === 'point' && item.id === selectedId;
      const marker = L.marker([item.lat, item.long], {
        icon: iconOf(look, selected),
        keyboard,
        title: look.title ?? '',
        zIndexOffset: zIndexOffset + (selected ? 1000 : 0),
        riseOnHover: true,
        pane,
      });
      marker.on('click', () => activate(item));
      marker.on('add', () => {
        const element = marker.getElement();
        if (!element) return;
        // Not a Tab stop: the list beside the map names it, so screen readers skip it here.
        if (keyboard) element.setAttribute('aria-label', look.label);
        else element.setAttribute('aria-hidden', 'true');
        element.dataset.key = item.key;
        for (const [property, value] of Object.entries(look.cssVariables ?? {})) element.style.setProperty(property, value);
        L.DomEvent.on(element, 'keydown', (keyEvent) => {
          const key = (keyEvent as KeyboardEvent).key;
          if (key !== 'Enter' && key !== ' ') return;
          L.DomEvent.preventDefault(keyEvent);
          L.DomEvent.stopPropagation(keyEvent);
          activate(item);
        });
      });
      return marker;
    };

    const render = () => {
      const bounds = map.getBounds().pad(latest.current.overscan ?? 0.25);
      const items = latest.current.index.itemsIn(
        { west: bounds.getWest(), south: bounds.getSouth(), east: bounds.getEast(), north: bounds.getNorth() },
        map.getZoom(),
      );
      const wanted = new Set<string>();
      for (const item of items) {
        wanted.add(item.key);
        if (live.has(item.key)) continue;
        const marker = create(item);
        live.set(item.key, { marker, item });
        group.addLayer(marker);
      }
      let droppedFocus = false;
      for (const [key, entry] of live) {
        if (wanted.has(key)) continue;
        droppedFocus ||= entry.marker.getElement()?.contains(document.activeElement) ?? false;
        group.removeLayer(entry.marker);
        live.delete(key);
      }
      // A focused bubble replaced by what it held (after Enter, a zoom, or a Tab pressed while the
      // map was still moving) would leave keyboard focus on the page's body: keep it on the map.
      if (droppedFocus) map.getContainer().focus({ preventScroll: true });
    };

    render();
    map.on('moveend', render);
    return () => {
      map.off('moveend', render);
      group.remove();
      live.clear();
    };
    // The layer is rebuilt when the data (index) or the way markers look changes.
  }, [map, index, props.pointLook, props.clusterLook, props.pane]);

  // The layer's data credit, in the corner with the map's own, for as long as the layer is shown.
  useEffect(() => {
    const control = map.attributionControl;
    if (!props.attribution || !control) return;
    const credit = props.attribution;
    control.addAttribution(credit);
    return () => {
      control.removeAttribution(credit);
    };
  }, [map, props.attribution]);

  // Selection changes restyle two markers instead of redrawing the layer.
  const previousSelected = useRef<string | null>(props.selectedId);
  useEffect(() => {
    const restyle = (id: string | null, selected: boolean) => {
      if (id === null) return;
      const entry = markers.current.get(`p${id}`);
      if (!entry) return;
      entry.marker.getElement()?.classList.toggle('is-selected', selected);
      entry.marker.setZIndexOffset((latest.current.zIndexOffset ?? 0) + (selected ? 1000 : 0));
    };
    restyle(previousSelected.current, false);
    restyle(props.selectedId, true);
    previousSelected.current = props.selectedId;
  }, [props.selectedId]);

  return null;
}
