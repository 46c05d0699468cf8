import { describe, expect, it } from 'vitest';
import { collator, dateTimeFormat, intlLocaleOf, numberFormat } from '../../../src/client/lib/intl-formats';

describe('Intl formatters built once per locale and options', () => {
  it('hands back the same number formatter for the same locale and options', () => {
    expect(numberFormat('fi-FI')).toBe(numberFormat('fi-FI'));
    expect(numberFormat('en-GB', { maximumFractionDigits: 1 })).toBe(numberFormat('en-GB', { maximumFractionDigits: 1 }));
  });

  it('builds another number formatter for another locale or other options', () => {
    expect(numberFormat('fi-FI')).not.toBe(numberFormat('sv-FI'));
    expect(numberFormat('en-GB', { maximumFractionDigits: 1 })).not.toBe(numberFormat('en-GB', { maximumFractionDigits: 2 }));
    expect(numberFormat('en-GB')).not.toBe(numberFormat('en-GB', { style: 'percent' }));
  });

  it('hands back the same date formatter for the same locale and options, another for others', () => {
    const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Helsinki' };
    expect(dateTimeFormat('fi-FI', options)).toBe(dateTimeFormat('fi-FI', { ...options }));
    expect(dateTimeFormat('fi-FI', options)).not.toBe(dateTimeFormat('fi-FI', { ...options, timeZone: 'UTC' }));
    expect(dateTimeFormat('fi-FI', options)).not.toBe(dateTimeFormat('en-GB', options));
    expect(dateTimeFormat('fi-FI', { dateStyle: 'long' })).not.toBe(dateTimeFormat('fi-FI', { dateStyle: 'medium' }));
  });

  it('hands back the same collator for the same locale and options, another for others', () => {
    expect(collator(undefined)).toBe(collator(undefined));
    expect(collator('fi-FI', { numeric: true })).toBe(collator('fi-FI', { numeric: true }));
    expect(collator('fi-FI')).not.toBe(collator('sv-FI'));
    expect(collator('fi-FI')).not.toBe(collator('fi-FI', { numeric: true }));
    expect(['b', 'ä', 'a'].sort(collator('fi-FI').compare)).toEqual(['a', 'b', 'ä']);
  });

  it('formats as the locale and options ask, whichever was asked first', () => {
    expect(numberFormat('fi-FI', { maximumFractionDigits: 1 }).format(1234.56)).toBe(new Intl.NumberFormat('fi-FI', { maximumFractionDigits: 1 }).format(1234.56));
    expect(numberFormat('en-GB', { maximumFractionDigits: 1 }).format(1234.56)).toBe('1,234.6');
    expect(numberFormat('en-GB', { maximumFractionDigits: 0 }).format(1234.56)).toBe('1,235');
    const day = new Date(Date.UTC(2026, 10, 23, 12));
    expect(dateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe('23 November 2026');
    expect(dateTimeFormat('fi-FI', { dateStyle: 'long', timeZone: 'UTC' }).format(day)).toBe('23. marraskuuta 2026');
  });

  it('names the Finnish, Swedish and British locales of the UI languages', () => {
    expect([intlLocaleOf('fi'), intlLocaleOf('sv'), intlLocaleOf('en')]).toEqual(['fi-FI', 'sv-FI', 'en-GB']);
  });
});
