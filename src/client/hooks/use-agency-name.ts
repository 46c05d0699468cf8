import { useTranslation } from 'react-i18next';
import { useBodies } from '../api/get-bodies';
import { currentLanguage } from '../lib/i18n';

/**
 * The body responsible for a report, named in the reader's language: a report keeps its body's
 * name in the language it was made in (GeoReport's `agency_responsible`), so a Finnish reader of a
 * report made in English would read "City of Helsinki". The installation's bodies give the same
 * body's three names; a name no body has (an upstream's agency, or none configured) stays as sent.
 */
export function useAgencyName(agency: string | undefined): string | undefined {
  const { i18n } = useTranslation();
  const named = agency?.trim();
  // Asked only where there is a name to translate (most installations' reports name a body).
  const bodies = useBodies({ enabled: Boolean(named) }).data;
  if (!named) return undefined;
  const body = bodies?.find(({ name }) => name.fi === named || name.sv === named || name.en === named);
  return body ? body.name[currentLanguage(i18n)] : named;
}
