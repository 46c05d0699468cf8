import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ServiceRequest } from '@/shared/georeport/types';
import { DateTime, DetailedStatusText, StatusBadge, coordinatesOf, detailedStatusesOf, headlineOf } from '../../../components/request';
import { Button } from '../../../components/ui/button';

export interface RequestListProps {
  requests: readonly ServiceRequest[];
  onShowOnMap: (request: ServiceRequest) => void;
  pageSize?: number;
}

/**
 * The list alternative to the map: every request of the filters, newest first, a page at a time,
 * with everything the map's markers and panel tell, for screen readers and keyboard users.
 */
export function RequestList({ requests, onShowOnMap, pageSize = 25 }: RequestListProps) {
  const { t } = useTranslation('map');
  const [shown, setShown] = useState(pageSize);
  if (requests.length === 0) return <p className="map-list__empty">{t('list.noRequests')}</p>;
  const visible = requests.slice(0, shown);
  return (
    <>
      <ol className="map-list map-list--requests">
        {visible.map((request) => {
          const coordinates = coordinatesOf(request);
          const title = headlineOf(request) || t('panel.untitled');
          return (
            <li key={request.service_request_id} className="map-list__item" data-request-id={request.service_request_id}>
              <h3 className="map-list__title">
                <Link to={`/requests/${encodeURIComponent(request.service_request_id)}`}>{title}</Link>
              </h3>
              {request.extended_attributes?.title && request.service_name ? (
                <p className="map-list__service">{request.service_name}</p>
              ) : null}
              <p className="map-list__status">
                <StatusBadge status={request.status} detailed={detailedStatusesOf(request)} /> <DetailedStatusText values={detailedStatusesOf(request)} />
              </p>
              <p className="map-list__meta">
                <DateTime value={request.requested_datetime} />
                {request.address ? <span> · {request.address}</span> : null}
              </p>
              {coordinates ? (
                <Button variant="secondary" className="map-list__show" onClick={() => onShowOnMap(request)}>
                  {t('list.showOnMap')}
                  <span className="visually-hidden">: {title}</span>
                </Button>
              ) : (
                <p className="map-list__meta">{t('list.noLocation')}</p>
              )}
            </li>
          );
        })}
      </ol>
      <p className="map-list__count" role="status">
        {t('list.showing', { shown: visible.length, total: requests.length })}
      </p>
      {shown < requests.length ? (
        <Button variant="secondary" onClick={() => setShown((count) => count + pageSize)}>
          {t('list.more', { count: Math.min(pageSize, requests.length - shown) })}
        </Button>
      ) : null}
    </>
  );
}
