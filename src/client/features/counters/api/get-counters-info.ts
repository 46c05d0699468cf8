import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths } from '@/shared/paths';
import { supportedLocales, type SupportedLocale } from '@/shared/locales';
import { api } from '../../../lib/http-client';

/**
 * Whose counter data the proxy passes on and under which licence (CC BY asks for the credit):
 * `GET /proxy/counters-info`, `{"attribution": null}` for the embedded demo counters.
 */
export interface CounterAttribution {
  /** Who publishes the data, by language; at least one. */
  source: Partial<Record<SupportedLocale, string>>;
  sourceUrl: string | null;
  licence: string | null;
  licenceUrl: string | null;
}

export const countersInfoUrl = `${paths.proxyCounters}-info`;

type Fields = Record<string, unknown>;
const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
/** Only web addresses become links: never `javascript:` or the like. */
const webUrl = (value: unknown) => (typeof value === 'string' && /^https?:\/\/[^\s]+$/i.test(value) ? value : null);

/** The attribution as the app shows it, or null when there is none (or nothing usable in it). */
export function attributionOf(body: unknown): CounterAttribution | null {
  const attribution = isObject(body) ? body.attribution : null;
  if (!isObject(attribution) || !isObject(attribution.source)) return null;
  const names = attribution.source;
  const source: Partial<Record<SupportedLocale, string>> = {};
  for (const locale of supportedLocales) {
    const name = text(names[locale]);
    if (name !== null) source[locale] = name;
  }
  if (Object.keys(source).length === 0) return null;
  return { source, sourceUrl: webUrl(attribution.sourceUrl), licence: text(attribution.licence), licenceUrl: webUrl(attribution.licenceUrl) };
}

export async function getCountersInfo(signal?: AbortSignal): Promise<{ attribution: CounterAttribution | null }> {
  return { attribution: attributionOf(await api.get(countersInfoUrl, { signal })) };
}

export const countersInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['counters', 'info'],
    queryFn: ({ signal }) => getCountersInfo(signal),
    // It changes only with the server's configuration.
    staleTime: 60 * 60_000,
  });

/** The counter data's attribution once known (null while loading, on failure, or when there is none). */
export function useCounterAttribution({ enabled = true }: { enabled?: boolean } = {}): CounterAttribution | null {
  return useQuery({ ...countersInfoQueryOptions(), enabled }).data?.attribution ?? null;
}
