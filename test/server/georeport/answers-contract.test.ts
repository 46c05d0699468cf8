/**
 * Real answers of GET requests.json and requests/{id}.json against the shared wire type, at run
 * time: the presenter is typed with ServiceRequest (the compiler's half), and this holds what
 * actually goes out to it, field by field (serviceRequestSchema is strict: no extra fields).
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceRequestSchema } from '../../../src/shared/georeport/service-request-schema';
import { addKaivopuistoPark, createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, urlencoded, validReport } from './form';

let t: TestApp;
const ids: string[] = [];

const create = async (request: ReturnType<typeof urlencoded>) => {
  const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...request });
  expect(response.statusCode, response.body).toBe(200);
  const id = (response.json() as { service_request_id: string }[])[0]!.service_request_id;
  await publish(t, id);
  ids.push(id);
  return id;
};

beforeAll(async () => {
  t = await createTestApp();
  await addKaivopuistoPark(t);
  // The shapes a request can take: bare; with title, address and contact; on a service object
  // without coordinates; with an uploaded photo and a linked one.
  await create(urlencoded({ ...validReport, api_key: t.apiKey }));
  await create(urlencoded({ ...validReport, api_key: t.apiKey, title: 'Pothole', address_string: 'Koulukatu 1', email: 'a@example.org', first_name: 'Maija' }));
  await create(
    urlencoded({
      service_code: '198',
      description: 'The sign by the park entrance is bent.',
      service_object_type: t.config.SERVICE_OBJECT_TYPE,
      service_object_id: 'park-1',
      api_key: t.apiKey,
    }),
  );
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#204080' } }).png().toBuffer();
  const withPhotos = await multipartBody({ ...validReport, api_key: t.apiKey, media_url: 'https://example.org/photo.jpg' }, [
    { fileName: 'a.png', type: 'image/png', data: png },
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...withPhotos });
  expect(response.statusCode, response.body).toBe(200);
  const photoId = (response.json() as { service_request_id: string }[])[0]!.service_request_id;
  await publish(t, photoId);
  ids.push(photoId);
  // A request a moderator has moved on, with notes and a public works status.
  await t.sql.run(
    "UPDATE service_requests SET detailed_status = 'PROCESSED,PUBLIC_WORKS_COMPLETED', status = 'closed', status_notes = 'Fixed.' WHERE service_request_id = ?",
    ids[0]!,
  );
});
afterAll(() => t.close());

const answerOf = async (url: string): Promise<unknown[]> => {
  const response = await t.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown[];
};

/** Every entry parsed with the shared schema; the failures say which field broke the contract. */
function expectServiceRequests(answer: unknown[]) {
  for (const entry of answer) {
    const parsed = serviceRequestSchema.safeParse(entry);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
  }
}

describe('GeoReport answers keep the shared ServiceRequest type', () => {
  it('GET requests.json, with and without extensions', async () => {
    for (const query of ['', '?extensions=true', '?extensions=true&locale=fi']) {
      const answer = await answerOf(`/open311/v1/requests.json${query}`);
      expect(answer.map((entry) => (entry as { service_request_id: string }).service_request_id).sort()).toEqual([...ids].sort());
      expectServiceRequests(answer);
    }
    const extended = (await answerOf('/open311/v1/requests.json?extensions=true')) as { extended_attributes?: unknown }[];
    expect(extended.every((entry) => entry.extended_attributes !== undefined)).toBe(true);
  });

  it('GET requests/{id}.json of each shape, with extensions', async () => {
    for (const id of ids) {
      const answer = await answerOf(`/open311/v1/requests/${id}.json?extensions=true`);
      expect(answer).toHaveLength(1);
      expectServiceRequests(answer);
    }
    const [photo] = (await answerOf(`/open311/v1/requests/${ids[3]}.json?extensions=true`)) as { media_url: string; extended_attributes: { media_urls: string[] } }[];
    expect(photo!.extended_attributes.media_urls).toHaveLength(2);
    expect(photo!.media_url).toBe('https://example.org/photo.jpg');
  });

  it('refuses what the type does not allow (the schema is strict)', () => {
    const [valid] = [
      {
        service_request_id: 'x',
        status_notes: '',
        status: 'open',
        service_code: '171',
        service_name: 'Potholes',
        description: 'd',
        agency_responsible: '',
        service_notice: '',
        requested_datetime: '2026-11-20T14:00:00+02:00',
        updated_datetime: '2026-11-20T14:00:00+02:00',
        address: '',
        address_id: '',
        zip_code: '',
      },
    ];
    expect(serviceRequestSchema.safeParse(valid).success).toBe(true);
    expect(serviceRequestSchema.safeParse({ ...valid, email: 'a@example.org' }).success).toBe(false);
    expect(serviceRequestSchema.safeParse({ ...valid, lat: 60.17 }).success).toBe(false);
    expect(serviceRequestSchema.safeParse({ ...valid, requested_datetime: '2026-11-20 14:00' }).success).toBe(false);
    expect(serviceRequestSchema.safeParse({ ...valid, status: 'pending' }).success).toBe(false);
  });
});
