import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequest } from '@/shared/georeport/types';

/** Why the text is gone, when the service said which reason; a rejection before the reasons' list says either. */
const withheldBody = (reason: string | undefined) =>
  reason === 'personal_data' ? 'withheld.body_personal_data' : reason === 'abusive' ? 'withheld.body_abusive' : 'withheld.body';

/**
 * For a request whose page no longer shows it as it was: a duplicate points to its original; a
 * report a moderator rejected for its content says why its text, photos and place are gone.
 * Nothing for any other request.
 */
export function ReplacedNotice({ request }: { request: ServiceRequest }) {
  const { t } = useTranslation('requests');
  const originalId = request.extended_attributes?.duplicate_of;
  if (originalId) {
    return (
      <div className="notice notice--moderation notice--moderation-unpublished" data-testid="duplicate-notice">
        <p className="notice__title">{t('duplicate.title')}</p>
        <p>{t('duplicate.body')}</p>
        <p>
          <Link to={`/requests/${encodeURIComponent(originalId)}`}>{t('duplicate.link')}</Link>
        </p>
      </div>
    );
  }
  if (request.extended_attributes?.content_withheld) {
    return (
      <div className="notice notice--moderation notice--moderation-unpublished" data-testid="withheld-notice">
        <p className="notice__title">{t('withheld.title')}</p>
        <p>{t(withheldBody(request.extended_attributes.reject_reason))}</p>
      </div>
    );
  }
  return null;
}
