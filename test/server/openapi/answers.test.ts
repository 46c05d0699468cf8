import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoCounters } from '../../../src/server/counters/demo-data';
import { demoSources, generateDemoObservations } from '../../../src/server/observations/demo-data';
import { createTestApp, publish, startTime, type TestApp } from '../../helpers/georeport-app';
import { urlencoded, validReport } from '../georeport/form';
import { answerChecker, type OpenApiDocument } from './document-check';

/** Real answers of every documented endpoint, held to the OpenAPI document the app serves. */
let t: TestApp;
let document: OpenApiDocument;
let check: ReturnType<typeof answerChecker>;
let requestId = '';
let counterId = 0;

beforeAll(async () => {
  // Listening: the proxy reaches the embedded services over HTTP.
  t = await createTestApp({}, { listen: true });
  document = (await t.app.inject('/api/schema/')).json();
  check = answerChecker(document);
  const created = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...validReport, api_key: t.apiKey }) });
  check('POST', '/open311/v1/requests.{format}', created);
  requestId = (created.json() as { service_request_id: string }[])[0]!.service_request_id;
  await publish(t, requestId);
  await t.repositories.counters.upsertMany(generateDemoCounters(startTime, 5));
  counterId = (await t.repositories.counters.listMatching({}, 0, 1))[0]!.id;
  const counters = await t.repositories.counters.listMatching({}, 0, 2);
  await t.repositories.observations.upsertMany(generateDemoObservations(counters, startTime, t.config.TZ_NAME).slice(0, 5000));
  await t.repositories.observations.upsertSources(demoSources);
}, 30_000);

afterAll(() => t?.close());

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document, the same at /api/schema/ and /schema/', async () => {
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect((await t.app.inject('/schema/')).json()).toEqual(document);
  });
});

describe('GeoReport answers match the document', () => {
  const get = (url: string) => t.app.inject(url);

  it('discovery, services, a service definition, requests and one request, in JSON and XML', async () => {
    for (const format of ['json', 'xml'] as const) {
      const type = format === 'json' ? 'application/json' : 'text/xml';
      check('GET', '/open311/v1/discovery.{format}', await get(`/open311/v1/discovery.${format}`), type);
      check('GET', '/open311/v1/services.{format}', await get(`/open311/v1/services.${format}?locale=fi`), type);
      check('GET', '/open311/v1/services/{service_code}.{format}', await get(`/open311/v1/services/900.${format}`), type);
      check('GET', '/open311/v1/requests.{format}', await get(`/open311/v1/requests.${format}?extensions=true`), type);
      check('GET', '/open311/v1/requests/{service_request_id}.{format}', await get(`/open311/v1/requests/${requestId}.${format}`), type);
      check('GET', '/open311/v1/requests/{service_request_id}/followers.{format}', await get(`/open311/v1/requests/${requestId}/followers.${format}`), type);
    }
  });

  it('error records, for bad input and unknown ids', async () => {
    check('GET', '/open311/v1/requests.{format}', await get('/open311/v1/requests.json?start_date=yesterday'));
    check('GET', '/open311/v1/services/{service_code}.{format}', await get('/open311/v1/services/nope.json'));
    check('GET', '/open311/v1/requests/{service_request_id}.{format}', await get('/open311/v1/requests/nope.xml'), 'text/xml');
    check('POST', '/open311/v1/requests.{format}', await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...validReport, api_key: 'wrong' }) }));
  });

  it('servicerequestupdates (mySociety): the listing, a posted update and their errors, in JSON and XML', async () => {
    for (const format of ['json', 'xml'] as const) {
      const type = format === 'json' ? 'application/json' : 'text/xml';
      const fields = { api_key: t.apiKey, service_request_id: requestId, update_id: `doc-${format}`, status: 'OPEN', updated_datetime: '2026-11-20T12:00:00Z', description: 'Still there after the weekend.' };
      const posted = await t.app.inject({ method: 'POST', url: `/open311/v1/servicerequestupdates.${format}`, ...urlencoded(fields) });
      check('POST', '/open311/v1/servicerequestupdates.{format}', posted, type);
      check('POST', '/open311/v1/servicerequestupdates.{format}', await t.app.inject({ method: 'POST', url: `/open311/v1/servicerequestupdates.${format}`, ...urlencoded({ ...fields, api_key: '' }) }), type);
      const updateId = format === 'json' ? (posted.json() as { update_id: string }[])[0]!.update_id : /<update_id>([^<]+)</.exec(posted.body)![1]!;
      await t.repositories.unitOfWork.changeRequest(requestId, () => ({
        set: {},
        audit: { at: startTime, moderator: 'doc', action: 'publish_update', details: {} },
        history: [{ at: startTime, kind: 'resident_update', detailed_status: ['RECEIVED'], note: '', resident_update_id: updateId }],
        residentUpdate: { id: updateId, moderation: 'published', at: startTime, by: 'doc' },
      }));
      const listing = await get(`/open311/v1/servicerequestupdates.${format}?start_date=2026-11-20T00:00:00Z&end_date=2026-11-21T00:00:00Z`);
      expect(listing.body).toContain(updateId);
      check('GET', '/open311/v1/servicerequestupdates.{format}', listing, type);
      check('GET', '/open311/v1/servicerequestupdates.{format}', await get(`/open311/v1/servicerequestupdates.${format}?start_date=soon`), type);
    }
  });

  it('following a request', async () => {
    const answer = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${requestId}/followers.json`, ...urlencoded({ api_key: t.apiKey, email: 'follower@example.org', locale: 'fi' }) });
    check('POST', '/open311/v1/requests/{service_request_id}/followers.{format}', answer);
  });
});

describe('counter service answers match the document', () => {
  const get = (url: string, accept = 'application/json') => t.app.inject({ url, headers: { accept } });

  it('the list, its filters and formats, one counter, and their errors', async () => {
    check('GET', '/api/counters/', await get('/api/counters/?page_size=3'));
    check('GET', '/api/counters/', await get('/api/counters/?latitude=60.17&longitude=24.94&distance=50'));
    check('GET', '/api/counters/', await get('/api/counters/?latitude=91&longitude=24.94&distance=5'));
    check('GET', '/api/counters/', await get('/api/counters/', 'text/csv'), 'text/csv');
    check('GET', '/api/counters/', await get('/api/counters/', 'image/png'));
    check('GET', '/api/counters.{format}', await get('/api/counters.json'));
    check('GET', '/api/counters/{id}/', await get(`/api/counters/${counterId}/`));
    check('GET', '/api/counters/{id}/', await get('/api/counters/999999/'));
    check('GET', '/api/counters/{id}', await get(`/api/counters/${counterId}.json`));
    check('OPTIONS', '/api/counters/', await t.app.inject({ method: 'OPTIONS', url: '/api/counters/' }));
  });

  it('the polygon search, and its error for bad geometry', async () => {
    const polygon = { type: 'Polygon', coordinates: [[[24, 59], [26, 59], [26, 61], [24, 61], [24, 59]]] };
    check('POST', '/api/counters/', await t.app.inject({ method: 'POST', url: '/api/counters/', payload: polygon }));
    check('POST', '/api/counters/', await t.app.inject({ method: 'POST', url: '/api/counters/', payload: { type: 'Polygon', coordinates: [] } }));
  });

  it('the API root, observations, their aggregate and the sources', async () => {
    check('GET', '/api/', await get('/api/'));
    check('GET', '/api/observations/', await get(`/api/observations/?counter=${counterId}&page_size=5`));
    check('GET', '/api/observations/', await get('/api/observations/?start_date=nonsense'));
    check('GET', '/api/observations/aggregate/', await get(`/api/observations/aggregate/?counter=${counterId}&period=day`));
    check('GET', '/api/metadata/sources/', await get('/api/metadata/sources/?language=sv'));
    const name = (await get('/api/metadata/sources/')).json<{ name: string }[]>()[0]!.name;
    check('GET', '/api/metadata/sources/{name}/', await get(`/api/metadata/sources/${encodeURIComponent(name)}/`));
  });
});

describe('proxy answers match the document', () => {
  const get = (url: string) => t.app.inject(url);

  it('GeoReport GETs and POSTs, forwarded', async () => {
    check('GET', '/proxy/open311/v1/{*}', await get('/proxy/open311/v1/services.json'));
    check('GET', '/proxy/open311/v1/{*}', await get('/proxy/open311/v1/discovery.json'));
    check('GET', '/proxy/open311/v1/{*}', await get(`/proxy/open311/v1/requests.json?service_request_id=${requestId}`));
    check('GET', '/proxy/open311/v1/{*}', await get('/proxy/open311/v1/requests.xml'), 'text/xml');
    check('GET', '/proxy/open311/v1/{*}', await get('/proxy/open311/v1/requests/nope.json'));
    const created = await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded(validReport) });
    check('POST', '/proxy/open311/v1/{*}', created);
    check('POST', '/proxy/open311/v1/{*}', await t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded({ ...validReport, description: 'x' }) }));
    const follow = await t.app.inject({ method: 'POST', url: `/proxy/open311/v1/requests/${requestId}/followers.json`, ...urlencoded({ email: 'other@example.org' }) });
    check('POST', '/proxy/open311/v1/requests/{id}/{file}', follow);
  });

  it('counters, observations, the attribution, service objects and the geocoder', async () => {
    check('GET', '/proxy/counters/{*}', await get('/proxy/counters/?page_size=2'));
    check('GET', '/proxy/counters/{*}', await get(`/proxy/counters/${counterId}/`));
    check('GET', '/proxy/counters.{format}', await get('/proxy/counters.json'));
    check('GET', '/proxy/counters-api/{*}', await get(`/proxy/counters-api/observations/?counter=${counterId}`));
    check('GET', '/proxy/counters-info', await get('/proxy/counters-info'));
    check('GET', '/proxy/service-objects/', await get('/proxy/service-objects/?lat=60.17&long=24.94'));
    check('GET', '/proxy/geocoding/v1/search', await get('/proxy/geocoding/v1/search?text=Koulukatu'));
    check('GET', '/proxy/geocoding/v1/search', await get('/proxy/geocoding/v1/search'));
    check('GET', '/geocoding/v1/reverse', await get('/geocoding/v1/reverse?point.lat=60.1699&point.lon=24.9384'));
  });
});
