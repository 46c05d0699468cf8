import type { ServiceRequest } from '@/shared/georeport/types';
import { useFollowSupport } from '../../../api/get-follow-support';
import { RequestHistory } from '../../../components/request';
import { FollowRequest } from './follow-request';
import { ReportAbuse } from './report-abuse';

/**
 * Below a request's details: its dated history, and following it when the service offers that
 * (Kerro's own does; a city's Open311 does not) and the request is public, and its "Report abuse".
 */
export function RequestUpdates({ request, published }: { request: ServiceRequest; published: boolean | undefined }) {
  const followable = useFollowSupport() && published === true;
  return (
    <>
      <RequestHistory entries={request.extended_attributes?.history} agency={request.agency_responsible} />
      {followable ? <FollowRequest id={request.service_request_id} /> : null}
      {/* Kerro's own extensions come together: where following is offered, so is reporting abuse. */}
      {followable ? <ReportAbuse id={request.service_request_id} /> : null}
    </>
  );
}
