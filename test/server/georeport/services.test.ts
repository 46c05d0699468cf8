import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { stringifyLeaves, xmlToJsonShape } from '../../helpers/xml';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET services', () => {
  it('lists service types in English by default, in stored order', async () => {
    const response = await get('/open311/v1/services.json');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json();
    expect(body.map((s: { service_code: string }) => s.service_code)).toEqual(['171', '198', '900']);
    expect(body[0]).toEqual({
      service_code: '171',
      service_name: 'Potholes',
      description: 'Potholes description',
      metadata: false,
      type: 'realtime',
      keywords: 'potholes',
      group: 'Traffic and street condition',
    });
    expect(body[2].metadata).toBe(true);
  });

  it.each([
    ['fi', 'Katujen kunto'],
    ['fi_FI', 'Katujen kunto'],
    ['sv', 'Gatornas skick'],
    ['sv_FI', 'Gatornas skick'],
    ['en_GB', 'Potholes'],
    ['en_US', 'Potholes'],
    ['de', 'Potholes'],
    ['', 'Potholes'],
  ])('locale=%s gives %s', async (locale, name) => {
    const body = (await get(`/open311/v1/services.json?locale=${locale}`)).json();
    expect(body[0].service_name).toBe(name);
  });

  it('answers the same content in XML, well-formed with the declaration first', async () => {
    const xml = await get('/open311/v1/services.xml?locale=fi');
    expect(xml.headers['content-type']).toBe('text/xml; charset=utf-8');
    expect(xml.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml.body).toContain('<services><service><service_code>171</service_code>');
    const json = (await get('/open311/v1/services.json?locale=fi')).json();
    expect(xmlToJsonShape(xml.body)).toEqual(stringifyLeaves(json));
  });

  it('gives a service definition with its attributes', async () => {
    const body = (await get('/open311/v1/services/900.json')).json();
    expect(body.service_code).toBe('900');
    expect(body.attributes).toHaveLength(3);
    expect(body.attributes[1]).toEqual({
      variable: true,
      code: 'KIND',
      datatype: 'singlevaluelist',
      required: false,
      datatype_description: '',
      order: 2,
      description: 'What is wrong',
      values: [
        { key: 'dark', name: 'Dark' },
        { key: 'blinking', name: 'Blinking' },
      ],
    });
    const xml = await get('/open311/v1/services/900.xml');
    expect(xml.body).toContain('<service_definition><service_code>900</service_code><attributes><attribute>');
    expect(xml.body).toContain('<values><value><key>dark</key><name>Dark</name></value>');
    expect(xmlToJsonShape(xml.body)).toEqual(stringifyLeaves(body));
  });

  it('names an unknown service_code in a 404 error record, in the format asked', async () => {
    const json = await get('/open311/v1/services/999.json');
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual([{ code: 404, description: expect.stringContaining('service_code 999 not found') }]);
    const xml = await get('/open311/v1/services/999.xml');
    expect(xml.statusCode).toBe(404);
    expect(xml.body).toMatch(/<errors><error><code>404<\/code><description>service_code 999 not found/);
  });

  it('accepts its own jurisdiction_id and names an unknown one', async () => {
    expect((await get('/open311/v1/services.json?jurisdiction_id=kerro.local')).statusCode).toBe(200);
    const response = await get('/open311/v1/services.json?jurisdiction_id=espoo.fi');
    expect(response.statusCode).toBe(404);
    expect(response.json()[0].description).toContain('jurisdiction_id espoo.fi not found');
  });
});

describe('discovery and unknown paths', () => {
  it('describes the endpoint in JSON and XML', async () => {
    const json = (await get('/open311/v1/discovery.json')).json();
    expect(json.endpoints[0]).toMatchObject({
      specification: 'http://wiki.open311.org/GeoReport_v2',
      url: 'http://kerro.test/open311/v1',
      type: 'production',
      formats: ['text/xml', 'application/json'],
    });
    expect(json.changeset).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const xml = await get('/open311/v1/discovery.xml');
    expect(xml.body).toContain('<formats><format>text/xml</format><format>application/json</format></formats>');
    expect(xmlToJsonShape(xml.body)).toEqual(stringifyLeaves(json));
  });

  it.each([
    ['/open311/v1/nothing.json', 'json'],
    ['/open311/v1/nothing.xml', 'xml'],
    ['/open311/v1/requests.html', 'json'],
    ['/open311/v1/requests', 'json'],
    ['/open311/v1/a/b/c.xml', 'xml'],
  ])('%s answers 404 as a GeoReport error in %s', async (url, format) => {
    const response = await get(url);
    expect(response.statusCode).toBe(404);
    if (format === 'xml') expect(response.body).toMatch(/<errors><error><code>404<\/code>/);
    else expect(response.json()[0].code).toBe(404);
  });
});
