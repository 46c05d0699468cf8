import type { ServiceRequest } from '@/shared/georeport/types';
import { useFollowSupport } from '../../../api/get-follow-support';
import { RequestHistory } from '../../../components/request';
import { FollowRequest } from './follow-request';
import { ResidentUpdateForm } from './resident-update-form';

/**
 * Below a request's details: its dated history, then a resident's update and following it when the
 * service offers those (Kerro's own does; a city's Open311 does not) and the request is public.
 */
export function RequestUpdates({ request, published }: { request: ServiceRequest; published: boolean | undefined }) {
  const followable = useFollowSupport() && published === true;
  return (
    <>
      <RequestHistory entries={request.extended_attributes?.history} agency={request.agency_responsible} />
      {followable ? <ResidentUpdateForm id={request.service_request_id} /> : null}
      {followable ? <FollowRequest id={request.service_request_id} /> : null}
    </>
  );
}
