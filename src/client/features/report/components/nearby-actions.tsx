import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFollowSupport } from '../../../api/get-follow-support';
import '../../../styles/nearby-follow.css';
import { trackPagePath } from '../lib/track-page';

/**
 * What a resident can do with a report already made instead of making another: follow it, or
 * tell that it is still there with their own photo (the request page's "Add an update", opened
 * by #add-update). Both need Kerro's own service behind the proxy; a city's Open311 has neither.
 */
export function NearbyActions({ id, title }: { id: string; title: string }) {
  const { t } = useTranslation('report');
  const canFollow = useFollowSupport();
  if (!canFollow) return null;
  return (
    <span className="nearby__actions">
      <Link to={`${trackPagePath(id)}#follow`} className="nearby__follow">
        {t('nearby.followInstead')}
        <span className="visually-hidden">: {title}</span>
      </Link>
      <Link to={`${trackPagePath(id)}#add-update`} className="nearby__update">
        {t('nearby.addUpdate')}
        <span className="visually-hidden">: {title}</span>
      </Link>
    </span>
  );
}
