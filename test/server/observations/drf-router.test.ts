/**
 * What DRF's router gives every route of the real counter service, on the routes beside the
 * counter list too (issue 24, step 4): format suffixes, the json / browsable / csv renderers by
 * `format` and by Accept (406 when none can answer), paging links that keep the query as sent,
 * and OPTIONS metadata.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bicycleCount } from '../../helpers/observation-records';
import { createCountersApp, type CountersTestApp } from '../counters/counters-app';

const hour = 3_600_000;
const t0 = Date.parse('2025-06-02T00:00:00+03:00');

const observation = (datetime: number, value: number) => bicycleCount({ datetime, value });

describe("DRF's router on the API root, observations, aggregate and sources", () => {
  let test: CountersTestApp;
  const ask = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'OPTIONS' = 'GET') =>
    test.app.inject({ method, url, headers: { host: 'counters.test', ...headers } });

  beforeAll(async () => {
    test = await createCountersApp([], { ALLOWED_HOSTS: 'counters.test' });
    await test.store.observations.upsertMany(Array.from({ length: 5 }, (_, h) => observation(t0 + h * hour, h)));
    await test.store.observations.upsertSources([
      { name: 'EcoCounter', license: 'CC BY 4.0', descriptions: { fi: 'Pyöräilijät', sv: 'Cyklister', en: 'Cyclists' } },
    ]);
  });
  afterAll(() => test.close());

  it('answers a format suffix on every route, with or without the slash after it', async () => {
    const observations = await ask('/api/observations.json?counter=7&page_size=2');
    expect(observations.statusCode).toBe(200);
    expect(observations.headers['content-type']).toBe('application/json');
    // Links are built on the path as asked, and hyperlinks carry the suffix, as DRF's reverse() adds it.
    expect(observations.json().next.startsWith('http://counters.test/api/observations.json?counter=7&cursor=')).toBe(true);
    expect(observations.json().results[0].counter).toBe('http://counters.test/api/counters/7.json');
    const aggregate = await ask('/api/observations/aggregate.json/?counter=7&period=day&measurement_type=count');
    expect(aggregate.statusCode).toBe(200);
    expect(aggregate.json().results).toEqual([
      { period: 'day', counterId: 7, startTime: '2025-06-02T00:00:00+03:00', direction: 'in', unit: 'pcs', aggregatedValue: 10 },
    ]);
    expect((await ask('/api/metadata/sources.json')).json()).toEqual([{ name: 'EcoCounter', license: 'CC BY 4.0', description: 'Cyclists' }]);
    expect((await ask('/api/metadata/sources/EcoCounter.json?language=fi')).json()).toEqual({ name: 'EcoCounter', license: 'CC BY 4.0', description: 'Pyöräilijät' });
    expect((await ask('/api/.json')).json()).toEqual({
      counters: 'http://counters.test/api/counters.json',
      observations: 'http://counters.test/api/observations.json',
      'observations/aggregate': 'http://counters.test/api/observations/aggregate.json',
      'metadata/sources': 'http://counters.test/api/metadata/sources.json',
    });
    // An unknown suffix names no renderer: DRF's 404.
    const xml = await ask('/api/observations.xml');
    expect(xml.statusCode).toBe(404);
    expect(xml.json()).toEqual({ detail: 'Not found.' });
  });

  it('chooses json, the browsable page or csv by `format` and by Accept, and answers 406 when none can', async () => {
    const csv = await ask('/api/observations/?counter=7&order=datetime&page_size=2', { accept: 'text/csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers.vary).toBe('Accept');
    // PaginatedCSVRenderer: the page's results, snake_case columns sorted, CRLF rows.
    expect(csv.body).toBe(
      'counter,counter_id,datetime,direction,phenomenondurationseconds,source,typeofmeasurement,unit,value,vehicletype\r\n' +
        'http://counters.test/api/counters/7/,7,2025-06-02T00:00:00+03:00,in,3600,EcoCounter,count,pcs,0,bicycle\r\n' +
        'http://counters.test/api/counters/7/,7,2025-06-02T01:00:00+03:00,in,3600,EcoCounter,count,pcs,1,bicycle\r\n',
    );
    expect(csv.headers.link).toMatch(/^<http:\/\/counters\.test\/api\/observations\/\?counter=7&cursor=[^>]+>; rel="next"$/);
    const sources = await ask('/api/metadata/sources/?format=csv');
    expect(sources.body).toBe('description,license,name\r\nCyclists,CC BY 4.0,EcoCounter\r\n');
    const page = await ask('/api/observations/aggregate/?counter=7&period=day&measurement_type=count&format=api');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('<h1>Observation Aggregate List</h1>');
    expect(page.body).toContain('&#34;aggregatedValue&#34;');
    const html = await ask('/api/', { accept: 'text/html' });
    expect(html.body).toContain('<h1>Api Root</h1>');
    for (const url of ['/api/', '/api/observations/', '/api/observations/aggregate/?counter=7&period=day&measurement_type=count', '/api/metadata/sources/']) {
      const refused = await ask(url, { accept: 'application/xml' });
      expect(refused.statusCode, url).toBe(406);
      expect(refused.json(), url).toEqual({ detail: 'Could not satisfy the request Accept header.' });
    }
    // A bad query asked for as the browsable page is answered on it, with its status.
    const bad = await ask('/api/observations/aggregate/?format=api');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('HTTP 400 Bad Request');
  });

  it('keeps the query as sent in paging links', async () => {
    const aggregate = (await ask('/api/observations/aggregate/?counter=7&period=hour&measurementType=count&pageSize=2')).json();
    expect(aggregate.next).toBe('http://counters.test/api/observations/aggregate/?counter=7&measurementType=count&page=2&pageSize=2&period=hour');
    const list = (await ask('/api/observations/?counter=7&measurementType=count&pageSize=2&page=1')).json();
    expect(list.next).toBe('http://counters.test/api/observations/?counter=7&measurementType=count&page=2&pageSize=2');
    const cursor = (await ask('/api/observations/?measurementType=count&pageSize=2')).json();
    expect(cursor.next.startsWith('http://counters.test/api/observations/?cursor=')).toBe(true);
    expect(cursor.next).toContain('&measurementType=count&pageSize=2');
  });

  it("answers OPTIONS with each view's DRF metadata", async () => {
    const expectations: [string, string, string][] = [
      ['/api/', 'Api Root', 'The default basic root view for DefaultRouter'],
      ['/api/observations/', 'Observation List', 'Returns a paged and sorted list of observations produced by counters,\nmatching the given search criteria.'],
      ['/api/observations/aggregate/', 'Observation Aggregate List', 'Returns a paged and sorted list of the observational data,\naggregated over the given period and matching the search criteria.'],
      ['/api/metadata/sources/', 'Datasource List', 'Lists the traffic data sources for which counters and observations exist.'],
      ['/api/metadata/sources/EcoCounter/', 'Datasource Instance', 'Lists the traffic data sources for which counters and observations exist.'],
      ['/api/observations.json', 'Observation List', 'Returns a paged and sorted list of observations produced by counters,\nmatching the given search criteria.'],
    ];
    for (const [url, name, description] of expectations) {
      const answer = await ask(url, {}, 'OPTIONS');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers.allow, url).toBe('GET, HEAD, OPTIONS');
      expect(answer.json(), url).toEqual({
        name,
        description,
        renders: ['application/json', 'text/html', 'text/csv'],
        parses: ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'],
      });
    }
    const preflight = await ask('/api/observations/', { origin: 'https://x.example', 'access-control-request-method': 'GET' }, 'OPTIONS');
    expect(preflight.statusCode).toBe(200);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
    expect(preflight.body).toBe('');
  });
});
