import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n';
import { formatDateTime } from './format';

/** A timestamp in the UI language and the person's time zone, machine-readable in <time>. */
export function DateTime({ value }: { value: string }) {
  const { i18n } = useTranslation('requests');
  const text = formatDateTime(value, currentLanguage(i18n));
  if (!text) return null;
  return <time dateTime={value}>{text}</time>;
}
