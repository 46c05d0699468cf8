import { useTranslation } from 'react-i18next';
import type { ServiceRequest } from '@/shared/georeport/types';
import { coordinatesOf } from '../../../components/request';
import { FollowRequest } from './follow-request';
import { NearbyProblems } from './nearby-problems';
import { ReportAbuse } from './report-abuse';
import { ResidentUpdateForm } from './resident-update-form';

/**
 * Below a published request's history: what a resident can do with it (add an update, follow it,
 * report abuse: where the service offers following) and the published problems nearby. A chunk of
 * its own (request-updates.tsx loads it lazily): none of it is needed to show the request, and its
 * forms' code and texts would otherwise share a phone's connection with what is.
 */
export default function RequestParticipation({ request, followable }: { request: ServiceRequest; followable: boolean }) {
  const id = request.service_request_id;
  const point = coordinatesOf(request);
  // The forms' namespaces come after the page (app/router.tsx's `later`): until they are here,
  // nothing, rather than keys that would then change length. Without the forms (a city's Open311
  // offers no following), the nearby list need not wait for them.
  const { ready } = useTranslation(['resident-updates', 'abuse']);
  if (followable && !ready) return null;
  return (
    <>
      {followable ? <ResidentUpdateForm id={id} /> : null}
      {followable ? <FollowRequest id={id} /> : null}
      {/* Kerro's own extensions come together: where following is offered, so is reporting abuse. */}
      {followable ? <ReportAbuse id={id} /> : null}
      {point ? <NearbyProblems request={request} point={point} /> : null}
    </>
  );
}
