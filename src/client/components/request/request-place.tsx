import { lazy, Suspense, useCallback, useState } from 'react';
import type { ServiceRequest } from '../../../shared/georeport/types';
import { PointMapPreview } from '../map/point-map-preview';
import { AfterPaint } from '../ui/after-paint';
import { coordinatesOf } from './request-fields';
import { RequestLocation } from './request-location';

const PointMap = lazy(() => import('../map/point-map'));

/**
 * Where the request is: a small map of its point (Leaflet comes in its own chunk after the page;
 * the map's box is sized before, and shows the map's first view as plain tiles meanwhile, so its
 * imagery paints without waiting for Leaflet and nothing moves when Leaflet covers it) and, under
 * it, the address in words (or the named service object it points at). Without coordinates, only
 * the words.
 */
export function RequestPlace({ request, objectName }: { request: ServiceRequest; objectName?: string | null }) {
  const coordinates = coordinatesOf(request);
  const [tilesShown, setTilesShown] = useState(false);
  const showTiles = useCallback(() => setTilesShown(true), []);
  return (
    <figure className="request-place">
      {coordinates ? (
        <div className="request-place__map">
          <AfterPaint fallback={null}>
            <Suspense fallback={null}>
              <PointMap lat={coordinates.lat} long={coordinates.long} onTilesShown={showTiles} />
            </Suspense>
          </AfterPaint>
          {/* After the map: under Leaflet's panes, over its background (styles/request.css). */}
          {tilesShown ? null : <PointMapPreview lat={coordinates.lat} long={coordinates.long} />}
        </div>
      ) : null}
      <figcaption className="request-place__address">
        <RequestLocation request={request} objectName={objectName} />
      </figcaption>
    </figure>
  );
}
