import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '../../../shared/georeport/detailed-status';

/** A hollow ring for open, a tick for closed: the shape tells what the colour tells. */
function StatusIcon({ status: requestStatus }: { status: RequestStatus }) {
  return (
    <svg className="status-badge__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {requestStatus === 'closed' ? (
        <path d="M3 8.5l3.2 3.2L13 4.8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : (
        <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      )}
    </svg>
  );
}

/** open/closed as a word with an icon; screen readers hear "Status: Open". */
export function StatusBadge({ status: requestStatus }: { status: RequestStatus }) {
  const { t } = useTranslation('requests');
  return (
    <span className={`status-badge status-badge--${requestStatus}`}>
      <StatusIcon status={requestStatus} />
      <span className="visually-hidden">{t('status.label')}: </span>
      {t(`status.${requestStatus}`)}
    </span>
  );
}
