import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useCounterAttribution } from '../api/get-counters-info';
import { attributionHtml } from '../lib/attribution';

/** The counter data's credit as HTML for the map's attribution corner while the layer is on; undefined otherwise. */
export function useCounterMapAttribution(enabled: boolean): string | undefined {
  const { t, i18n } = useTranslation('counters');
  const attribution = useCounterAttribution({ enabled });
  const language = currentLanguage(i18n);
  return useMemo(
    () => (enabled && attribution ? attributionHtml(attribution, language, { data: t('attribution.data'), licence: t('attribution.licence') }) : undefined),
    [enabled, attribution, language, t],
  );
}
