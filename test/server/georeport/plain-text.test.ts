import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServiceTypes } from '../../../src/server/demo/service-types';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { urlencoded, validReport } from './form';

/**
 * One plain-text rule for every text a resident sends: markup that title and description refuse
 * is refused in every other field too, with an error record naming the field; media_url is
 * stored and published as the URL parser writes it.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const type of demoServiceTypes) await t.repositories.serviceTypes.upsert(type);
});
afterAll(() => t.close());

const post = (fields: Record<string, string>, format: 'json' | 'xml' = 'json') =>
  t.app.inject({ method: 'POST', url: `/open311/v1/requests.${format}`, ...urlencoded({ ...validReport, api_key: t.apiKey, ...fields }) });

const markup = '<img src=x onerror=alert(1)>';

describe('the plain-text rule', () => {
  it.each([
    ['title', { title: `Pothole ${markup}` }],
    ['service_object_id', { service_object_type: 'urn:kerro:service-objects', service_object_id: `park-1${markup}` }],
    ['service_object_type', { service_object_type: `${markup}`, service_object_id: 'park-1' }],
    ['device_id', { device_id: `dev${markup}` }],
    ['account_id', { account_id: `acc${markup}` }],
    ['media_url', { media_url: `https://example.org/${markup}.jpg` }],
  ])('refuses markup in %s, naming the field', async (field, fields) => {
    const before = await t.repositories.serviceRequests.count();
    const response = await post(fields);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toContainEqual({ code: 400, description: `${field} must not contain HTML tags or code; write plain text` });
    expect(await t.repositories.serviceRequests.count()).toBe(before);
  });

  it.each([
    ['a string answer', '180', 'pole_number'],
    ['a text answer', '234', 'access'],
  ])('refuses markup in %s (attribute[…]), in the error format of the path', async (_, serviceCode, code) => {
    const xml = await post({ service_code: serviceCode, [`attribute[${code}]`]: `K-1 ${markup}` }, 'xml');
    expect(xml.statusCode).toBe(400);
    expect(xml.body).toContain(`<description>attribute[${code}] must not contain HTML tags or code; write plain text</description>`);
  });

  it('stores and publishes media_url normalised by the URL parser, not as sent', async () => {
    const response = await post({ media_url: ' HTTPS://Example.ORG:443/kuvat/../kuva ä.JPG ' });
    expect(response.statusCode).toBe(200);
    const id = response.json()[0].service_request_id as string;
    const stored = await t.repositories.serviceRequests.find(id);
    expect(stored?.external_media_url).toBe('https://example.org/kuva%20%C3%A4.JPG');
  });
});
