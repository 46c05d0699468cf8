import en from '../../../locales/en/counters-table.json';
import fi from '../../../locales/fi/counters-table.json';
import sv from '../../../locales/sv/counters-table.json';
import type { NamespaceTexts } from '../../../lib/lazy-namespace';

/** The /counters table's and CSV download's texts: they come with that page's chunk, not the map's. */
export const countersTableTexts: NamespaceTexts = { en, fi, sv };
