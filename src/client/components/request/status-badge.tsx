import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '../../../shared/georeport/detailed-status';
import { baseStatusOf } from './request-fields';

type BadgeLook = RequestStatus | 'rejected';

/** A hollow ring for open, a tick for closed, a cross for rejected: the shape tells what the colour tells. */
function StatusIcon({ look }: { look: BadgeLook }) {
  return (
    <svg className="status-badge__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      {look === 'closed' ? (
        <path d="M3 8.5l3.2 3.2L13 4.8" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
      ) : look === 'rejected' ? (
        <path d="M4.5 4.5l7 7M11.5 4.5l-7 7" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
      ) : (
        <circle cx="8" cy="8" r="5" fill="none" stroke="currentColor" strokeWidth="2.4" />
      )}
    </svg>
  );
}

/**
 * open/closed as a word with an icon; screen readers hear "Status: Open". A request closed by
 * rejecting it keeps the word "Closed" (the detailed status beside it says "Rejected") but not
 * the green tick of a resolved one.
 */
export function StatusBadge({ status: requestStatus, detailed = [] }: { status: RequestStatus; detailed?: readonly string[] }) {
  const { t } = useTranslation('requests');
  const look: BadgeLook = requestStatus === 'closed' && baseStatusOf(detailed) === 'REJECTED' ? 'rejected' : requestStatus;
  return (
    <span className={`status-badge status-badge--${look}`}>
      <StatusIcon look={look} />
      <span className="visually-hidden">{t('status.label')}: </span>
      {t(`status.${requestStatus}`)}
    </span>
  );
}
