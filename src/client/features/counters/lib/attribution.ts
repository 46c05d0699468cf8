import type { SupportedLocale } from '@/shared/locales';
import type { CounterAttribution } from '../api/get-counters-info';

/** The source's name in the language, else English, else any. */
export function sourceName(attribution: CounterAttribution, language: SupportedLocale): string {
  return attribution.source[language] ?? attribution.source.en ?? Object.values(attribution.source)[0] ?? '';
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

const link = (label: string, url: string | null, rel?: string) =>
  url === null ? escapeHtml(label) : `<a href="${escapeHtml(url)}"${rel ? ` rel="${rel}"` : ''}>${escapeHtml(label)}</a>`;

/**
 * The credit as HTML for the map's attribution corner (Leaflet takes HTML there): every text
 * and address escaped, e.g. `Counter data: <a href="…">City of Helsinki</a>, licence <a …>CC BY 4.0</a>`.
 */
export function attributionHtml(attribution: CounterAttribution, language: SupportedLocale, labels: { data: string; licence: string }): string {
  const source = `${escapeHtml(labels.data)} ${link(sourceName(attribution, language), attribution.sourceUrl)}`;
  return attribution.licence === null ? source : `${source}, ${escapeHtml(labels.licence)} ${link(attribution.licence, attribution.licenceUrl, 'license')}`;
}
