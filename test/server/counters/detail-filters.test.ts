/**
 * One counter's URL takes the list's filters, as DRF's get_object() filters the queryset before
 * looking the id up (issue 24, step 4): a counter the filters leave out is a 404, a bad filter the
 * list's 400, and a distance filter answers in the distance search's shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, createCountersApp, type CountersTestApp } from './counters-app';

describe('filters on GET /api/counters/{id}/', () => {
  let t: CountersTestApp;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    t = await createCountersApp([counter(1, { source: 'EcoCounter', municipalityCode: '091' }), counter(2, { source: 'Fintraffic', municipalityCode: '049', latitude: 60.2, longitude: 24.6 })]);
  });
  afterAll(() => t.close());

  it('answers 404 for a counter the filters leave out, and the counter when they keep it', async () => {
    const left = await get('/api/counters/1/?source=Fintraffic');
    expect(left.statusCode).toBe(404);
    expect(left.json()).toEqual({ detail: 'No Counter matches the given query.' });
    expect((await get('/api/counters/1/?source=ecocounter')).statusCode).toBe(200);
    expect((await get('/api/counters/1.json?municipality_code=49')).statusCode).toBe(404);
    expect((await get('/api/counters/2/?municipalityCode=049,091')).json().id).toBe(2);
    // A negative distance is accepted and matches nothing.
    expect((await get('/api/counters/1/?latitude=60.1699&longitude=24.9384&distance=-1')).statusCode).toBe(404);
  });

  it("answers the list's 400 for a bad filter, before looking the id up", async () => {
    const alone = await get('/api/counters/1/?latitude=60.17');
    expect(alone.statusCode).toBe(400);
    expect(alone.json()).toEqual({
      'Missing parameters': ['Missing query argument(s): longitude, distance. Latitude, longitude and distance must all be provided.'],
    });
    expect((await get('/api/counters/999/?latitude=abc')).json()).toEqual({ latitude: ['A valid number is required.'] });
  });

  it('answers within a distance in the distance search shape, and 404 beyond it', async () => {
    const near = await get('/api/counters/1/?latitude=60.1699&longitude=24.9384&distance=1');
    expect(near.statusCode).toBe(200);
    expect(near.json()).toEqual({
      id: 1,
      geometry: { type: 'Point', coordinates: [24.9384, 60.1699] },
      distance: 0.0,
      properties: { id: 1, name: 'Counter 1', source: 'EcoCounter', classifying: false, crsEpsg: 4326, distance: 0.0 },
    });
    expect((await get('/api/counters/2/?latitude=60.1699&longitude=24.9384&distance=1')).statusCode).toBe(404);
    const csv = await get('/api/counters/1.csv?latitude=60.1699&longitude=24.9384&distance=1');
    expect(csv.body.split('\r\n')[0]!.endsWith(',distance')).toBe(true);
  });
});
