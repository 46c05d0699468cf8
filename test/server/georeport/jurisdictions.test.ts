/**
 * GeoReport across jurisdictions (issue 26): every method takes a body's jurisdiction_id and
 * answers for that body; a new request goes to the body whose area holds its point and which
 * handles its type (the smallest such area), named in agency_responsible. Runs on both engines.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { assertWellFormed } from '../../helpers/xml';
import { fillRegistry } from '../geocoding/registry';
import { urlencoded, validReport } from './form';

/** A square area, south-west corner to north-east, as a GeoJSON Polygon (longitude first). */
function square(south: number, west: number, north: number, east: number): BodyRecord['area'] {
  return { type: 'Polygon', coordinates: [[[west, south], [east, south], [east, north], [west, north], [west, south]]] };
}

function body(id: string, names: [string, string, string], area: BodyRecord['area'], services: string[]): BodyRecord {
  return { id, jurisdiction_id: `${id}.test`, names: { fi: names[0], sv: names[1], en: names[2] }, area, services, send: { method: 'console' } };
}

// A city, a parks department inside it that handles potholes (171) only, and a town apart.
const city = body('city', ['Kaupunki', 'Staden', 'The City'], square(60.0, 24.6, 60.4, 25.2), ['171', '198', '900']);
const parks = body('parks', ['Puistot', 'Parkerna', 'Parks'], square(60.15, 24.9, 60.2, 24.98), ['171']);
const town = body('town', ['Pikkukylä', 'Småbyn', 'Small Town'], square(61.0, 25.0, 61.2, 25.4), ['198']);

const inParks = { lat: '60.1699', long: '24.9384' };
const inCityOnly = { lat: '60.3', long: '24.7' };
const inTown = { lat: '61.1', long: '25.2' };
const nowhere = { lat: '62.5', long: '27.5' };

let t: TestApp;

/** A report with no location of its own: each test says where. */
const post = (fields: Record<string, string>, format = 'json') =>
  t.app.inject({
    method: 'POST',
    url: `/open311/v1/requests.${format}`,
    ...urlencoded({ service_code: validReport.service_code, description: validReport.description, api_key: t.apiKey, ...fields }),
  });
const get = (url: string) => t.app.inject({ method: 'GET', url: `/open311/v1/${url}` });

/** Posts a report, answers its id (failing loudly when it was refused). */
async function report(fields: Record<string, string>): Promise<string> {
  const response = await post(fields);
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0].service_request_id;
}

const stored = (id: string) =>
  t.sql.get<{ body_id: string | null; agency_responsible: string }>('SELECT body_id, agency_responsible FROM service_requests WHERE service_request_id = ?', id);
const descriptionOf = async (response: Awaited<ReturnType<typeof post>>) => response.json()[0].description as string;
const listedIds = async (query: string) => {
  const response = await get(`requests.json?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { service_request_id: string }[]).map((item) => item.service_request_id).sort();
};

describe('with no bodies, one jurisdiction as before', () => {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('assigns no body and leaves agency_responsible empty', async () => {
    const id = await report(inParks);
    expect(await stored(id)).toEqual({ body_id: null, agency_responsible: '' });
  });

  it('knows only its own jurisdiction_id, and discovery lists no jurisdictions', async () => {
    expect((await get('services.json?jurisdiction_id=kerro.local')).statusCode).toBe(200);
    const unknown = await get('services.json?jurisdiction_id=city.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual([{ code: 404, description: 'jurisdiction_id city.test not found; this server serves kerro.local' }]);
    expect((await get('discovery.json')).json()).not.toHaveProperty('jurisdictions');
  });
});

describe('with bodies', () => {
  beforeAll(async () => {
    t = await createTestApp();
    await fillRegistry(t.repositories, t.config.SERVICE_OBJECT_TYPE);
    await t.repositories.serviceObjects.upsertMany([
      { service_object_type: t.config.SERVICE_OBJECT_TYPE, service_object_id: 'town-hall', kind: 'building', lat: 61.1, long: 25.2, names: { fi: 'Kunnantalo', sv: 'Kommunhuset', en: 'Town hall' }, address: 'Torikatu 1' },
    ]);
    await t.store.bodies.importAll([city, parks, town]);
  });
  afterAll(() => t.close());

  describe('a new request goes to the body responsible for its place and type', () => {
    it('the smallest area that handles the type wins: the department for its types, the city for the rest', async () => {
      const pothole = await report({ ...inParks, service_code: '171' });
      expect(await stored(pothole)).toEqual({ body_id: 'parks', agency_responsible: 'Parks' });
      const sign = await report({ ...inParks, service_code: '198' });
      expect(await stored(sign)).toEqual({ body_id: 'city', agency_responsible: 'The City' });
      const outsideParks = await report({ ...inCityOnly, service_code: '171' });
      expect(await stored(outsideParks)).toEqual({ body_id: 'city', agency_responsible: 'The City' });
    });

    it("names the body in the request's locale, in agency_responsible as answered", async () => {
      const id = await report({ ...inParks, locale: 'fi' });
      expect(await stored(id)).toEqual({ body_id: 'parks', agency_responsible: 'Puistot' });
      const [detail] = (await get(`requests/${id}.json`)).json();
      expect(detail.agency_responsible).toBe('Puistot');
      expect((await stored(await report({ ...inTown, service_code: '198', locale: 'sv' })))!.agency_responsible).toBe('Småbyn');
    });

    it("places a request by its service object's point, or its address's", async () => {
      const byObject = await report({ service_code: '198', service_object_type: t.config.SERVICE_OBJECT_TYPE, service_object_id: 'town-hall' });
      expect(await stored(byObject)).toMatchObject({ body_id: 'town' });
      // Hämeentie 30 (60.1857, 24.9582) lies in the parks department's square.
      const byAddress = await report({ address_string: 'Hämeentie 30, Helsinki' });
      expect(await stored(byAddress)).toMatchObject({ body_id: 'parks' });
    });

    it('accepts a jurisdiction_id naming the body at the point, or the installation', async () => {
      expect(await stored(await report({ ...inParks, jurisdiction_id: 'parks.test' }))).toMatchObject({ body_id: 'parks' });
      expect(await stored(await report({ ...inParks, jurisdiction_id: 'kerro.local' }))).toMatchObject({ body_id: 'parks' });
    });
  });

  it('assigns a report the proxy hands over in-process, and passes its refusals through', async () => {
    const viaProxy = (fields: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/proxy/open311/v1/requests.json', ...urlencoded({ service_code: '198', description: validReport.description, ...fields }) });
    const accepted = await viaProxy({ ...inTown, locale: 'fi' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await stored(accepted.json()[0].service_request_id)).toEqual({ body_id: 'town', agency_responsible: 'Pikkukylä' });
    const refused = await viaProxy({ ...inTown, jurisdiction_id: 'city.test' });
    expect(refused.statusCode).toBe(400);
    expect(await descriptionOf(refused)).toContain('is handled by Small Town (jurisdiction_id town.test), not by jurisdiction_id city.test');
  });

  describe('a request no body can take is refused, saying why', () => {
    it('400 for a point outside every area, in JSON and XML, storing nothing', async () => {
      const before = await t.repositories.serviceRequests.count();
      const response = await post(nowhere);
      expect(response.statusCode).toBe(400);
      expect(await descriptionOf(response)).toBe('no body handles reports at lat 62.5, long 27.5: it is outside every area this service covers; check the location');
      const xml = await post(nowhere, 'xml');
      expect(xml.statusCode).toBe(400);
      assertWellFormed(xml.body);
      expect(xml.body).toContain('<code>400</code><description>no body handles reports at lat 62.5');
      expect(await t.repositories.serviceRequests.count()).toBe(before);
    });

    it('400 naming the body and the type when the body at the point does not handle it', async () => {
      const response = await post({ ...inTown, service_code: '171' });
      expect(response.statusCode).toBe(400);
      expect(await descriptionOf(response)).toBe(
        'service_code 171 (Potholes) is not handled by Small Town (jurisdiction_id town.test), which handles reports at this location; services.json?jurisdiction_id=town.test lists its service codes',
      );
    });

    it('400 naming the body that handles the place when jurisdiction_id names another', async () => {
      const response = await post({ ...inParks, service_code: '171', jurisdiction_id: 'city.test' });
      expect(response.statusCode).toBe(400);
      expect(await descriptionOf(response)).toBe(
        'service_code 171 (Potholes) at this location is handled by Parks (jurisdiction_id parks.test), not by jurisdiction_id city.test; send jurisdiction_id parks.test, or none',
      );
    });

    it('404 naming an unknown jurisdiction_id before anything else', async () => {
      const response = await post({ ...nowhere, jurisdiction_id: 'elsewhere', api_key: 'wrong' });
      expect(response.statusCode).toBe(404);
      expect(await descriptionOf(response)).toBe('jurisdiction_id elsewhere not found; this server serves kerro.local, city.test, parks.test, town.test');
    });
  });

  describe('reading a jurisdiction', () => {
    const ids: Record<'parks' | 'city' | 'town', string> = { parks: '', city: '', town: '' };
    beforeAll(async () => {
      ids.parks = await report({ ...inParks, service_code: '171' });
      ids.city = await report({ ...inCityOnly, service_code: '198' });
      ids.town = await report({ ...inTown, service_code: '198' });
      await t.sql.run("UPDATE service_requests SET moderation = 'rejected'");
      for (const id of Object.values(ids)) await publish(t, id);
    });

    it("lists a body's requests only; the installation's, or none, lists all", async () => {
      expect(await listedIds('jurisdiction_id=parks.test')).toEqual([ids.parks]);
      expect(await listedIds('jurisdiction_id=city.test&service_code=171,198')).toEqual([ids.city]);
      expect(await listedIds('jurisdiction_id=town.test&service_code=171')).toEqual([]);
      const all = Object.values(ids).sort();
      expect(await listedIds('')).toEqual(all);
      expect(await listedIds('jurisdiction_id=kerro.local')).toEqual(all);
      // service_request_id overrides the filters, but the jurisdiction is whose requests are searched.
      expect(await listedIds(`jurisdiction_id=town.test&service_request_id=${ids.parks},${ids.town}`)).toEqual([ids.town]);
    });

    it('answers 404 naming an unknown jurisdiction_id on every method, in JSON and XML', async () => {
      for (const path of ['discovery', 'services', 'services/171', 'requests', `requests/${ids.parks}`, `requests/${ids.parks}/followers`]) {
        const json = await get(`${path}.json?jurisdiction_id=nowhere.test&status=bogus`);
        expect(json.statusCode, path).toBe(404);
        expect(json.json(), path).toEqual([{ code: 404, description: 'jurisdiction_id nowhere.test not found; this server serves kerro.local, city.test, parks.test, town.test' }]);
        const xml = await get(`${path}.xml?jurisdiction_id=nowhere.test`);
        expect(xml.statusCode, path).toBe(404);
        expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
        assertWellFormed(xml.body);
        expect(xml.body, path).toContain('<error><code>404</code><description>jurisdiction_id nowhere.test not found;');
      }
      // A path that names no resource is told so, whatever the query.
      expect((await get('nothing.json?jurisdiction_id=nowhere.test')).json()[0].description).toMatch(/^no such resource: GET \/open311\/v1\/nothing\.json/);
    });

    it("lists a body's service types only, and its definitions", async () => {
      const codes = async (query: string) => ((await get(`services.json?${query}`)).json() as { service_code: string }[]).map((type) => type.service_code);
      expect(await codes('jurisdiction_id=town.test')).toEqual(['198']);
      expect(await codes('jurisdiction_id=city.test')).toEqual(['171', '198', '900']);
      expect(await codes('')).toEqual(['171', '198', '900']);
      expect((await get('services/900.json?jurisdiction_id=city.test')).statusCode).toBe(200);
      const notHandled = await get('services/900.json?jurisdiction_id=town.test&locale=fi');
      expect(notHandled.statusCode).toBe(404);
      expect(notHandled.json()[0].description).toBe(
        'service_code 900 is not handled by Pikkukylä (jurisdiction_id town.test); services.json?jurisdiction_id=town.test lists its codes',
      );
    });

    it("answers a request by id, or its followers, only in the request's own jurisdiction", async () => {
      expect((await get(`requests/${ids.town}.json?jurisdiction_id=town.test`)).statusCode).toBe(200);
      const elsewhere = await get(`requests/${ids.town}.xml?jurisdiction_id=city.test`);
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.body).toContain(`service_request_id ${ids.town} not found in jurisdiction_id city.test`);
      expect((await get(`requests/${ids.town}/followers.json?jurisdiction_id=town.test`)).statusCode).toBe(200);
      expect((await get(`requests/${ids.town}/followers.json?jurisdiction_id=parks.test`)).statusCode).toBe(404);
    });

    it('discovery lists the jurisdictions, named in the locale asked for; one when jurisdiction_id names it', async () => {
      const json = (await get('discovery.json?locale=fi')).json();
      expect(json.jurisdictions).toEqual([
        { jurisdiction_id: 'city.test', name: 'Kaupunki' },
        { jurisdiction_id: 'parks.test', name: 'Puistot' },
        { jurisdiction_id: 'town.test', name: 'Pikkukylä' },
      ]);
      const xml = (await get('discovery.xml')).body;
      assertWellFormed(xml);
      expect(xml).toContain('<jurisdictions><jurisdiction><jurisdiction_id>city.test</jurisdiction_id><name>The City</name></jurisdiction>');
      expect((await get('discovery.json?jurisdiction_id=town.test')).json().jurisdictions).toEqual([{ jurisdiction_id: 'town.test', name: 'Small Town' }]);
    });

    it("never answers a cached body's listing after the bodies change", async () => {
      expect(await listedIds('jurisdiction_id=town.test')).toEqual([ids.town]);
      // The same jurisdiction_id now names another body, which has no requests: same query string, another answer.
      await t.store.bodies.remove('town');
      await t.store.bodies.importAll([{ ...town, id: 'town-2' }]);
      expect(await listedIds('jurisdiction_id=town.test')).toEqual([]);
      await t.store.bodies.remove('town-2');
      expect((await get('requests.json?jurisdiction_id=town.test')).statusCode).toBe(404);
      // The whole installation's answer did not depend on them.
      expect(await listedIds('')).toEqual(Object.values(ids).sort());
    });
  });
});
