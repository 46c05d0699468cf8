import { useTranslation } from 'react-i18next';
import { isRejectReason } from '@/shared/moderation/reject-reasons';
import { useDetailedStatusWords } from '../../../components/request/use-detailed-status-words';
import type { AuditEntry } from '../api/moderation-schema';

const stringList = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/**
 * An audit entry in words: what was done, with which status or fields. The log holds no texts
 * or personal data, so neither does this.
 */
export function useAuditWords(): (entry: AuditEntry) => string {
  const { t } = useTranslation('moderation');
  const wordsOf = useDetailedStatusWords();
  const statusWords = (values: string[]) => values.map((value) => wordsOf(value).label).join(' · ') || '–';

  return (entry) => {
    const { details } = entry;
    let text: string;
    switch (entry.action) {
      case 'sign_in':
      case 'sign_out':
      case 'publish':
      case 'forward_retry':
        text = t(`audit.actions.${entry.action}`);
        break;
      case 'reject':
        // Since issue 41, item 3 the entry names its reason's code; older entries only whether a free reason was given.
        if (isRejectReason(details.reason)) text = t('audit.actions.rejectFor', { reason: t(`rejectReasons.${details.reason}`) });
        else text = details.reason_given ? t('audit.actions.rejectWithReason') : t('audit.actions.reject');
        break;
      case 'edit': {
        const fields = stringList(details.fields).map((field) =>
          field === 'title' || field === 'description' ? t(`audit.fields.${field}`) : field,
        );
        text = t('audit.actions.edit', { fields: fields.join(', ') });
        break;
      }
      case 'remove_media':
        text =
          details.media === 'external'
            ? t('audit.actions.removeLinkedPhoto')
            : t('audit.actions.removePhoto', { number: typeof details.media === 'number' ? details.media + 1 : '?' });
        break;
      case 'status': {
        const from = stringList(details.from);
        const to = stringList(details.to);
        const statusChanged = from.join(',') !== to.join(',');
        text = statusChanged ? t('audit.actions.status', { from: statusWords(from), to: statusWords(to) }) : t('audit.actions.notes');
        if (statusChanged && details.status_notes_changed) text += `; ${t('audit.notesChanged')}`;
        break;
      }
      case 'duplicate':
      case 'merge_duplicate': {
        const other = String(details.original ?? details.duplicate ?? '?');
        text = t(`duplicates.audit.${entry.action}`, { id: other });
        if (typeof details.subscribers_moved === 'number' && details.subscribers_moved > 0) text += `; ${t('duplicates.audit.moved', { count: details.subscribers_moved })}`;
        break;
      }
      case 'move':
        text = t('duplicates.audit.move');
        break;
      case 'service_type':
        text = t('duplicates.audit.service_type', { from: String(details.from), to: String(details.to) });
        break;
      default:
        text = entry.action;
    }
    return details.notified ? `${text}; ${t('audit.notified')}` : text;
  };
}
