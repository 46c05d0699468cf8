import { useTranslation } from 'react-i18next';
import { useBodies } from '../../../api/get-bodies';
import { serviceNamesByCode, useServiceList } from '../../../api/get-service-list';
import { useDetailedStatusWords } from '../../../components/request/use-detailed-status-words';
import { formatCoordinates } from '../../../lib/format-coordinates';
import { currentLanguage } from '../../../lib/i18n';
import { intlLocaleOf } from '../../../lib/intl-formats';
import type { AuditEntry } from '../api/moderation-schema';
import { auditActor, auditSentence, type AuditWords } from './audit-sentences';

/**
 * Audit entries in the moderator's language: who (`actor`) and what, as sentences (`sentence`),
 * naming service types and bodies from the lists the app already asks for (until they arrive, or
 * for one no longer listed, a sentence says "a type no longer offered").
 */
export function useAuditWords(): { sentence: (entry: AuditEntry) => string; actor: (entry: AuditEntry) => string } {
  const { t, i18n } = useTranslation('moderation');
  const locale = currentLanguage(i18n);
  const statusWords = useDetailedStatusWords();
  const serviceNames = useServiceList({ locale, select: serviceNamesByCode }).data;
  const bodies = useBodies().data;
  const listFormat = new Intl.ListFormat(intlLocaleOf(locale), { type: 'conjunction' });
  const words: AuditWords = {
    t,
    status: (value) => statusWords(value).label,
    serviceName: (code) => serviceNames?.[code],
    bodyName: (id) => bodies?.find((body) => body.id === id)?.name[locale],
    list: (items) => listFormat.format(items),
    coordinates: (lat, long) => formatCoordinates(lat, long, locale),
  };
  return { sentence: (entry) => auditSentence(entry, words), actor: (entry) => auditActor(entry, t) };
}
