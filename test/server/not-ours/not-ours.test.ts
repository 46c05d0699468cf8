/**
 * "Not ours" areas (issue 42, item 3): imported whole or not at all by `admin not-ours`, answered
 * for a point by the bodies read API (and through the proxy) in the asked language, and a GeoReport
 * POST there refused unless its type is allowed, saying whom to contact. The worked example file
 * in docs/ is the one imported.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../../../src/server/admin/cli';
import { demoServiceTypes } from '../../../src/server/demo/service-types';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { assertWellFormed } from '../../helpers/xml';
import { printedLines } from '../admin/printed-lines';
import { urlencoded, validReport } from '../georeport/form';

const exampleFile = fileURLToPath(new URL('../../../docs/not-ours.example.geojson', import.meta.url));
const onRingI = { lat: '60.22', long: '24.9' };
const inRailwayYard = { lat: '60.2', long: '24.93' };
const elsewhere = { lat: '60.1699', long: '24.9384' };

let t: TestApp;
const { out, err, io, clear } = printedLines();
const admin = (...argv: string[]) => {
  clear();
  return runAdmin(['not-ours', ...argv], io, t.env);
};
const post = (fields: Record<string, string>, format = 'json') =>
  t.app.inject({
    method: 'POST',
    url: `/open311/v1/requests.${format}`,
    ...urlencoded({ service_code: validReport.service_code, description: validReport.description, api_key: t.apiKey, ...fields }),
  });
const requestCount = async () => Number((await t.sql.get<{ n: number }>('SELECT count(*) AS n FROM service_requests'))!.n);

beforeAll(async () => {
  t = await createTestApp();
  // The example allows vandalism (172) and littering (246) on the state road: the demo's codes.
  for (const type of demoServiceTypes.filter((candidate) => ['172', '246'].includes(candidate.service_code))) await t.store.serviceTypes.upsert(type);
});
afterAll(() => t.close());

describe('admin not-ours', () => {
  it('is in the usage, with its own --help, and names a wrong command', async () => {
    clear();
    expect(await runAdmin(['--help'], io, t.env)).toBe(2);
    expect(out.join('\n')).toMatch(/not-ours import\|list/);
    expect(await admin('--help')).toBe(2);
    expect(out.join('\n')).toMatch(/not-ours import FILE\.geojson[\s\S]*not-ours list/);
    expect(await admin('remove')).toBe(2);
    expect(err[0]).toBe('Unknown not-ours command "remove".');
  });

  it('lists none, then imports the worked example and lists it', async () => {
    expect(await admin('list')).toBe(0);
    expect(out[0]).toMatch(/^No "not ours" areas/);
    expect(await admin('import', exampleFile)).toBe(0);
    expect(err).toEqual([]);
    expect(out[0]).toBe(`Imported 2 "not ours" areas from ${exampleFile}, replacing those stored before.`);
    expect(await admin('list')).toBe(0);
    expect(out[0]).toMatch(/^ID\s+NAME\s+ALLOWED SERVICE CODES\s+URL$/);
    expect(out.slice(1).join('\n')).toMatch(/pasila-railway-yard\s+Pasila railway yard\s+\(none\)/);
    expect(out.slice(1).join('\n')).toMatch(/ring-i\s+Ring I \(state road\)\s+172,246\s+https:\/\/palautevayla\.fi\//);
  });

  it('refuses a file with any bad feature, naming each problem, and keeps what was stored', async () => {
    const bad = {
      type: 'FeatureCollection',
      features: [
        { type: 'Feature', properties: { id: 'ok', name: 'Fine', message: { fi: 'a', sv: 'b', en: 'c' }, allowed_services: [] }, geometry: { type: 'Polygon', coordinates: [[[24, 61], [24.1, 61], [24.1, 61.1], [24, 61]]] } },
        { type: 'Feature', properties: { id: 'ok', name: 'No Swedish', message: { fi: 'a', en: 'c' }, allowed_services: ['nope'] }, geometry: { type: 'Point', coordinates: [24, 61] } },
      ],
    };
    const file = join(t.dataDir, 'bad-not-ours.geojson');
    await writeFile(file, JSON.stringify(bad));
    expect(await admin('import', file)).toBe(1);
    expect(err).toEqual([
      `${file}: feature 1 (id ok): properties.message.sv: needs a message`,
      `${file}: feature 1 (id ok): geometry.type: must be Polygon or MultiPolygon, not Point`,
      `${file}: feature 1 (id ok): properties.id: "ok" is also feature 0's id; each area needs its own`,
      `${file}: feature 1 (id ok): properties.allowed_services[0]: unknown service code "nope" (not a service type of this installation)`,
      'Nothing was imported: fix the problems above and run the import again.',
    ]);
    expect((await t.store.notOurs.list()).map((area) => area.id)).toEqual(['pasila-railway-yard', 'ring-i']);
  });
});

describe('the point lookup', () => {
  it('answers the place in the asked language, directly and through the proxy, and [] elsewhere', async () => {
    const fi = await t.app.inject(`/bodies/v1/not-ours.json?lat=${onRingI.lat}&long=${onRingI.long}&locale=fi`);
    expect(fi.statusCode, fi.body).toBe(200);
    expect(fi.json()).toEqual([
      {
        id: 'ring-i',
        name: 'Ring I (state road)',
        message: expect.stringMatching(/^Kehä I on valtion maantie/),
        url: 'https://palautevayla.fi/',
        allowed_services: ['172', '246'],
      },
    ]);
    const proxied = await t.app.inject(`/proxy/bodies/v1/not-ours.json?lat=${inRailwayYard.lat}&long=${inRailwayYard.long}&locale=sv`);
    expect(proxied.statusCode, proxied.body).toBe(200);
    expect(proxied.json()).toEqual([{ id: 'pasila-railway-yard', name: 'Pasila railway yard', message: expect.stringMatching(/^Bangården hör till Trafikledsverket/), url: null, allowed_services: [] }]);
    const english = await t.app.inject(`/bodies/v1/not-ours.json?lat=${inRailwayYard.lat}&long=${inRailwayYard.long}&locale=de`);
    expect(english.json()[0].message).toMatch(/^The railway yard belongs/);
    expect((await t.app.inject(`/bodies/v1/not-ours.json?lat=${elsewhere.lat}&long=${elsewhere.long}`)).json()).toEqual([]);
  });

  it('refuses a missing or bad point with GeoReport error records', async () => {
    const missing = await t.app.inject('/bodies/v1/not-ours.json');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual([{ code: 400, description: 'lat and long are required: the point to look up' }]);
    const bad = await t.app.inject('/bodies/v1/not-ours.json?lat=91&long=24');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()[0].description).toBe('lat must be a decimal number from -90 to 90');
  });
});

describe('a GeoReport POST at a not-ours place', () => {
  it('is refused for a type not allowed there, saying whom to contact in its locale, in JSON and XML, storing nothing', async () => {
    const before = await requestCount();
    const json = await post({ ...onRingI, locale: 'fi' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual([
      {
        code: 400,
        description:
          'service_code 171 (Katujen kunto) is not handled here: Ring I (state road) is maintained by someone else. Kehä I on valtion maantie: sen kunnossapidosta vastaa Uudenmaan ELY-keskus. Ilmoita tien kunnosta ja liikennemerkeistä Väyläviraston palautepalveluun. https://palautevayla.fi/',
      },
    ]);
    const xml = await post({ ...inRailwayYard, service_code: '172' }, 'xml');
    expect(xml.statusCode).toBe(400);
    assertWellFormed(xml.body);
    expect(xml.body).toContain(
      '<code>400</code><description>service_code 172 (Vandalism) is not handled here: Pasila railway yard is maintained by someone else. The railway yard belongs to the Finnish Transport Infrastructure Agency.',
    );
    expect(await requestCount()).toBe(before);
  });

  it('takes a type allowed there, and any type elsewhere', async () => {
    const allowed = await post({ ...onRingI, service_code: '172' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const outside = await post(elsewhere);
    expect(outside.statusCode, outside.body).toBe(200);
  });

  it('is taken again once an empty file removes every area', async () => {
    const file = join(t.dataDir, 'no-not-ours.geojson');
    await writeFile(file, JSON.stringify({ type: 'FeatureCollection', features: [] }));
    expect(await admin('import', file)).toBe(0);
    expect(out[0]).toBe(`${file} has no areas: every "not ours" area was removed.`);
    const response = await post(onRingI);
    expect(response.statusCode, response.body).toBe(200);
  });
});
