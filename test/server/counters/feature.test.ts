import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pythonFloat } from '../../../src/server/drf/python-float';
import { formatCounterTime, parseOffsetTimestamp } from '../../../src/server/counters/time';
import { counter, createCountersApp, type CountersTestApp } from './counters-app';

describe('GET /api/counters/{id}/', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([
      counter(7, {
        name: 'Baana (Ruoholahti) "itään"',
        source: 'EcoCounter',
        sourceId: 100026781,
        classifying: false,
        municipalityCode: '091',
        firstStoredObservation: Date.parse('2021-06-01T00:00:00Z'),
        lastStoredObservation: Date.parse('2024-01-15T10:30:15.123Z'),
        longitude: 24.9225,
        latitude: 60.16,
      }),
      counter(8, {
        source: 'InfoTripla',
        sourceId: null,
        classifying: true,
        municipalityCode: '049',
        dataReceived: false,
        firstStoredObservation: null,
        lastStoredObservation: null,
        longitude: 0,
        latitude: 0,
      }),
      counter(9, { longitude: 25, latitude: 60 }),
    ]);
  });
  afterAll(() => t.close());

  it('answers one Feature with the fields, key order and value types of the spec', async () => {
    const response = await t.app.inject('/api/counters/7/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toBe(
      '{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[24.9225,60.16]},"properties":{' +
        '"id":7,"name":"Baana (Ruoholahti) \\"itään\\"","source":"EcoCounter","sourceId":100026781,"classifying":false,' +
        '"crsEpsg":4326,"municipalityCode":"091","dataReceived":true,' +
        '"firstStoredObservation":"2021-06-01T03:00:00+03:00","lastStoredObservation":"2024-01-15T12:30:15.123000+02:00"}}',
    );
  });

  it('keeps 0,0 placeholders and whole-degree points as floats, and nulls as null', async () => {
    const placeholder = await t.app.inject('/api/counters/8/');
    expect(placeholder.body).toContain('"coordinates":[0.0,0.0]');
    expect(placeholder.json()).toMatchObject({
      id: 8,
      geometry: { type: 'Point', coordinates: [0, 0] },
      properties: { sourceId: null, classifying: true, municipalityCode: '049', dataReceived: false, firstStoredObservation: null, lastStoredObservation: null },
    });
    expect((await t.app.inject('/api/counters/9/')).body).toContain('"coordinates":[25.0,60.0]');
  });

  it('is the same object as the one in the listing', async () => {
    const listing = (await t.app.inject('/api/counters/')).json();
    const single = (await t.app.inject('/api/counters/8/')).json();
    expect(listing.results.features[1]).toEqual(single);
  });

  it.each(['abc', '1.5', '1e3'])('answers id %s, which is no number, with 404 Not found.', async (id) => {
    const response = await t.app.inject(`/api/counters/${id}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it.each(['999', '-7', '0', '99999999999999999999', '1_000'])('answers the number %s that no counter has with DRF 3.16\'s 404 text', async (id) => {
    const response = await t.app.inject(`/api/counters/${id}/`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'No Counter matches the given query.' });
  });

  it('reads the id as an integer, as Django does', async () => {
    expect((await t.app.inject('/api/counters/007/')).json().id).toBe(7);
  });

  it('answers an unknown format for one counter with 404 too', async () => {
    const response = await t.app.inject('/api/counters/7/?format=xml');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  it('writes timestamps in the configured zone: Z for UTC', async () => {
    const utc = await createCountersApp([counter(1, { firstStoredObservation: Date.parse('2021-06-01T00:00:00Z') })], { TZ_NAME: 'UTC' });
    try {
      expect((await utc.app.inject('/api/counters/1/')).json().properties.firstStoredObservation).toBe('2021-06-01T00:00:00Z');
    } finally {
      await utc.close();
    }
  });
});

describe('counter timestamps', () => {
  const helsinki = (iso: string) => formatCounterTime(Date.parse(iso), 'Europe/Helsinki');

  it('carry the Helsinki offset of the instant, across daylight-saving changes', () => {
    expect(helsinki('2021-06-01T00:00:00Z')).toBe('2021-06-01T03:00:00+03:00');
    expect(helsinki('2024-01-15T10:00:00Z')).toBe('2024-01-15T12:00:00+02:00');
    expect(helsinki('2024-03-31T00:59:59Z')).toBe('2024-03-31T02:59:59+02:00');
    expect(helsinki('2024-03-31T01:00:00Z')).toBe('2024-03-31T04:00:00+03:00');
    expect(helsinki('2024-10-27T00:59:59Z')).toBe('2024-10-27T03:59:59+03:00');
    expect(helsinki('2024-10-27T01:00:00Z')).toBe('2024-10-27T03:00:00+02:00');
    expect(helsinki('2024-12-31T22:30:00Z')).toBe('2025-01-01T00:30:00+02:00');
    expect(formatCounterTime(Date.parse('2024-01-15T10:00:00Z'), 'America/St_Johns')).toBe('2024-01-15T06:30:00-03:30');
  });

  it('parse back from Z or any offset, and refuse times without one', () => {
    expect(parseOffsetTimestamp('2021-06-01T03:00:00+03:00')).toBe(Date.parse('2021-06-01T00:00:00Z'));
    expect(parseOffsetTimestamp('2021-06-01T00:00:00Z')).toBe(Date.parse('2021-06-01T00:00:00Z'));
    expect(parseOffsetTimestamp('2024-01-15T12:30:15.123456+02:00')).toBe(Date.parse('2024-01-15T10:30:15.123Z'));
    expect(parseOffsetTimestamp('2021-06-01T03:00:00+0300')).toBe(Date.parse('2021-06-01T00:00:00Z'));
    expect(parseOffsetTimestamp('2021-06-01T03:00:00')).toBeUndefined();
    expect(parseOffsetTimestamp('2021-02-30T03:00:00Z')).toBeUndefined();
    expect(parseOffsetTimestamp('yesterday')).toBeUndefined();
  });
});

describe('pythonFloat', () => {
  it("writes numbers as Python's repr of a float", () => {
    expect(pythonFloat(0)).toBe('0.0');
    expect(pythonFloat(-0)).toBe('-0.0');
    expect(pythonFloat(25)).toBe('25.0');
    expect(pythonFloat(-180)).toBe('-180.0');
    expect(pythonFloat(24.9384)).toBe('24.9384');
    expect(pythonFloat(-0.5)).toBe('-0.5');
    expect(pythonFloat(0.0001)).toBe('0.0001');
    expect(pythonFloat(0.00001)).toBe('1e-05');
    expect(pythonFloat(1.5e-7)).toBe('1.5e-07');
    expect(pythonFloat(1e16)).toBe('1e+16');
    expect(pythonFloat(123456789012345.6)).toBe('123456789012345.6');
    expect(pythonFloat(0.1 + 0.2)).toBe('0.30000000000000004');
  });
});
