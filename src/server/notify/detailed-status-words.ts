/**
 * A request's detailed status in an email's words, as its public page shows it: the base stage and
 * the public works stage after it, e.g. "Käsittelyssä · Siirretty kunnossapitoon". The words are
 * the web app's (src/client/locales/<code>/requests.json, detailedStatus.*.label); a value the
 * city sends that neither knows is shown as it is, never dropped.
 */
import type { SupportedLocale } from '../../shared/locales';

const publicWorksNames: Record<SupportedLocale, Record<string, string>> = {
  fi: {
    PUBLIC_WORKS_NEW: 'Siirretty kunnossapitoon',
    PUBLIC_WORKS_IN_PROGRESS: 'Kunnossapito työn alla',
    PUBLIC_WORKS_COMPLETED: 'Kunnossapito valmis',
    PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER: 'Kunnossapito ajoitettu myöhemmäksi',
    PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION: 'Ei vaadi toimenpiteitä',
    PUBLIC_WORKS_INTERRUPTED: 'Kunnossapito keskeytetty',
  },
  sv: {
    PUBLIC_WORKS_NEW: 'Vidarebefordrad till underhållet',
    PUBLIC_WORKS_IN_PROGRESS: 'Underhållsarbete pågår',
    PUBLIC_WORKS_COMPLETED: 'Underhållsarbete klart',
    PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER: 'Underhållsarbete planerat senare',
    PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION: 'Inga åtgärder behövs',
    PUBLIC_WORKS_INTERRUPTED: 'Underhållsarbete avbrutet',
  },
  en: {
    PUBLIC_WORKS_NEW: 'Forwarded to public works',
    PUBLIC_WORKS_IN_PROGRESS: 'Public works in progress',
    PUBLIC_WORKS_COMPLETED: 'Public works done',
    PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER: 'Public works scheduled later',
    PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION: 'No action needed',
    PUBLIC_WORKS_INTERRUPTED: 'Public works interrupted',
  },
};

/** Every value in order, named by `baseNames` (the message's own words for the stages) or the public works names. */
export function detailedStatusWords(locale: SupportedLocale, detailed: readonly string[], baseNames: Readonly<Record<string, string>>): string {
  const values = detailed.length > 0 ? detailed : ['RECEIVED'];
  return values.map((value) => baseNames[value] ?? publicWorksNames[locale][value] ?? value).join(' · ');
}
