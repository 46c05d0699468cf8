import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../components/request';
import type { AuditEntry } from '../api/moderation-schema';
import { useAuditWords } from '../lib/use-audit-words';

/** What moderators have done to one request, newest first. */
export function RequestAudit({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('moderation');
  const words = useAuditWords();
  if (entries.length === 0) return <p>{t('audit.noneForRequest')}</p>;
  return (
    <ol className="console-audit-trail">
      {entries.map((entry) => (
        <li key={entry.id} className="console-audit-trail__entry">
          <DateTime value={entry.at} /> <span className="console-audit-trail__who">{words.actor(entry)}</span>
          <span className="console-audit-trail__what">{words.sentence(entry)}</span>
        </li>
      ))}
    </ol>
  );
}
