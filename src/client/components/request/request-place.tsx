import { lazy, Suspense } from 'react';
import type { ServiceRequest } from '../../../shared/georeport/types';
import { AfterPaint } from '../ui/after-paint';
import { coordinatesOf } from './request-fields';
import { RequestLocation } from './request-location';

const PointMap = lazy(() => import('../map/point-map'));

/**
 * Where the request is: a small map of its point (Leaflet comes in its own chunk after the page;
 * the map's box is sized before, so nothing below moves when it arrives) and, under it, the
 * address in words (or the named service object it points at). Without coordinates, only the words.
 */
export function RequestPlace({ request, objectName }: { request: ServiceRequest; objectName?: string | null }) {
  const coordinates = coordinatesOf(request);
  return (
    <figure className="request-place">
      {coordinates ? (
        <div className="request-place__map">
          <AfterPaint fallback={null}>
            <Suspense fallback={null}>
              <PointMap lat={coordinates.lat} long={coordinates.long} />
            </Suspense>
          </AfterPaint>
        </div>
      ) : null}
      <figcaption className="request-place__address">
        <RequestLocation request={request} objectName={objectName} />
      </figcaption>
    </figure>
  );
}
