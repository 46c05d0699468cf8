import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ResidentReportItem, ResidentRequestItem } from '../../../../shared/residents/wire';
import { DateTime, StatusBadge } from '../../../components/request';

/**
 * Where their own report stands when the public does not see it: a merged duplicate points to its
 * original (as the duplicate's public page does); otherwise its moderation state.
 */
function UnpublishedState({ item }: { item: ResidentReportItem }) {
  const { t } = useTranslation('account');
  if (item.duplicateOf) {
    return <Link to={`/requests/${encodeURIComponent(item.duplicateOf)}`}>{t('duplicateOf', { id: item.duplicateOf })}</Link>;
  }
  return <span className={`account-moderation account-moderation--${item.moderation}`}>{t(`moderation.${item.moderation}`)}</span>;
}

/** One request in a resident's list: its name, status badge, moderation state (their own) and last change. */
function RequestRow({ item, action }: { item: ResidentRequestItem | ResidentReportItem; action?: React.ReactNode }) {
  const { t } = useTranslation('account');
  const name = item.title || item.typeName;
  const unpublished = 'moderation' in item && item.moderation !== 'published' ? item : undefined;
  return (
    <li className="account-list__item">
      <div className="account-list__head">
        {item.link ? <Link to={item.link}>{name}</Link> : <span className="account-list__name">{name}</span>}
        {item.title ? <span className="account-list__type">{item.typeName}</span> : null}
      </div>
      <div className="account-list__meta">
        {unpublished ? <UnpublishedState item={unpublished} /> : <StatusBadge status={item.status} detailed={item.detailedStatus} />}
        <span>
          {t('updated')} <DateTime value={item.updatedAt} />
        </span>
      </div>
      {action}
    </li>
  );
}

export function RequestList({ items, empty, action }: { items: readonly (ResidentRequestItem | ResidentReportItem)[]; empty: string; action?: (item: ResidentRequestItem) => React.ReactNode }) {
  if (items.length === 0) return <p>{empty}</p>;
  return (
    <ul className="account-list">
      {items.map((item) => (
        <RequestRow key={item.id} item={item} action={action?.(item)} />
      ))}
    </ul>
  );
}
