import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { answerNotFound, useCountersUpstream, type FakeUpstream } from './fake-upstream';

describe('the proxy to the counter service API root (observations, aggregate, sources)', () => {
  const served = useCountersUpstream((request, response) => {
    if (request.url.startsWith('/api/observations/?')) {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          next: 'https://data.city.example/api/observations/?counter=7&cursor=cD0lNUIlMjIx',
          previous: null,
          results: [{ typeofmeasurement: 'count', value: 3, counter: 'https://data.city.example/api/counters/7/', counterId: 7 }],
        }),
      );
    } else if (request.url.startsWith('/api/observations?')) {
      response.writeHead(301, { location: '/api/observations/?counter=7' });
      response.end();
    } else {
      answerNotFound(response);
    }
  });
  let upstream: FakeUpstream;
  let t: TestApp;
  beforeAll(() => ({ upstream, t } = served));

  it('forwards /proxy/counters-api/… to the API root beside COUNTERS_URL, cursor and counter links pointing back through the proxy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/proxy/counters-api/observations/?counter=7' });
    expect(response.statusCode).toBe(200);
    expect(upstream.received.at(-1)!.url).toBe('/api/observations/?counter=7');
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json()).toEqual({
      next: 'http://kerro.test/proxy/counters-api/observations/?counter=7&cursor=cD0lNUIlMjIx',
      previous: null,
      results: [{ typeofmeasurement: 'count', value: 3, counter: 'http://kerro.test/proxy/counters/7/', counterId: 7 }],
    });
  });

  it('keeps redirects and errors inside the proxy', async () => {
    const redirect = await t.app.inject({ method: 'GET', url: '/proxy/counters-api/observations?counter=7' });
    expect(redirect.statusCode).toBe(301);
    expect(redirect.headers.location).toBe('/proxy/counters-api/observations/?counter=7');
    const missing = await t.app.inject({ method: 'GET', url: '/proxy/counters-api/nothing/' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found.' });
  });
});
