import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewServiceRequest } from '../../../src/server/storage/repositories/types';
import { createTestApp, startTime, type TestApp } from '../../helpers/georeport-app';
import { stringifyLeaves, xmlToJsonShape } from '../../helpers/xml';

const day = 24 * 60 * 60 * 1000;
let t: TestApp;

function request(id: string, changes: Partial<NewServiceRequest>): NewServiceRequest {
  return {
    service_request_id: id, service_code: '171', title: `Title ${id}`, description: `Description of ${id}`,
    lat: 60.17, long: 24.94, address_string: null, address_id: null, zip_code: null,
    service_object_type: null, service_object_id: null, email: 'secret@example.org', first_name: 'Secret',
    last_name: 'Person', phone: '+358401234567', device_id: null, account_id: null, locale: 'fi',
    detailed_status: ['RECEIVED'], status_notes: '', agency_responsible: 'Agency', service_notice: '',
    moderation: 'published', external_media_url: null, attributes: {},
    requested_at: startTime - day, expected_at: null, media: [],
    ...changes,
    updated_at: changes.updated_at ?? changes.requested_at ?? startTime - day,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  await t.repositories.serviceRequests.createMany([
    request('open1', { requested_at: startTime - 1 * day, updated_at: startTime - 1 * day }),
    request('open2', { service_code: '198', requested_at: startTime - 2 * day, updated_at: startTime - 1.5 * day, detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_IN_PROGRESS'] }),
    request('closed1', { requested_at: startTime - 3 * day, updated_at: startTime - 0.5 * day, detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: 'Fixed.' }),
    request('rejected1', { requested_at: startTime - 4 * day, detailed_status: ['REJECTED'] }),
    request('old1', { requested_at: startTime - 100 * day, updated_at: startTime - 100 * day }),
    request('pending1', { moderation: 'pending', requested_at: startTime - 1 * day }),
    request('hidden1', { moderation: 'rejected', requested_at: startTime - 1 * day }),
    // ~1.1 km north of the others
    request('far1', { lat: 60.18, long: 24.94, requested_at: startTime - 5 * day }),
    request('object1', { service_object_type: 'urn:x', service_object_id: 'toilet-9', requested_at: startTime - 6 * day,
      media: [{ position: 0, file_name: 'a'.repeat(32) + '.jpg', content_type: 'image/jpeg', byte_size: 10 }] }),
    request('nowhere1', { lat: null, long: null, service_object_type: 'urn:x', service_object_id: 'toilet-10', requested_at: startTime - 7 * day }),
  ]);
});
afterAll(() => t.close());

const ids = async (query: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/open311/v1/requests.json${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { service_request_id: string }[]).map((r) => r.service_request_id);
};
const errorOf = async (query: string, format = 'json') => {
  const response = await t.app.inject({ method: 'GET', url: `/open311/v1/requests.${format}${query}` });
  return { status: response.statusCode, body: response.body, descriptions: format === 'json' ? (response.json() as { description: string }[]).map((e) => e.description).join(' | ') : '' };
};

describe('GET requests: the listing', () => {
  it('lists published requests of the last 90 days, newest first, never unmoderated ones', async () => {
    expect(await ids('')).toEqual(['open1', 'open2', 'closed1', 'rejected1', 'far1', 'object1', 'nowhere1']);
  });

  it('gives the list fields, lat/long as strings, and no extended_attributes by default', async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json' })).json();
    expect(first).toEqual({
      service_request_id: 'open1', status_notes: '', status: 'open', service_code: '171', service_name: 'Potholes',
      description: 'Description of open1', agency_responsible: 'Agency', service_notice: '',
      requested_datetime: '2026-11-19T14:00:00+02:00', updated_datetime: '2026-11-19T14:00:00+02:00',
      address: '', address_id: '', zip_code: '', lat: '60.17', long: '24.94',
    });
  });

  it('adds CitySDK extended_attributes with extensions=true', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json?extensions=true' })).json();
    const open2 = list.find((r: { service_request_id: string }) => r.service_request_id === 'open2');
    expect(open2.extended_attributes).toEqual({
      title: 'Title open2', detailed_status: 'IN_PROCESS,PUBLIC_WORKS_IN_PROGRESS', media_urls: [],
      // Stored directly, not through moderation: only the receipt of the history is known.
      history: [{ kind: 'received', datetime: open2.requested_datetime, detailed_status: 'RECEIVED' }],
    });
    const object1 = list.find((r: { service_request_id: string }) => r.service_request_id === 'object1');
    expect(object1.media_url).toBe(`http://kerro.test/media/${'a'.repeat(32)}.jpg`);
    expect(object1.extended_attributes).toEqual({
      title: 'Title object1', service_object_type: 'urn:x', service_object_id: 'toilet-9', detailed_status: 'RECEIVED',
      media_urls: [`http://kerro.test/media/${'a'.repeat(32)}.jpg`],
      history: [{ kind: 'received', datetime: object1.requested_datetime, detailed_status: 'RECEIVED' }],
    });
  });

  it('says the same in XML as in JSON', async () => {
    const json = (await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json?extensions=true' })).json();
    const xml = (await t.app.inject({ method: 'GET', url: '/open311/v1/requests.xml?extensions=true' })).body;
    expect(xml).toContain('<extended_attributes><title>Title object1</title>');
    expect(xml).toContain(`<media_urls><media_url>http://kerro.test/media/${'a'.repeat(32)}.jpg</media_url></media_urls>`);
    expect(xmlToJsonShape(xml)).toEqual(stringifyLeaves(json));
  });

  it('derives status from the detailed status', async () => {
    const list = (await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json' })).json();
    const statusOf = (id: string) => list.find((r: { service_request_id: string }) => r.service_request_id === id).status;
    expect([statusOf('open1'), statusOf('open2'), statusOf('closed1'), statusOf('rejected1')]).toEqual(['open', 'open', 'closed', 'closed']);
  });
});

describe('GET requests: parameters', () => {
  it('service_request_id (comma list) overrides every other parameter, and still hides unpublished ones', async () => {
    expect(await ids('?service_request_id=old1,closed1,pending1&status=open&service_code=198')).toEqual(['closed1', 'old1']);
  });

  it('service_code takes a comma list', async () => {
    expect(await ids('?service_code=198')).toEqual(['open2']);
    expect((await ids('?service_code=198,171')).length).toBe(7);
  });

  it('names an unknown service_code with 404', async () => {
    const { status, descriptions } = await errorOf('?service_code=171,555');
    expect(status).toBe(404);
    expect(descriptions).toContain('service_code 555 not found');
  });

  it('status takes open, closed or both', async () => {
    expect(await ids('?status=closed')).toEqual(['closed1', 'rejected1']);
    expect((await ids('?status=open,closed')).length).toBe(7);
    expect(await errorOf('?status=pending')).toMatchObject({ status: 400, descriptions: expect.stringContaining('status must be open, closed') });
  });

  it('start_date and end_date bound requested_datetime, with Z or an offset', async () => {
    expect(await ids('?start_date=2026-11-16T12:00:00Z&end_date=2026-11-18T12:00:00Z')).toEqual(['open2', 'closed1', 'rejected1']);
    expect(await ids('?start_date=2026-11-16T14:00:00%2B02:00&end_date=2026-11-17T14:00:00%2B02:00')).toEqual(['closed1', 'rejected1']);
    expect(await ids('?start_date=2026-08-01T00:00:00Z&end_date=2026-08-31T00:00:00Z')).toEqual(['old1']);
    expect(await ids('?end_date=2026-08-31T00:00:00Z')).toEqual(['old1']);
  });

  it('end_date alone means the 90 days up to it (the spec\'s default span), not everything before it', async () => {
    const endDate = (daysBeforeStart: number) => `?end_date=${new Date(startTime - daysBeforeStart * day).toISOString()}`;
    // old1 was requested 100 days before the others: inside the window ending 10.5 days before, not the one ending 9.5 days before.
    expect(await ids(endDate(10.5))).toEqual(['old1']);
    expect(await ids(endDate(9.5))).toEqual([]);
    expect(await ids(endDate(5.5))).toEqual(['object1', 'nowhere1']);
  });

  it('refuses a span over 90 days, reversed bounds and malformed dates', async () => {
    expect((await errorOf('?start_date=2026-01-01T00:00:00Z&end_date=2026-06-01T00:00:00Z')).descriptions).toContain('at most 90 days');
    expect((await errorOf('?start_date=2026-06-01T00:00:00Z&end_date=2026-05-01T00:00:00Z')).descriptions).toContain('end_date must not be before start_date');
    for (const bad of ['yesterday', '2026-13-01T00:00:00Z', '2026-02-30T00:00:00Z', '2026-11-01T10:00:00']) {
      const result = await errorOf(`?start_date=${encodeURIComponent(bad)}`);
      expect(result.status).toBe(400);
      expect(result.descriptions).toContain('start_date must be a W3C datetime');
    }
  });

  it('updated_after and updated_before bound updated_datetime, before defaulting to now', async () => {
    expect(await ids('?updated_after=2026-11-19T01:00:00Z')).toEqual(['open1', 'closed1']);
    expect(await ids('?updated_after=2026-11-18T00:00:00Z&updated_before=2026-11-19T06:00:00Z')).toEqual(['open2']);
    expect((await errorOf('?updated_after=2026-11-19T00:00:00Z&updated_before=2026-11-18T00:00:00Z')).status).toBe(400);
  });

  it('updated_after in the future (a polling client whose clock runs ahead) is an empty list, not a 400', async () => {
    const ahead = new Date(startTime + 60 * 60 * 1000).toISOString();
    for (const format of ['json', 'xml']) {
      const response = await t.app.inject(`/open311/v1/requests.${format}?updated_after=${ahead}`);
      expect(response.statusCode, format).toBe(200);
      if (format === 'json') expect(response.json()).toEqual([]);
      else expect(response.body).toMatch(/<service_requests\s*\/>|<service_requests><\/service_requests>/);
    }
  });

  it('lat, long and radius (meters) search around a point, only all three together', async () => {
    expect(await ids('?lat=60.17&long=24.94&radius=100')).toEqual(['open1', 'open2', 'closed1', 'rejected1', 'object1']);
    expect(await ids('?lat=60.18&long=24.94&radius=50')).toEqual(['far1']);
    expect((await ids('?lat=60.175&long=24.94&radius=2000')).length).toBe(6);
    // The spec: the search applies only when all three are given; fewer are answered as if absent.
    expect(await ids('?lat=60.18&long=24.94')).toEqual(await ids(''));
    expect(await ids('?lat=60.18&radius=50')).toEqual(await ids(''));
    expect(await ids('?long=abc')).toEqual(await ids(''));
    expect((await errorOf('?lat=95&long=24.94&radius=10')).descriptions).toContain('lat must be a number from -90 to 90');
    expect((await errorOf('?lat=60&long=abc&radius=10')).descriptions).toContain('long must be a number');
    expect((await errorOf('?lat=60&long=24&radius=-5')).descriptions).toContain('radius must be a number from 0');
  });

  it('service_object_type and service_object_id filter by object', async () => {
    expect(await ids('?service_object_type=urn:x')).toEqual(['object1', 'nowhere1']);
    expect(await ids('?service_object_type=urn:x&service_object_id=toilet-9')).toEqual(['object1']);
    expect((await errorOf('?service_object_id=toilet-9')).descriptions).toContain('service_object_id requires service_object_type');
  });

  it('extensions must be true or false', async () => {
    expect((await errorOf('?extensions=yes')).descriptions).toContain('extensions must be true or false');
  });

  it('treats empty parameters as absent and ignores unknown ones', async () => {
    expect(await ids('?status=&service_code=&start_date=&lat=&long=&radius=&foo=bar')).toEqual(await ids(''));
  });

  it('jurisdiction_id: its own is fine, others are 404', async () => {
    expect((await ids('?jurisdiction_id=kerro.local')).length).toBe(7);
    expect((await errorOf('?jurisdiction_id=x')).status).toBe(404);
  });

  it('gives errors in XML for .xml', async () => {
    const result = await errorOf('?status=maybe', 'xml');
    expect(result.status).toBe(400);
    expect(result.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<errors><error><code>400<\/code><description>status must be/);
  });

  it('returns at most 200 requests', async () => {
    const many = Array.from({ length: 230 }, (_, i) => request(`bulk${String(i).padStart(3, '0')}`, { requested_at: startTime - 10 * day + i }));
    await t.repositories.serviceRequests.createMany(many);
    const list = await ids('?service_code=171');
    expect(list).toHaveLength(200);
    expect(list[0]).toBe('open1');
    // The listing cache must notice the write.
    expect((await ids('')).length).toBe(200);
    await t.sql.run("DELETE FROM service_requests WHERE service_request_id LIKE 'bulk%'");
    expect((await ids('')).length).toBe(7);
  });
});

describe('GET requests/{id}', () => {
  it('returns an unmoderated request by id, in an array', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/open311/v1/requests/pending1.json?extensions=true' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ service_request_id: 'pending1', status: 'open', extended_attributes: { detailed_status: 'RECEIVED' } });
    expect(response.body).not.toContain('secret@example.org');
    const xml = await t.app.inject({ method: 'GET', url: '/open311/v1/requests/pending1.xml?extensions=true' });
    expect(xmlToJsonShape(xml.body)).toEqual(stringifyLeaves(body));
  });

  it('leaves out extended_attributes unless asked', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/open311/v1/requests/closed1.json' })).json();
    expect(body[0].extended_attributes).toBeUndefined();
    expect(body[0].status_notes).toBe('Fixed.');
  });

  it('names an unknown id with 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/open311/v1/requests/nosuchid.xml' });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<description>service_request_id nosuchid not found</description>');
  });
});

describe('radius search across the antimeridian', () => {
  it('finds requests on both sides of ±180°', async () => {
    await t.repositories.serviceRequests.createMany([
      request('east1', { lat: -16.5, long: 179.999, requested_at: startTime - 8 * day }),
      request('west1', { lat: -16.5, long: -179.999, requested_at: startTime - 9 * day }),
      request('away1', { lat: -16.5, long: 179.9, requested_at: startTime - 9 * day }),
    ]);
    expect(await ids('?lat=-16.5&long=180&radius=1000')).toEqual(['east1', 'west1']);
    expect(await ids('?lat=-16.5&long=-179.9995&radius=500')).toEqual(['east1', 'west1']);
  });
});
