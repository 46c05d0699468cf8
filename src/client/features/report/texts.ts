import en from '../../locales/en/report.json';
import fi from '../../locales/fi/report.json';
import sv from '../../locales/sv/report.json';
import type { NamespaceTexts } from '../../lib/lazy-namespace';

/** The reporting flow's texts: loaded with the flow, not with the first page. */
export const reportTexts: NamespaceTexts = { en, fi, sv };
