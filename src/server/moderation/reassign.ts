/**
 * A moderator who moves a report or files it under another type may make another body
 * responsible for it: the same rule as for a new report (bodies/assign.ts), applied inside the
 * change's transaction to the request as it is there.
 */
import { assignBody, bodyName } from '../bodies/assign';
import type { BodyAtPoint, ModerationSnapshot, RequestFieldChanges } from '../storage/repositories/types';
import { conflict, ModerationApiError } from './errors';

/** The bodies covering the point a change leaves the request at. Absent: no bodies configured, or no point. */
export interface PlaceBodies {
  point: { lat: number; long: number };
  bodies: readonly BodyAtPoint[];
}

/**
 * The body fields a change sets: none when the body stays, the new body and its name in the
 * request's language when it moves; refused (400) where no body would handle it. `field` is the
 * input the refusal is about.
 */
export function bodyChange(
  current: ModerationSnapshot,
  serviceCode: string,
  place: PlaceBodies | undefined,
  field: 'lat' | 'service_code',
): Pick<RequestFieldChanges, 'body_id' | 'agency_responsible'> {
  if (!place) return {};
  const assignment = assignBody(place.bodies, serviceCode);
  if ('problem' in assignment) {
    const { lat, long } = place.point;
    const [message, code] =
      assignment.problem === 'outside'
        ? ([`no body handles reports at lat ${lat}, long ${long}; choose a place inside a body's area`, 'outside_every_area'] as const)
        : ([
            `${bodyName(assignment.body, 'en')} (${assignment.body.jurisdiction_id}) does not handle service type ${serviceCode} at lat ${lat}, long ${long}; choose a type it handles or another place`,
            'type_not_handled_here',
          ] as const);
    throw new ModerationApiError(400, 'invalid_input', message, { fields: [{ field, message, code }] });
  }
  if (assignment.body.id === current.body_id) return {};
  return { body_id: assignment.body.id, agency_responsible: bodyName(assignment.body, current.locale) };
}

/** A type change decided on the request's point as read before the change: refused if it moved meanwhile. */
export function samePlace(current: ModerationSnapshot, place: PlaceBodies | undefined): void {
  if (place && (current.lat !== place.point.lat || current.long !== place.point.long)) {
    throw conflict('the report was moved while its type was being changed; look at it again and retry');
  }
}
