import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NearbyRequest } from '../api/get-nearby-requests';
import { nearbyTitle } from '../lib/nearby-request';
import { trackPagePath } from '../lib/track-page';
import { NearbyActions } from './nearby-actions';
import { NearbyMeta } from './nearby-requests';

export interface NearbyChoiceProps {
  request: NearbyRequest;
  anyType: boolean;
  onClose: () => void;
}

/** The report already made that was chosen on the map, under it: what it is, and follow or update it. */
export function NearbyChoice({ request, anyType, onClose }: NearbyChoiceProps) {
  const { t } = useTranslation('report');
  const title = nearbyTitle(request);
  return (
    <div className="nearby__item nearby-choice">
      <p className="nearby-choice__lead">{t('nearby.chosenLead')}</p>
      <Link to={trackPagePath(request.service_request_id)} className="nearby__link">
        {title}
      </Link>
      <NearbyMeta request={request} withType={anyType} />
      <NearbyActions id={request.service_request_id} title={title} />
      <button type="button" className="link-button nearby-choice__close" onClick={onClose}>
        {t('nearby.closeChosen')}
      </button>
    </div>
  );
}
