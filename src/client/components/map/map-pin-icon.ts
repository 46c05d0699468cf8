import { Icon } from 'leaflet';
// Imported, not left to Leaflet's CSS-path guessing: Vite gives the built files hashed names,
// which Leaflet's default icon cannot find (the well-known missing-marker bug).
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';

/** Leaflet's own marker, with the images Vite bundled. */
export const pinIcon = new Icon({
  iconUrl,
  iconRetinaUrl,
  shadowUrl,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
  tooltipAnchor: [16, -28],
  shadowSize: [41, 41],
});

// Any other marker that falls back to the default icon gets the bundled images too.
delete (Icon.Default.prototype as { _getIconUrl?: unknown })._getIconUrl;
Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });
