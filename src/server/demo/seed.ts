/**
 * Demo data for a fresh Kerro: Helsinki's ten service types (fi/sv/en), the capital region's four
 * bodies (Helsinki, Espoo, Vantaa, Kauniainen: demo/bodies.ts), about forty service objects
 * (parks, playgrounds, public toilets, sports fields) and about fifty published reports from the
 * last 90 days in all four, each given to its body as a new report is, so the map and lists have
 * something to show on first start.
 *
 * Runs only when the store has no service types yet, so it never touches a running system.
 * Start with DEMO_DATA=false to begin with an empty store (then add service types yourself).
 *
 * Content is fixed (seeded PRNG); only the request ids and the time base (`now`) vary.
 */
import { randomUUID } from 'node:crypto';
import type { Config } from '../config';
import { assignBody, bodyName } from '../bodies/assign';
import { newServiceRequestId } from '../georeport/ids';
import type { BodyRepository, NewServiceRequest, Repositories, ServiceObjectRecord } from '../storage/repositories/types';
import { demoBodies } from './bodies';
import { seededRandom } from './random';
import { demoRequestTexts, demoStatusPlans, type DemoStatusPlan } from './request-texts';
import { demoServiceObjects } from './service-objects';
import { demoServiceTypes } from './service-types';

export interface SeedOptions {
  config: Pick<Config, 'SERVICE_OBJECT_TYPE'>;
  /** Epoch milliseconds; requests are spread over the 90 days before it. */
  now: number;
}

export interface SeedResult {
  seeded: boolean;
  serviceTypes: number;
  bodies: number;
  serviceObjects: number;
  serviceRequests: number;
}

const day = 24 * 60 * 60 * 1000;
const oldestAgeDays = 89.5;
const demoSeed = 20240601;

export async function seedDemoData(repositories: Repositories, options: SeedOptions): Promise<SeedResult> {
  const notSeeded = { seeded: false, serviceTypes: 0, bodies: 0, serviceObjects: 0, serviceRequests: 0 };
  if ((await repositories.serviceTypes.count()) > 0) return notSeeded;
  // Instances starting together on one new database: only the one whose claim is stored seeds.
  const claim = randomUUID();
  if ((await repositories.settings.putIfAbsent('demo_data_claimed_by', claim)) !== claim) return notSeeded;
  for (const serviceType of demoServiceTypes) await repositories.serviceTypes.upsert(serviceType);
  // Bodies an operator imported before the first start are kept; the demo requests go to them.
  const bodies = (await repositories.bodies.count()) === 0 ? demoBodies() : [];
  if (bodies.length > 0) await repositories.bodies.importAll(bodies);
  const objects = demoServiceObjects(options.config.SERVICE_OBJECT_TYPE);
  await repositories.serviceObjects.upsertMany(objects);
  const requests = await toTheirBodies(demoServiceRequests(objects, options.now), repositories.bodies);
  await repositories.serviceRequests.createMany(requests);
  return { seeded: true, serviceTypes: demoServiceTypes.length, bodies: bodies.length, serviceObjects: objects.length, serviceRequests: requests.length };
}

/** Each request to the body that handles its type at its point, named in its language, as a new report is. */
async function toTheirBodies(requests: NewServiceRequest[], bodies: BodyRepository): Promise<NewServiceRequest[]> {
  const assigned: NewServiceRequest[] = [];
  for (const request of requests) {
    const assignment = assignBody(await bodies.at(request.lat!, request.long!), request.service_code);
    assigned.push(
      'body' in assignment
        ? { ...request, body_id: assignment.body.id, agency_responsible: bodyName(assignment.body, request.locale) }
        : request,
    );
  }
  return assigned;
}

export function demoServiceRequests(objects: readonly ServiceObjectRecord[], now: number): NewServiceRequest[] {
  const random = seededRandom(demoSeed);
  const objectsById = new Map(objects.map((object) => [object.service_object_id, object]));
  return demoRequestTexts.map((text) => {
    // Skewed towards recent days, as a live service has more fresh reports than old open ones.
    const ageDays = 0.1 + random() ** 1.5 * (oldestAgeDays - 0.1);
    const requestedAt = wholeSecond(now - ageDays * day);
    const plan = pickStatus(ageDays, random);
    const handled = plan.detailed[0] !== 'RECEIVED';
    // Handled some hours to a few weeks after the report, never after `now`.
    const updatedAt = handled
      ? Math.min(wholeSecond(requestedAt + (0.1 + random() * 0.8) * Math.min(ageDays, 20) * day), wholeSecond(now))
      : requestedAt;

    let place: { lat: number; long: number; address: string; object?: ServiceObjectRecord };
    if (typeof text.at === 'string') {
      const object = objectsById.get(text.at);
      if (!object) throw new Error(`Demo request "${text.title}" names unknown service object ${text.at}`);
      place = { lat: object.lat, long: object.long, address: object.address, object };
    } else {
      // A few tens of metres of scatter, so repeated demo spots don't look stacked.
      place = {
        lat: round6(text.at.lat + (random() - 0.5) * 0.0006),
        long: round6(text.at.long + (random() - 0.5) * 0.0012),
        address: text.at.address,
      };
    }

    return {
      service_request_id: newServiceRequestId(),
      service_code: text.code,
      title: text.title,
      description: text.description,
      lat: place.lat,
      long: place.long,
      address_string: place.address,
      address_id: null,
      zip_code: null,
      service_object_type: place.object?.service_object_type ?? null,
      service_object_id: place.object?.service_object_id ?? null,
      email: null,
      first_name: null,
      last_name: null,
      phone: null,
      device_id: null,
      account_id: null,
      locale: text.locale,
      detailed_status: [...plan.detailed],
      status_notes: plan.notes ? plan.notes[text.locale] : '',
      // Set by toTheirBodies: the name of the body the request goes to.
      agency_responsible: '',
      service_notice: '',
      moderation: 'published',
      external_media_url: null,
      attributes: {},
      requested_at: requestedAt,
      updated_at: updatedAt,
      expected_at: plan.detailed.includes('PUBLIC_WORKS_IN_PROGRESS') ? wholeSecond(updatedAt + 14 * day) : null,
      media: [],
    } satisfies NewServiceRequest;
  });
}

/** Fresh reports are mostly untouched; older ones are mostly done, as in a real city. */
function pickStatus(ageDays: number, random: () => number): DemoStatusPlan {
  const weights: Record<string, number> =
    ageDays < 2
      ? { RECEIVED: 3, IN_PROCESS: 1 }
      : {
          RECEIVED: ageDays < 10 ? 4 : 0.3,
          IN_PROCESS: 2,
          'IN_PROCESS,PUBLIC_WORKS_NEW': 1,
          'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS': 2,
          PROCESSED: ageDays > 30 ? 4 : 2,
          'PROCESSED,PUBLIC_WORKS_COMPLETED': ageDays > 30 ? 6 : 3,
          'PROCESSED,PUBLIC_WORKS_COMPLETED_SCHEDULED_LATER': 1,
          'PROCESSED,PUBLIC_WORKS_COMPLETED_REQUIRES_NO_ACTION': 1,
          REJECTED: 0.5,
        };
  const candidates = demoStatusPlans.filter((plan) => (weights[plan.detailed.join(',')] ?? 0) > 0);
  const total = candidates.reduce((sum, plan) => sum + weights[plan.detailed.join(',')]!, 0);
  let pick = random() * total;
  for (const plan of candidates) {
    pick -= weights[plan.detailed.join(',')]!;
    if (pick < 0) return plan;
  }
  return candidates[candidates.length - 1]!;
}

function wholeSecond(epochMs: number): number {
  return Math.floor(epochMs / 1000) * 1000;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
