import { useTranslation } from 'react-i18next';
import { isBaseDetailedStatus, isPublicWorksStatus } from '../../../shared/georeport/detailed-status';

export interface DetailedStatusWords {
  label: string;
  description?: string;
}

/**
 * Words for a detailed status value in the UI language. A city may send values the spec does
 * not list; those are shown as they are rather than hidden.
 */
export function useDetailedStatusWords(): (value: string) => DetailedStatusWords {
  const { t } = useTranslation('requests');
  return (value) =>
    isBaseDetailedStatus(value) || isPublicWorksStatus(value)
      ? { label: t(`detailedStatus.${value}.label`), description: t(`detailedStatus.${value}.description`) }
      : { label: t('detailedStatus.unknown', { value }) };
}
