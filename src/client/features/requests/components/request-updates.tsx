import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@/shared/georeport/types';
import { useFollowSupport } from '../../../api/get-follow-support';
import { requestFeedPath } from '@/shared/feeds';
import { RequestHistory } from '../../../components/request';
import { FeedLink } from '../../../components/ui/feed-link';

const RequestParticipation = lazy(() => import('./request-participation'));

/**
 * Below a request's details: its dated history, then its feed, a resident's update and following
 * it when the service offers those (Kerro's own does, its feeds come from its own store; a city's
 * Open311 does not) and the request is public, and its "Report abuse"; then the published problems
 * nearby. What follows the feed comes in a chunk of its own (request-participation.tsx).
 */
export function RequestUpdates({ request, published }: { request: ServiceRequest; published: boolean | undefined }) {
  const { t } = useTranslation('nearby');
  const followable = useFollowSupport() && published === true;
  return (
    <>
      <RequestHistory entries={request.extended_attributes?.history} agency={request.agency_responsible} />
      {followable ? <FeedLink href={requestFeedPath(request.service_request_id)} label={t('feed')} className="request-feed-link" /> : null}
      {/* Last on the page, so nothing above moves when its chunk arrives. */}
      {published === true ? (
        <Suspense fallback={null}>
          <RequestParticipation request={request} followable={followable} />
        </Suspense>
      ) : null}
    </>
  );
}
