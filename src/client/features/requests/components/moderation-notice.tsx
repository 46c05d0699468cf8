import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@/shared/georeport/detailed-status';

/**
 * For a request the public listing does not hold: while open it is waiting for a moderator;
 * once closed without being published (rejected), it will not become public.
 */
export function ModerationNotice({ status: requestStatus }: { status: RequestStatus }) {
  const { t } = useTranslation('requests');
  const waiting = requestStatus === 'open';
  return (
    <div className={`notice notice--moderation notice--moderation-${waiting ? 'waiting' : 'unpublished'}`}>
      <p className="notice__title">{waiting ? t('moderation.waitingTitle') : t('moderation.notPublishedTitle')}</p>
      <p>{waiting ? t('moderation.waitingBody') : t('moderation.notPublishedBody')}</p>
    </div>
  );
}
