import type { SupportedLocale } from '@/shared/locales';
import { dateTimeFormat, intlLocaleOf, numberFormat } from '../../../lib/intl-formats';

export function formatDate(iso: string, locale: SupportedLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(intlLocaleOf(locale), { dateStyle: 'long' }).format(date);
}

export function formatDateTime(iso: string, locale: SupportedLocale): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat(intlLocaleOf(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "1.4 MB" / "1,4 Mt": one decimal, the locale's own unit and separator. */
export function formatBytes(bytes: number, locale: SupportedLocale): string {
  const megabytes = bytes / (1024 * 1024);
  const unit = megabytes >= 1 ? 'megabyte' : 'kilobyte';
  const value = megabytes >= 1 ? megabytes : bytes / 1024;
  return numberFormat(intlLocaleOf(locale), { style: 'unit', unit, maximumFractionDigits: 1 }).format(value);
}

export function formatPercent(fraction: number, locale: SupportedLocale): string {
  return numberFormat(intlLocaleOf(locale), { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

export function formatNumber(value: number, locale: SupportedLocale, fractionDigits = 0): string {
  return numberFormat(intlLocaleOf(locale), { maximumFractionDigits: fractionDigits, minimumFractionDigits: fractionDigits }).format(value);
}

/** A short excerpt for lists: whole words, an ellipsis when cut. */
export function excerpt(text: string, maxLength = 120): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= maxLength) return clean;
  const cut = clean.slice(0, maxLength);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > maxLength * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
