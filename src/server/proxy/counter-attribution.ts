/**
 * Whose counter data the proxy passes on, and under which licence: what the map and the counters
 * page must credit. Derived from COUNTERS_URL: a known real service brings its own attribution
 * (the City of Helsinki's LIDO-TIKU data is CC BY 4.0, which requires the credit); the embedded
 * demo counters and unknown services have none.
 */
import type { SupportedLocale } from '../../shared/locales';

export interface CounterAttribution {
  /** Who publishes the data, in each language of the app. */
  source: Record<SupportedLocale, string>;
  /** The data's home, linked from the source's name. */
  sourceUrl: string;
  /** The licence's short name, e.g. "CC BY 4.0". */
  licence: string;
  licenceUrl: string;
}

const ccBy4 = { licence: 'CC BY 4.0', licenceUrl: 'https://creativecommons.org/licenses/by/4.0/' };

/** Counter services by host name, with the attribution their licence asks for. */
const knownServices: ReadonlyMap<string, CounterAttribution> = new Map([
  [
    'lidotiku.api.hel.fi',
    {
      // "Source: City of Helsinki, https://lidotiku.api.hel.fi/api/, licence CC 4.0 BY", as the service's own description asks.
      source: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
      sourceUrl: 'https://lidotiku.api.hel.fi/api/',
      ...ccBy4,
    },
  ],
]);

/** The attribution for the counter service at `countersUrl` (COUNTERS_URL); null for the embedded one or an unknown one. */
export function counterAttribution(countersUrl: string | undefined): CounterAttribution | null {
  if (countersUrl === undefined) return null;
  let host: string;
  try {
    host = new URL(countersUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  return knownServices.get(host) ?? null;
}
