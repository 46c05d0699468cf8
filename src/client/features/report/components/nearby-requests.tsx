import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFollowSupport } from '../../../api/get-follow-support';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import '../../../styles/nearby-follow.css';
import { currentLanguage } from '../../../lib/i18n';
import { NEARBY_RADIUS_METERS, useNearbyRequests } from '../api/get-nearby-requests';
import { excerpt, formatDate } from '../lib/format';
import type { LatLong } from '../lib/place';

export interface NearbyRequestsProps {
  serviceCode: string;
  serviceName: string | undefined;
  position: LatLong | undefined;
}

/** The track page of a request (built by the requests feature). */
export const trackPagePath = (id: string) => `/requests/${encodeURIComponent(id)}`;

/** "Already reported?": published open requests of the same type within about 100 m. */
export function NearbyRequests({ serviceCode, serviceName, position }: NearbyRequestsProps) {
  const { t, i18n } = useTranslation('report');
  const locale = currentLanguage(i18n);
  const ready = serviceCode !== '' && position !== undefined;
  const nearby = useNearbyRequests(ready ? { serviceCode, lat: position.lat, long: position.long, locale } : undefined);
  const canFollow = useFollowSupport();

  if (!ready) return <p className="nearby__idle">{t('nearby.waiting')}</p>;
  if (nearby.isPending) return <LoadingNotice message={t('nearby.loading')} />;
  // Not being able to check must not stop anyone from reporting.
  if (nearby.isError) return <p className="nearby__error">{t('nearby.error')}</p>;
  if (nearby.data.length === 0) {
    return <p className="nearby__none" role="status">{t('nearby.none', { meters: NEARBY_RADIUS_METERS, type: serviceName ?? '' })}</p>;
  }
  return (
    <div className="nearby">
      <p role="status">{t('nearby.found', { count: nearby.data.length, meters: NEARBY_RADIUS_METERS })}</p>
      <ul className="nearby__list">
        {nearby.data.map((request) => {
          const title = request.extended_attributes?.title?.trim() || excerpt(request.description, 80) || request.service_name;
          return (
            <li key={request.service_request_id} className="nearby__item">
              <Link to={trackPagePath(request.service_request_id)} className="nearby__link">
                {title}
              </Link>
              <span className="nearby__meta">
                {[request.requested_datetime ? t('nearby.reportedOn', { date: formatDate(request.requested_datetime, locale) }) : undefined, request.address]
                  .filter(Boolean)
                  .join(' · ')}
              </span>
              {canFollow ? (
                <Link to={`${trackPagePath(request.service_request_id)}#follow`} className="nearby__follow">
                  {t('nearby.followInstead')}
                  <span className="visually-hidden">: {title}</span>
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="nearby__advice">{t('nearby.advice')}</p>
    </div>
  );
}
