import en from '../../../locales/en/traffic.json';
import fi from '../../../locales/fi/traffic.json';
import sv from '../../../locales/sv/traffic.json';
import type { NamespaceTexts } from '../../../lib/lazy-namespace';

/** A counter's traffic chart texts: they come with the chart's chunk, not the first page. */
export const trafficTexts: NamespaceTexts = { en, fi, sv };
