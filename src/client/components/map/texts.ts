import en from '../../locales/en/leaflet.json';
import fi from '../../locales/fi/leaflet.json';
import sv from '../../locales/sv/leaflet.json';
import type { NamespaceTexts } from '../../lib/lazy-namespace';

/** The words of Leaflet's own controls: they travel with the map's code, not the first page. */
export const leafletTexts: NamespaceTexts = { en, fi, sv };
