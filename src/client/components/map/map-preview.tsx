import { useMemo } from 'react';
import { defaultMapTileAttribution } from '../../../shared/map/map-defaults';
import { mapPreviewHtml, previewCredit } from '../../../shared/map/map-preview';
import { openingView, type MapView } from '../../../shared/map/map-view';
import { clientEnv } from '../../lib/env';

/**
 * The map's first view as plain tiles, while Leaflet loads: the very markup the server put in the
 * page (shared/map/map-preview.ts), so the imagery stays in place when the app replaces the page's
 * frame, and Leaflet's tiles (the same images, from the cache) then cover it exactly.
 */
export function MapPreview({ view }: { view: MapView | null }) {
  const env = clientEnv();
  const html = useMemo(() => {
    const opening = openingView(view, env.mapCenter, env.mapZoom);
    return mapPreviewHtml(opening, env.mapTileUrl, previewCredit(env.mapTileAttribution, defaultMapTileAttribution));
  }, [view, env]);
  // Built from the configured template and credit (as Leaflet writes the credit) and numbers only.
  return <div className="map-preview-host" dangerouslySetInnerHTML={{ __html: html }} />;
}
