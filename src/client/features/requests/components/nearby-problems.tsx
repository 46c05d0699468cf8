import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequest } from '@/shared/georeport/types';
import { StatusBadge, detailedStatusesOf, headlineOf } from '../../../components/request';
import { ErrorNotice } from '../../../components/ui/error-notice';
import { LoadingNotice } from '../../../components/ui/loading-notice';
import { currentLanguage } from '../../../lib/i18n';
import { numberFormat } from '../../../lib/intl-formats';
import { NEARBY_RADIUS_METERS, useNearbyProblems } from '../api/get-nearby-problems';
import { nearestOthers } from '../lib/nearest';
import '../../../styles/feeds.css';

/** How many nearby reports the page lists: enough to spot the same problem, not a second map. */
export const MAX_NEARBY_PROBLEMS = 10;

/**
 * "Problems nearby", as FixMyStreet's report pages have it: the other published reports within
 * 500 m of this one, nearest first, each with its type, title, distance and status, linking to its
 * own page. Shown for a report with a point.
 */
export function NearbyProblems({ request, point }: { request: ServiceRequest; point: { lat: number; long: number } }) {
  const { t, i18n } = useTranslation('nearby');
  const locale = currentLanguage(i18n);
  const headingId = useId();
  const nearby = useNearbyProblems({ lat: point.lat, long: point.long, locale });
  const metres = numberFormat(locale, { style: 'unit', unit: 'meter', unitDisplay: 'short', maximumFractionDigits: 0 });
  const items = nearby.data ? nearestOthers(nearby.data, point, request.service_request_id, NEARBY_RADIUS_METERS, MAX_NEARBY_PROBLEMS) : [];

  return (
    <section className="nearby-problems request-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="request-section__title">
        {t('heading')}
      </h2>
      {nearby.isPending ? (
        <LoadingNotice message={t('loading')} />
      ) : nearby.isError ? (
        <ErrorNotice message={t('error')} retryLabel={t('retry')} onRetry={() => void nearby.refetch()} retrying={nearby.isFetching} />
      ) : items.length === 0 ? (
        <p>{t('none', { radius: NEARBY_RADIUS_METERS })}</p>
      ) : (
        <>
          <p>{t('lead', { radius: NEARBY_RADIUS_METERS })}</p>
          <ul className="nearby-problems__list">
            {items.map(({ request: other, distanceMeters }) => (
              <li key={other.service_request_id} className="nearby-problems__item">
                <Link className="nearby-problems__link" to={`/requests/${encodeURIComponent(other.service_request_id)}`}>
                  {headlineOf(other) || other.service_request_id}
                </Link>
                <span className="nearby-problems__meta">
                  {other.extended_attributes?.title?.trim() && other.service_name ? <span>{other.service_name}</span> : null}
                  <span className="nearby-problems__distance">{t('distance', { distance: metres.format(Math.round(distanceMeters)) })}</span>
                  <StatusBadge status={other.status} detailed={detailedStatusesOf(other)} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
