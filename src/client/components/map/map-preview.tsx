import { useLocation } from 'react-router';
import { framePreview } from '../../lib/frame-map';

/**
 * The map's first view as plain tiles, while Leaflet loads: the server's markup from the page's
 * frame (lib/frame-map.ts), so the imagery stays where it was when the app replaces the frame.
 * Nothing once the address has changed (another view, or a page opened inside the app).
 */
export function MapPreview() {
  const { pathname, search } = useLocation();
  const html = framePreview(pathname + search);
  // The server's own markup: tile images and the configured credit, built from settings and numbers.
  return html ? <div className="map-preview-host" dangerouslySetInnerHTML={{ __html: html }} /> : null;
}
