import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { fillRegistry } from '../geocoding/registry';
import { urlencoded } from './form';

/** A report as a generic Open311 client posts it: no lat/long, no service object, an address. */
const report = { service_code: '171', description: 'A deep pothole in front of the school gate.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await fillRegistry(t.repositories, t.config.SERVICE_OBJECT_TYPE);
});
afterAll(() => t.close());

const post = (fields: Record<string, string>, format = 'json') =>
  t.app.inject({ method: 'POST', url: `/open311/v1/requests.${format}`, ...urlencoded({ ...report, api_key: t.apiKey, ...fields }) });

const stored = (id: string) => t.sql.get<{ lat: number; long: number; address_string: string; zip_code: string | null }>(
  'SELECT lat, long, address_string, zip_code FROM service_requests WHERE service_request_id = ?',
  id,
);

describe('POST requests with only address_string', () => {
  it('places the request at the address, keeping address_string as sent', async () => {
    const response = await post({ address_string: 'hameentie 30, Helsinki' });
    expect(response.statusCode).toBe(200);
    const [{ service_request_id: id }] = response.json();
    expect(await stored(id)).toEqual({ lat: 60.1857, long: 24.9582, address_string: 'hameentie 30, Helsinki', zip_code: '00530' });
    const detail = (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json` })).json()[0];
    expect(detail).toMatchObject({ address: 'hameentie 30, Helsinki', lat: '60.1857', long: '24.9582', zip_code: '00530' });
  });

  it('takes the address in Swedish, with a typo, or with another letter of the number', async () => {
    for (const [address, lat] of [['Tavastvägen 30 Helsingfors', 60.1857], ['Hämeetnie 31', 60.1859], ['Hämeentie 12', 60.1821], ['Koulutie 5, Vantaa', 60.294]] as const) {
      const response = await post({ address_string: address });
      expect(response.statusCode, address).toBe(200);
      expect((await stored(response.json()[0].service_request_id))!.lat, address).toBe(lat);
    }
  });

  it('takes a service object named in address_string', async () => {
    const response = await post({ address_string: 'Kaivopuisto' });
    expect(response.statusCode).toBe(200);
    expect(await stored(response.json()[0].service_request_id)).toMatchObject({ lat: 60.1574, long: 24.956, address_string: 'Kaivopuisto', zip_code: null });
  });

  it('answers 400 in the GeoReport format when the address is not in the register, saying what to send instead', async () => {
    const before = await t.repositories.serviceRequests.count();
    const json = await post({ address_string: 'Olematon katu 99' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual([
      {
        code: 400,
        description:
          'address_string "Olematon katu 99" was not found in the address register; write it as street and house number (e.g. "Hämeentie 30, Helsinki"), or send lat and long, or service_object_id with service_object_type',
      },
    ]);
    const xml = await post({ address_string: 'Olematon katu 99' }, 'xml');
    expect(xml.statusCode).toBe(400);
    expect(xml.body).toContain('<errors><error><code>400</code><description>address_string &quot;Olematon katu 99&quot; was not found');
    // A street the register knows, but not that number (or none): still no place to send a crew.
    for (const address of ['Hämeentie 99', 'Hämeentie']) {
      const response = await post({ address_string: address });
      expect(response.statusCode, address).toBe(400);
      expect(response.json()[0].description, address).toContain('knows the street Hämeentie, Helsinki but not that house number on it');
    }
    expect(await t.repositories.serviceRequests.count()).toBe(before);
  });

  it('reports an unknown address together with every other problem, and never a second location error', async () => {
    const response = await post({ address_string: 'Olematon katu 99', description: 'short', email: 'nope' });
    expect(response.statusCode).toBe(400);
    const descriptions = (response.json() as { description: string }[]).map((error) => error.description);
    expect(descriptions).toHaveLength(3);
    expect(descriptions.join(' | ')).toContain('description must be at least 10 characters');
    expect(descriptions.join(' | ')).toContain('email must be a valid address');
    expect(descriptions.join(' | ')).not.toContain('a location is required');
  });

  it('leaves lat/long and service objects as they were: the address is then only text', async () => {
    const withPoint = await post({ address_string: 'Olematon katu 99', lat: '60.2', long: '24.9' });
    expect(withPoint.statusCode).toBe(200);
    expect(await stored(withPoint.json()[0].service_request_id)).toEqual({ lat: 60.2, long: 24.9, address_string: 'Olematon katu 99', zip_code: null });
    const withObject = await post({ address_string: 'Hämeentie 30', service_object_type: t.config.SERVICE_OBJECT_TYPE, service_object_id: 'field-1' });
    expect(withObject.statusCode).toBe(200);
    expect(await stored(withObject.json()[0].service_request_id)).toMatchObject({ lat: 60.1881, long: 24.9231 });
    const nothing = await post({});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json()[0].description).toContain('a location is required');
  });

  it('still refuses an address_string the schema refuses', async () => {
    const response = await post({ address_string: '<b>Hämeentie 30</b>' });
    expect(response.statusCode).toBe(400);
    expect(response.json().map((error: { description: string }) => error.description).join(' | ')).toContain('address_string must not contain HTML');
  });
});

describe('POST requests with lat/long and address_string (issue 42, item 5)', () => {
  const zipOf = async (fields: Record<string, string>) => {
    const response = await post(fields);
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json()[0].service_request_id as string;
    const answered = (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json` })).json()[0].zip_code;
    const { zip_code: storedZip, lat } = (await stored(id))!;
    return { stored: storedZip, answered, lat };
  };

  it("keeps the registry's postal code of an address the geocoder found, as the web app sends it (its label names none)", async () => {
    expect(await zipOf({ address_string: 'Hämeentie 30, Helsinki', lat: '60.18575', long: '24.9583' })).toEqual({ stored: '00530', answered: '00530', lat: 60.18575 });
    // The same street and number in two towns: the one at the point.
    expect((await zipOf({ address_string: 'Koulutie 5', lat: '60.2939', long: '25.0414' })).stored).toBe('01300');
    expect((await zipOf({ address_string: 'Koulutie 5', lat: '60.2546', long: '25.0141' })).stored).toBe('00750');
  });

  it('keeps a postal code written in the address, known to the registry or not', async () => {
    expect(await zipOf({ address_string: 'Olematon katu 99, 00990 Helsinki', lat: '60.2', long: '24.9' })).toEqual({ stored: '00990', answered: '00990', lat: 60.2 });
  });

  it("takes no postal code from an address far from the point, or from no address", async () => {
    expect((await zipOf({ address_string: 'Hämeentie 30, Helsinki', lat: '60.294', long: '25.0415' })).stored).toBeNull();
    expect(await zipOf({ lat: '60.1857', long: '24.9582' })).toEqual({ stored: null, answered: '', lat: 60.1857 });
  });
});
