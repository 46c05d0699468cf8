/**
 * Which body a new request goes to, by its point and service type (the rule: bodies/assign.ts),
 * and what a client is told when none can take it. With no bodies stored, none is assigned and
 * `agency_responsible` stays empty, as before bodies existed.
 */
import { assignBody, bodyName } from '../bodies/assign';
import { forwardOf } from '../forwarding/forward-decision';
import { outsideEveryArea, typeNotHandledHere } from '../../shared/georeport/problems';
import { badRequest } from '../open311/errors';
import type { BodyRepository, ForwardOrder } from '../storage/repositories/types';
import type { JurisdictionScope, Jurisdictions } from './jurisdiction';

export interface BodyAssignment {
  body_id: string | null;
  agency_responsible: string;
  /** The forward job queued with the report: its body takes reports before moderation (`"premoderation": false`). */
  forward: ForwardOrder | undefined;
}

export interface AssignmentAsk {
  /** Always known by now (the schema, or the service object's point); typed loosely as the form is. */
  lat: number | undefined;
  long: number | undefined;
  serviceCode: string;
  /** The type's name in the request's locale, for what the client is told. */
  serviceName: string;
  locale: string;
  /** The jurisdiction_id the form sent, if it named a body: the body at the point must be that one. */
  scope: JurisdictionScope;
}

const typeOf = ({ serviceCode, serviceName }: AssignmentAsk) => `service_code ${serviceCode} (${serviceName})`;

export async function assignRequestBody(
  { jurisdictions, bodies }: { jurisdictions: Jurisdictions; bodies: BodyRepository },
  ask: AssignmentAsk,
): Promise<BodyAssignment> {
  if ((await jurisdictions.snapshot()).bodies.size === 0) return { body_id: null, agency_responsible: '', forward: undefined };
  const { lat, long } = ask;
  if (lat === undefined || long === undefined) throw badRequest('lat and long are required to find the body that handles the report');
  const assignment = assignBody(await bodies.at(lat, long), ask.serviceCode);
  if ('problem' in assignment) {
    if (assignment.problem === 'outside') {
      throw badRequest(outsideEveryArea.text({ value: lat, rest: long }));
    }
    const named = assignment.body;
    throw badRequest(
      typeNotHandledHere.text({ value: typeOf(ask), rest: `${bodyName(named, ask.locale)} (jurisdiction_id ${named.jurisdiction_id})`, format: named.jurisdiction_id }),
    );
  }
  const { body } = assignment;
  const wanted = ask.scope.body;
  if (wanted && wanted.id !== body.id) {
    throw badRequest(
      `${typeOf(ask)} at this location is handled by ${bodyName(body, ask.locale)} (jurisdiction_id ${body.jurisdiction_id}), not by jurisdiction_id ${wanted.jurisdiction_id}; send jurisdiction_id ${body.jurisdiction_id}, or none`,
    );
  }
  return { body_id: body.id, agency_responsible: bodyName(body, ask.locale), forward: forwardOf(body, 'created') };
}
