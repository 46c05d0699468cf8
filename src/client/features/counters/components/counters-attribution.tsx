import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useCounterAttribution } from '../api/get-counters-info';
import { sourceName } from '../lib/attribution';

/**
 * The credit the counter data's licence asks for ("Counter data: City of Helsinki, licence CC BY
 * 4.0"), in the UI language; nothing for the embedded demo counters.
 */
export function CountersAttribution() {
  const { t, i18n } = useTranslation('counters');
  const attribution = useCounterAttribution();
  if (!attribution) return null;
  const source = sourceName(attribution, currentLanguage(i18n));
  return (
    <p className="counters-attribution">
      {t('attribution.data')} {attribution.sourceUrl ? <a href={attribution.sourceUrl}>{source}</a> : source}
      {attribution.licence ? (
        <>
          , {t('attribution.licence')}{' '}
          {attribution.licenceUrl ? (
            <a href={attribution.licenceUrl} rel="license">
              {attribution.licence}
            </a>
          ) : (
            attribution.licence
          )}
        </>
      ) : null}
    </p>
  );
}
