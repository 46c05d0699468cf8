/**
 * What the real counter service (City-of-Helsinki/lidotiku, Django REST Framework) produces and
 * takes, accepted here too: its "0" + code municipality codes, camelCase query names (its
 * middleware converts them), values it answers with an empty page rather than a 400, DRF's
 * field-error bodies where it does give a 400, and DRF format suffixes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCounters } from '../../../src/server/counters/import';
import { featureJson } from '../../../src/server/counters/feature';
import { counter, createCountersApp, type CountersTestApp } from './counters-app';

/** A feature as the real service writes it: the code as "0" + the integer it keeps. */
const realFeature = (id: number, municipalityCode: string) => {
  const feature = JSON.parse(featureJson(counter(id), 'Europe/Helsinki')) as { properties: Record<string, unknown> };
  feature.properties.municipalityCode = municipalityCode;
  return feature;
};

describe('importing what the real service writes', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([]);
  });
  afterAll(() => t.close());

  it('takes "0235" (Kauniainen), "091" and "05" and stores each as three digits, written back as such', async () => {
    const page = { count: 3, next: null, previous: null, results: { type: 'FeatureCollection', features: [realFeature(1, '0235'), realFeature(2, '091'), realFeature(3, '05')] } };
    const outcome = await importCounters([{ name: 'page.json', text: JSON.stringify(page) }], t.repository);
    expect(outcome).toMatchObject({ ok: true, counters: 3 });
    const codes = (await t.app.inject('/api/counters/')).json().results.features.map((f: { properties: { municipalityCode: string } }) => f.properties.municipalityCode);
    expect(codes).toEqual(['235', '091', '005']);
  });

  it('still refuses what is no municipality code', async () => {
    for (const code of ['1000', 'Helsinki', '', '0x1']) {
      const outcome = await importCounters([{ name: 'bad.json', text: JSON.stringify(realFeature(9, code)) }], t.repository);
      expect(outcome.ok, code).toBe(false);
    }
  });
});

describe('GET /api/counters/ as the real service reads it', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([
      counter(1, { municipalityCode: '091', latitude: 60.169, longitude: 24.932 }),
      counter(2, { municipalityCode: '049', latitude: 60.175, longitude: 24.805 }),
      counter(3, { municipalityCode: '235', latitude: 60.211, longitude: 24.729 }),
      counter(4, { municipalityCode: '092', latitude: 60.293, longitude: 25.044 }),
      counter(5, { municipalityCode: '091', latitude: 60.199, longitude: 24.933 }),
    ]);
  });
  afterAll(() => t.close());

  const ids = async (query: string) => {
    const response = await t.app.inject(`/api/counters/?${query}`);
    expect(response.statusCode, query).toBe(200);
    return response.json().results.features.map((feature: { id: number }) => feature.id);
  };
  const refused = async (query: string) => {
    const response = await t.app.inject(`/api/counters/?${query}`);
    expect(response.statusCode, query).toBe(400);
    expect(response.headers['content-type']).toBe('application/json');
    return response.json();
  };

  it('compares municipality codes as numbers, as the real service (an integer column) does: 0235 is Kauniainen', async () => {
    expect(await ids('municipality_code=0235')).toEqual([3]);
    expect(await ids('municipality_code=235')).toEqual([3]);
    expect(await ids('municipality_code=0091,049')).toEqual([1, 2, 5]);
    expect(await ids('municipality_code=91.0')).toEqual([1, 5]);
    // Numbers no municipality has: an empty page, not a 400.
    expect(await ids('municipality_code=0999')).toEqual([]);
    expect(await ids('municipality_code=91.5')).toEqual([]);
    expect(await ids('municipality_code=-91')).toEqual([]);
    expect(await ids('municipality_code=1000')).toEqual([]);
  });

  it('takes camelCase query names, as the real service\'s middleware converts them', async () => {
    expect(await ids('municipalityCode=049')).toEqual([2]);
    const page = (await t.app.inject('/api/counters/?pageSize=2')).json();
    expect(page.results.features).toHaveLength(2);
    // Links keep the query as sent, as DRF builds them from the request's own URL.
    expect(page.next).toBe('http://localhost:80/api/counters/?page=2&pageSize=2');
    expect((await t.app.inject('/api/counters/?FORMAT=csv')).headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(await ids('latitude=60.169&longitude=24.932&Distance=4')).toEqual([1, 5]);
  });

  it('answers values the real service accepts but nothing matches with an empty page', async () => {
    for (const query of ['latitude=60.169&longitude=24.932&distance=-1', 'latitude=60.169&longitude=24.932&distance=-0.5&page=last']) {
      const response = await t.app.inject(`/api/counters/?${query}`);
      expect(response.statusCode, query).toBe(200);
      expect(response.json()).toEqual({ count: 0, next: null, previous: null, results: { type: 'FeatureCollection', features: [] } });
    }
    // Farther than any two points on Earth: everything.
    expect((await ids('latitude=60.169&longitude=24.932&distance=1e6')).sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses in DRF\'s shape what the real service refuses: each field with its messages', async () => {
    expect(await refused('latitude=abc&longitude=east&distance=1')).toEqual({
      longitude: ['A valid number is required.'],
      latitude: ['A valid number is required.'],
    });
    expect(await refused('latitude=60.1')).toEqual({
      'Missing parameters': ['Missing query argument(s): longitude, distance. Latitude, longitude and distance must all be provided.'],
    });
    expect(await refused('latitude=91&longitude=-181&distance=1')).toEqual({
      latitude: ['Ensure this value is less than or equal to 90.'],
      longitude: ['Ensure this value is greater than or equal to -180.'],
    });
    expect(await refused('latitude=NaN&longitude=24.9&distance=inf')).toEqual({ latitude: ['Enter a number.'], distance: ['Enter a number.'] });
    expect(await refused('municipality_code=091,abc')).toEqual({ municipalityCode: ['Enter a number.'] });
    expect(await refused('municipalityCode=x')).toEqual({ municipalityCode: ['Enter a number.'] });
  });

  it('shows a field error on the browsable page with its status', async () => {
    const response = await t.app.inject('/api/counters/?format=api&latitude=x&longitude=1&distance=1');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('&#34;latitude&#34;: [');
  });
});

describe('DRF format suffixes', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([counter(1), counter(2), counter(3)]);
  });
  afterAll(() => t.close());

  it('answers /api/counters.json, .csv and .api like ?format=, with or without a trailing slash', async () => {
    const plain = await t.app.inject('/api/counters/?page_size=2');
    const json = await t.app.inject('/api/counters.json?page_size=2');
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toBe('application/json');
    expect(json.json().results).toEqual(plain.json().results);
    // Links keep the path as asked, as DRF builds them from the request's URL.
    expect(json.json().next).toBe('http://localhost:80/api/counters.json?page=2&page_size=2');
    expect((await t.app.inject('/api/counters.json/')).statusCode).toBe(200);

    const csv = await t.app.inject('/api/counters.csv?page_size=2');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toBe((await t.app.inject('/api/counters/?format=csv&page_size=2')).body);
    expect(csv.headers.link).toBe('<http://localhost:80/api/counters.csv?page=2&page_size=2>; rel="next"');

    const api = await t.app.inject('/api/counters.api');
    expect(api.statusCode).toBe(200);
    expect(api.headers['content-type']).toBe('text/html; charset=utf-8');
    // The suffix wins over the parameter, as in DRF.
    expect((await t.app.inject('/api/counters.csv?format=json')).headers['content-type']).toBe('text/csv; charset=utf-8');
  });

  it('answers /api/counters/1.json, 1.csv and 1.api like ?format=, without a redirect', async () => {
    const json = await t.app.inject('/api/counters/1.json');
    expect(json.statusCode).toBe(200);
    expect(json.body).toBe((await t.app.inject('/api/counters/1/')).body);
    expect((await t.app.inject('/api/counters/1.json/')).statusCode).toBe(200);
    const csv = await t.app.inject('/api/counters/2.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toBe((await t.app.inject('/api/counters/2/?format=csv')).body);
    const api = await t.app.inject('/api/counters/3.api');
    expect(api.statusCode).toBe(200);
    expect(api.body).toContain('Counter Instance');
  });

  it('answers an unknown suffix or id 404 {"detail": "Not found."}, never a redirect to a path that cannot exist', async () => {
    for (const url of ['/api/counters.xml', '/api/counters/1.xml', '/api/counters/1.JSON', '/api/counters/1.2.json', '/api/counters/1.2.json/']) {
      const response = await t.app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toBe('application/json');
      expect(response.json(), url).toEqual({ detail: 'Not found.' });
    }
    // A number no counter has is looked up: DRF 3.16 answers Django's text.
    expect((await t.app.inject('/api/counters/99.json')).json()).toEqual({ detail: 'No Counter matches the given query.' });
    const error = await t.app.inject('/api/counters.api?page=9');
    expect(error.statusCode).toBe(404);
    expect(error.headers['content-type']).toBe('text/html; charset=utf-8');
  });
});
