import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { currentLanguage } from '../../../lib/i18n';
import { NEARBY_RADIUS_METERS, type NearbyRequest } from '../api/get-nearby-requests';
import type { NearbyReports } from '../hooks/use-nearby-reports';
import { formatDate } from '../lib/format';
import { nearbyTitle } from '../lib/nearby-request';
import { trackPagePath } from '../lib/track-page';
import { NearbyActions } from './nearby-actions';

export interface NearbyRequestsProps {
  nearby: NearbyReports;
  /** The chosen type, '' before one is chosen (then every type is listed, each with its name). */
  serviceCode: string;
  serviceName: string | undefined;
}

/** When and where a report already made was made, and its type when the list holds every type. */
export function NearbyMeta({ request, withType }: { request: NearbyRequest; withType: boolean }) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const parts = [
    withType ? request.service_name : undefined,
    request.requested_datetime ? t('nearby.reportedOn', { date: formatDate(request.requested_datetime, locale) }) : undefined,
    request.address,
  ];
  return <span className="nearby__meta">{parts.filter(Boolean).join(' · ')}</span>;
}

/**
 * "Already reported?": the published open reports around the pin that the map above shows, as a
 * list (the keyboard's and screen reader's way to them), each with "Follow this one instead".
 */
export function NearbyRequests({ nearby, serviceCode, serviceName }: NearbyRequestsProps) {
  const { t } = useTranslation('report');
  const anyType = serviceCode === '';

  if (nearby.status === 'idle') return <p className="nearby__idle">{t('nearby.waiting')}</p>;
  if (nearby.status === 'loading') return <LoadingNotice message={t('nearby.loading')} />;
  // Not being able to check must not stop anyone from reporting.
  if (nearby.status === 'offline') return <p className="nearby__error">{t('nearby.offline')}</p>;
  if (nearby.status === 'failed') return <p className="nearby__error">{t('nearby.error')}</p>;
  const { requests } = nearby;
  if (requests.length === 0) {
    const none = anyType ? t('nearby.noneAny', { meters: NEARBY_RADIUS_METERS }) : t('nearby.none', { meters: NEARBY_RADIUS_METERS, type: serviceName ?? '' });
    return (
      <p className="nearby__none" role="status">
        {none}
      </p>
    );
  }
  const found = anyType ? t('nearby.foundAny', { count: requests.length, meters: NEARBY_RADIUS_METERS }) : t('nearby.found', { count: requests.length, meters: NEARBY_RADIUS_METERS });
  return (
    <div className="nearby">
      <p role="status">{found}</p>
      <ul className="nearby__list">
        {requests.map((request) => {
          const title = nearbyTitle(request);
          return (
            <li key={request.service_request_id} className="nearby__item">
              <Link to={trackPagePath(request.service_request_id)} className="nearby__link">
                {title}
              </Link>
              <NearbyMeta request={request} withType={anyType} />
              <NearbyActions id={request.service_request_id} title={title} />
            </li>
          );
        })}
      </ul>
      <p className="nearby__advice">{t('nearby.advice')}</p>
    </div>
  );
}
