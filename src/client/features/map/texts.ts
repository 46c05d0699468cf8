import en from '../../locales/en/map-pick.json';
import fi from '../../locales/fi/map-pick.json';
import sv from '../../locales/sv/map-pick.json';
import type { NamespaceTexts } from '../../lib/lazy-namespace';

/** The words of the "report a problem here" popup: they travel with the map's code. */
export const mapPickTexts: NamespaceTexts = { en, fi, sv };
