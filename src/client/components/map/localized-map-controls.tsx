import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap, ZoomControl } from 'react-leaflet';
import { clientEnv, defaultClientEnv } from '../../lib/env';
import '../../styles/map-controls.css';

const openStreetMapLink = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/**
 * Leaflet's zoom buttons and the map data's credit line in the UI language. Leaflet writes its
 * own English ("Zoom in", "… contributors"); the map is made with `zoomControl={false}` and no
 * attribution on the tile layer, and these take their place. A tile server's own credit
 * (VITE_MAP_TILE_ATTRIBUTION) is shown as configured; OpenStreetMap's default keeps its © and
 * its link to the copyright page. Goes inside a MapContainer.
 */
export function LocalizedMapControls() {
  const { t, i18n } = useTranslation('leaflet');
  const map = useMap();
  const { mapTileAttribution } = clientEnv();
  const credit =
    mapTileAttribution === defaultClientEnv.mapTileAttribution ? t('credit', { openStreetMap: openStreetMapLink }) : mapTileAttribution;

  useEffect(() => {
    const control = map.attributionControl;
    if (!control) return;
    control.addAttribution(credit);
    return () => {
      control.removeAttribution(credit);
    };
  }, [map, credit]);

  // Leaflet sets a control's titles once, when it is made: a new language makes a new control.
  return <ZoomControl key={i18n.language} position="topleft" zoomInTitle={t('zoomIn')} zoomOutTitle={t('zoomOut')} />;
}
