import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, createCountersApp, type CountersTestApp } from './counters-app';

// Kamppi is the centre of the distance searches below.
const kamppi = { latitude: 60.169, longitude: 24.932 };

describe('filters of GET /api/counters/', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([
      counter(1, { ...kamppi, source: 'EcoCounter', municipalityCode: '091' }),
      counter(2, { latitude: 60.199, longitude: 24.933, source: 'Fintraffic', municipalityCode: '091' }), // Pasila, 3.3 km
      counter(3, { latitude: 60.175, longitude: 24.805, source: 'HEL LAM', municipalityCode: '049' }), // Tapiola, 7 km
      counter(4, { latitude: 60.293, longitude: 25.044, source: 'EcoCounter', municipalityCode: '092' }), // Tikkurila, 15 km
      counter(5, { latitude: 0, longitude: 0, source: 'EcoCounter', municipalityCode: '235' }), // placeholder
      counter(6, { latitude: 60.211, longitude: 24.729, source: 'Marksman', municipalityCode: '235' }),
      // Inside the search's bounding box but 3.9 km away: only the exact distance leaves it out.
      counter(7, { latitude: 60.194, longitude: 24.982, source: 'LIVA', municipalityCode: '091' }),
    ]);
  });
  afterAll(() => t.close());

  const ids = async (query: string) => {
    const response = await t.app.inject(`/api/counters/?${query}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.count).toBe(body.results.features.length);
    return body.results.features.map((feature: { id: number }) => feature.id);
  };
  /** DRF's ValidationError body: each field at fault with its messages. */
  const error = async (query: string) => {
    const response = await t.app.inject(`/api/counters/?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['access-control-allow-origin']).toBe('*');
    return response.json() as Record<string, string[]>;
  };

  it('matches source exactly but ignoring case', async () => {
    expect(await ids('source=EcoCounter')).toEqual([1, 4, 5]);
    expect(await ids('source=ecocounter')).toEqual([1, 4, 5]);
    expect(await ids('source=ECOCOUNTER')).toEqual([1, 4, 5]);
    expect(await ids('source=Eco')).toEqual([]);
    expect(await ids('source=hel+lam')).toEqual([3]);
    expect(await ids('source=HEL%20LAM')).toEqual([3]);
    expect(await ids('source=')).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('takes a comma list of municipality codes, compared as numbers (short codes padded, leading zeros optional)', async () => {
    expect(await ids('municipality_code=091,049')).toEqual([1, 2, 3, 7]);
    expect(await ids('municipality_code=235')).toEqual([5, 6]);
    expect(await ids('municipality_code=92')).toEqual([4]);
    expect(await ids('municipality_code=%20091%20,,092')).toEqual([1, 2, 4, 7]);
    expect(await ids('municipality_code=999')).toEqual([]);
    expect(await ids('municipality_code=0235')).toEqual([5, 6]);
    expect(await error('municipality_code=091,abc')).toEqual({ municipalityCode: ['Enter a number.'] });
  });

  it('keeps counters within the distance in km, measured exactly, not by bounding box, nearest first', async () => {
    const near = `latitude=${kamppi.latitude}&longitude=${kamppi.longitude}`;
    expect(await ids(`${near}&distance=0`)).toEqual([1]);
    expect(await ids(`${near}&distance=3.5`)).toEqual([1, 2]);
    expect(await ids(`${near}&distance=4`)).toEqual([1, 2, 7]);
    expect(await ids(`${near}&distance=10`)).toEqual([1, 2, 7, 3]);
    expect(await ids(`${near}&distance=13`)).toEqual([1, 2, 7, 3, 6]);
    expect(await ids(`${near}&distance=20`)).toEqual([1, 2, 7, 3, 6, 4]);
    expect(await ids('latitude=0&longitude=0&distance=1')).toEqual([5]);
    // The real view orders by distance only when the query names no `order`.
    expect(await ids(`${near}&distance=20&order=`)).toEqual([1, 2, 3, 4, 6, 7]);
  });

  it('answers a distance search in the real service\'s distance shape: the distance in km, fewer properties', async () => {
    const response = await t.app.inject(`/api/counters/?latitude=${kamppi.latitude}&longitude=${kamppi.longitude}&distance=4`);
    const [first, second] = response.json().results.features;
    // Kamppi itself: Python writes a zero float as 0.0.
    expect(response.body).toContain('"distance":0.0,"properties"');
    expect(first).toEqual({
      id: 1,
      geometry: { type: 'Point', coordinates: [kamppi.longitude, kamppi.latitude] },
      distance: 0,
      properties: { id: 1, name: 'Counter 1', source: 'EcoCounter', classifying: false, crsEpsg: 4326, distance: 0 },
    });
    expect(Object.keys(second)).toEqual(['id', 'geometry', 'distance', 'properties']);
    // Pasila is 3.34 km from Kamppi (haversine on the mean Earth radius).
    expect(second.distance).toBeCloseTo(3.3363, 3);
    expect(second.properties.distance).toBe(second.distance);
    const csv = (await t.app.inject(`/api/counters/?latitude=${kamppi.latitude}&longitude=${kamppi.longitude}&distance=4&format=csv`)).body;
    const [header, row1, row2] = csv.split('\r\n');
    expect(header).toMatch(/,longitude,latitude,distance$/);
    expect(row1).toMatch(/^1,.*,0\.0$/);
    expect(Number(row2!.split(',').pop())).toBe(second.distance);
  });

  it('combines the filters with AND', async () => {
    const near = `latitude=${kamppi.latitude}&longitude=${kamppi.longitude}&distance=20`;
    expect(await ids(`${near}&source=ecocounter`)).toEqual([1, 4]);
    expect(await ids(`${near}&source=ecocounter&municipality_code=092`)).toEqual([4]);
  });

  it('needs latitude, longitude and distance together and names the missing ones', async () => {
    const missing = (names: string) => ({
      'Missing parameters': [`Missing query argument(s): ${names}. Latitude, longitude and distance must all be provided.`],
    });
    expect(await error('latitude=60.1')).toEqual(missing('longitude, distance'));
    expect(await error('longitude=24.9&distance=2')).toEqual(missing('latitude'));
    expect(await error('distance=2&latitude=')).toEqual(missing('latitude, longitude'));
  });

  it('names each field that is not a valid number, with DRF\'s and Django\'s messages', async () => {
    expect(await error('latitude=abc&longitude=24.9&distance=1')).toEqual({ latitude: ['A valid number is required.'] });
    expect(await error('latitude=91&longitude=24.9&distance=1')).toEqual({ latitude: ['Ensure this value is less than or equal to 90.'] });
    expect(await error('latitude=60&longitude=east&distance=abc')).toEqual({
      longitude: ['A valid number is required.'],
      distance: ['A valid number is required.'],
    });
    expect(await error('latitude=NaN&longitude=Infinity&distance=1')).toEqual({ latitude: ['Enter a number.'], longitude: ['Enter a number.'] });
  });

  it('checks filters before the page, as DRF does', async () => {
    expect(await error('latitude=x&longitude=1&distance=1&page=99')).toEqual({ latitude: ['A valid number is required.'] });
  });

  it('pages filtered results and keeps the filters in the links', async () => {
    const response = await t.app.inject('/api/counters/?source=ecocounter&page_size=1&page=2');
    const body = response.json();
    expect(body.count).toBe(3);
    expect(body.results.features.map((f: { id: number }) => f.id)).toEqual([4]);
    expect(body.next).toBe('http://localhost:80/api/counters/?page=3&page_size=1&source=ecocounter');
    expect(body.previous).toBe('http://localhost:80/api/counters/?page_size=1&source=ecocounter');

    const near = (await t.app.inject('/api/counters/?latitude=60.169&longitude=24.932&distance=13&page_size=2&page=last')).json();
    expect(near.count).toBe(5);
    expect(near.results.features.map((f: { id: number }) => f.id)).toEqual([6]);
    expect(near.previous).toBe('http://localhost:80/api/counters/?distance=13&latitude=60.169&longitude=24.932&page=2&page_size=2');
  });
});
