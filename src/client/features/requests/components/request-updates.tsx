import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@/shared/georeport/types';
import { useFollowSupport } from '../../../api/get-follow-support';
import { requestFeedPath } from '@/shared/feeds';
import { RequestHistory, coordinatesOf } from '../../../components/request';
import { FeedLink } from '../../../components/ui/feed-link';
import { FollowRequest } from './follow-request';
import { NearbyProblems } from './nearby-problems';
import { ReportAbuse } from './report-abuse';
import { ResidentUpdateForm } from './resident-update-form';

/**
 * Below a request's details: its dated history, then its feed, a resident's update and following
 * it when the service offers those (Kerro's own does, its feeds come from its own store; a city's
 * Open311 does not) and the request is public, and its "Report abuse"; then the published problems
 * nearby.
 */
export function RequestUpdates({ request, published }: { request: ServiceRequest; published: boolean | undefined }) {
  const { t } = useTranslation('nearby');
  const followable = useFollowSupport() && published === true;
  const point = coordinatesOf(request);
  return (
    <>
      <RequestHistory entries={request.extended_attributes?.history} agency={request.agency_responsible} />
      {followable ? <FeedLink href={requestFeedPath(request.service_request_id)} label={t('feed')} className="request-feed-link" /> : null}
      {followable ? <ResidentUpdateForm id={request.service_request_id} /> : null}
      {followable ? <FollowRequest id={request.service_request_id} /> : null}
      {/* Kerro's own extensions come together: where following is offered, so is reporting abuse. */}
      {followable ? <ReportAbuse id={request.service_request_id} /> : null}
      {published === true && point ? <NearbyProblems request={request} point={point} /> : null}
    </>
  );
}
