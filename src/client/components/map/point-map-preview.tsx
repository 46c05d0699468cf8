import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { mapPreviewHtml, previewCredit } from '../../../shared/map/map-preview';
import { clientEnv } from '../../lib/env';
import { pointMapView } from './point-map-view';
import { isHighDensityScreen } from './tile-layer-options';

interface BoxSize {
  width: number;
  height: number;
}

/** The element's inner size as Leaflet reads its container's (clientWidth, clientHeight), followed while it changes. */
function useInnerSize(ref: RefObject<HTMLElement | null>): BoxSize | undefined {
  const [size, setSize] = useState<BoxSize>();
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setSize((last) => (last?.width === element.clientWidth && last.height === element.clientHeight ? last : { width: element.clientWidth, height: element.clientHeight }));
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/**
 * The small map's first view as plain tiles (src/shared/map/map-preview.ts), shown as soon as the
 * point is known, while Leaflet's chunk loads: the very tiles Leaflet asks for first (its view,
 * the box's size, the screen's tile grid), at the same places, so they are fetched once and Leaflet's cover them exactly.
 * Measured from the box it fills, so it asks for no tile outside it.
 */
export function PointMapPreview({ lat, long }: { lat: number; long: number }) {
  const host = useRef<HTMLDivElement>(null);
  const size = useInnerSize(host);
  const { mapTileUrl, mapTileAttribution } = clientEnv();
  const html =
    size && size.width > 0 && size.height > 0
      ? mapPreviewHtml(pointMapView(lat, long), mapTileUrl, previewCredit(mapTileAttribution), { halfWidth: size.width / 2, halfHeight: size.height / 2 }, { highDensity: isHighDensityScreen() })
      : '';
  // Markup of numbers, the configured tile template (escaped) and its configured credit, as the
  // server writes the home page's preview.
  return <div ref={host} className="point-map__preview" dangerouslySetInnerHTML={{ __html: html }} />;
}
