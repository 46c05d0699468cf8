import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObservationRecord } from '../../../src/server/storage/repositories/types';
import { bicycleCount } from '../../helpers/observation-records';
import { createCountersApp, type CountersTestApp } from '../counters/counters-app';

const hour = 3_600_000;
// 2025-06-02 is a Monday; Helsinki is at +03:00 then.
const t0 = Date.parse('2025-06-02T00:00:00+03:00');

const observation = (overrides: Partial<ObservationRecord>): ObservationRecord => bicycleCount({ datetime: t0, value: 1, ...overrides });

describe('observations, aggregate, sources and the API root', () => {
  let test: CountersTestApp;
  const get = async (url: string) => {
    const answer = await test.app.inject({ method: 'GET', url, headers: { host: 'counters.test' } });
    return { status: answer.statusCode, body: answer.body === '' ? undefined : answer.json(), headers: answer.headers };
  };

  beforeAll(async () => {
    test = await createCountersApp([], { ALLOWED_HOSTS: 'counters.test' });
    const records: ObservationRecord[] = [];
    // Counter 7: 48 hours in two directions, value = hour index; counter 8 one row; speeds of 7.
    for (let h = 0; h < 48; h += 1) {
      records.push(observation({ datetime: t0 + h * hour, value: h }));
      records.push(observation({ datetime: t0 + h * hour, direction: 'out', value: 1 }));
    }
    records.push(observation({ counterId: 8, source: 'Fintraffic', vehicleType: 'car', datetime: t0 + 3 * hour, value: 99 }));
    // Counter 9: 72 hours across the end of summer time (2025-10-26 04:00 +03:00 → 03:00 +02:00).
    const autumn = Date.parse('2025-10-25T00:00:00+03:00');
    for (let h = 0; h < 72; h += 1) records.push(observation({ counterId: 9, datetime: autumn + h * hour, value: 1 }));
    records.push(observation({ measurementType: 'speed', unit: 'km/h', datetime: t0, value: 20 }));
    records.push(observation({ measurementType: 'speed', unit: 'km/h', datetime: t0 + hour, value: 25 }));
    await test.store.observations.upsertMany(records);
    await test.store.observations.upsertSources([
      { name: 'Fintraffic', license: 'CC BY 4.0', descriptions: { fi: 'Liikennetiedot', sv: 'Trafikdata', en: 'Traffic data' } },
      { name: 'EcoCounter', license: 'CC BY 4.0', descriptions: { fi: 'Pyöräilijät', sv: 'Cyklister', en: 'Cyclists' } },
    ]);
  });
  afterAll(() => test.close());

  it('lists observations newest first in the real serializer fields, with cursor links that walk every row once', async () => {
    const first = await get('/api/observations/?counter=7&measurement_type=count&page_size=30');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json');
    expect(first.headers['access-control-allow-origin']).toBe('*');
    expect(Object.keys(first.body)).toEqual(['next', 'previous', 'results']);
    expect(first.body.previous).toBeNull();
    expect(first.body.results[0]).toEqual({
      typeofmeasurement: 'count',
      phenomenondurationseconds: 3600,
      vehicletype: 'bicycle',
      direction: 'in',
      unit: 'pcs',
      value: 47,
      datetime: '2025-06-03T23:00:00+03:00',
      source: 'EcoCounter',
      counter: 'http://counters.test/api/counters/7/',
      counterId: 7,
    });
    const seen: string[] = [];
    let page = first.body;
    let pages = 0;
    for (;;) {
      pages += 1;
      seen.push(...page.results.map((row: { datetime: string; direction: string }) => `${row.datetime} ${row.direction}`));
      if (!page.next) break;
      expect(page.next.startsWith('http://counters.test/api/observations/?counter=7&cursor=')).toBe(true);
      page = (await get(page.next.replace('http://counters.test', ''))).body;
    }
    expect(pages).toBe(4);
    expect(seen).toHaveLength(96);
    expect(new Set(seen).size).toBe(96);
    // Back from the second page: the first page again.
    const second = (await get(first.body.next.replace('http://counters.test', ''))).body;
    const back = (await get(second.previous.replace('http://counters.test', ''))).body;
    expect(back.results).toEqual(first.body.results);
  });

  it('filters by counter list, dates (local days, end inclusive), measurement type and source, and orders', async () => {
    const rows = async (query: string) => (await get(`/api/observations/?${query}`)).body.results;
    expect((await rows('counter=8,10')).map((row: { counterId: number }) => row.counterId)).toEqual([8]);
    expect(await rows('start_date=2025-06-03&end_date=2025-06-03&counter=7&measurementType=count')).toHaveLength(48);
    expect(await rows('end_date=2025-06-02&counter=7&measurement_type=COUNT')).toHaveLength(48);
    expect((await rows('source=fintraffic'))[0].vehicletype).toBe('car');
    const ascending = await rows('order=datetime&counter=7&measurement_type=count&page_size=2');
    expect(ascending.map((row: { datetime: string; direction: string }) => [row.datetime, row.direction])).toEqual([
      ['2025-06-02T00:00:00+03:00', 'in'],
      ['2025-06-02T00:00:00+03:00', 'out'],
    ]);
    expect((await rows('order=-counter&page_size=1'))[0].counterId).toBe(9);
  });

  it('pages by number when `page` is given', async () => {
    const answer = await get('/api/observations/?counter=7&measurement_type=count&page=2&page_size=40');
    expect(answer.body.count).toBe(96);
    expect(answer.body.results).toHaveLength(40);
    expect(answer.body.previous).toBe('http://counters.test/api/observations/?counter=7&measurement_type=count&page=1&page_size=40');
    expect(answer.body.next).toBe('http://counters.test/api/observations/?counter=7&measurement_type=count&page=3&page_size=40');
    expect((await get('/api/observations/?page=99')).body).toEqual({ detail: 'Invalid page.' });
  });

  it('answers bad filters and cursors in DRF shapes', async () => {
    expect(await get('/api/observations/?counter=x&start_date=2025-13-01&order=name')).toMatchObject({
      status: 400,
      body: { counter: ['Enter a number.'], startDate: ['Enter a valid date.'], order: ['Select a valid choice. name is not one of the available choices.'] },
    });
    expect(await get('/api/observations/?cursor=bm9wZQ')).toMatchObject({ status: 404, body: { detail: 'Invalid cursor' } });
    expect(await get('/api/observations/?cursor=%%%')).toMatchObject({ status: 404, body: { detail: 'Invalid cursor' } });
    // A position that is no list of the order's values.
    const wrongPosition = Buffer.from('p=%5B%22x%22%5D').toString('base64');
    expect(await get(`/api/observations/?cursor=${wrongPosition}`)).toMatchObject({ status: 404, body: { detail: 'Invalid cursor' } });
    expect(await get('/api/observations/?format=xml')).toMatchObject({ status: 404, body: { detail: 'Not found.' } });
    const redirect = await get('/api/observations?counter=7');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/api/observations/?counter=7');
  });

  it('aggregates one counter per hour, day, week and month in local time, summing counts and averaging speeds', async () => {
    const day = await get('/api/observations/aggregate/?counter=7&period=day&measurement_type=count');
    expect(day.status).toBe(200);
    expect(day.body).toEqual({
      count: 4,
      next: null,
      previous: null,
      results: [
        { period: 'day', counterId: 7, startTime: '2025-06-03T00:00:00+03:00', direction: 'in', unit: 'pcs', aggregatedValue: 24 * 24 + 276 },
        { period: 'day', counterId: 7, startTime: '2025-06-03T00:00:00+03:00', direction: 'out', unit: 'pcs', aggregatedValue: 24 },
        { period: 'day', counterId: 7, startTime: '2025-06-02T00:00:00+03:00', direction: 'in', unit: 'pcs', aggregatedValue: 276 },
        { period: 'day', counterId: 7, startTime: '2025-06-02T00:00:00+03:00', direction: 'out', unit: 'pcs', aggregatedValue: 24 },
      ],
    });
    const week = (await get('/api/observations/aggregate/?counter=7&period=week&measurement_type=count&order=start_time')).body.results;
    expect(week.map((row: { startTime: string; aggregatedValue: number }) => [row.startTime, row.aggregatedValue])).toEqual([
      ['2025-06-02T00:00:00+03:00', 1128],
      ['2025-06-02T00:00:00+03:00', 48],
    ]);
    const month = (await get('/api/observations/aggregate/?counter=7&period=month&measurement_type=count&end_date=2025-06-02')).body.results;
    expect(month[0]).toMatchObject({ startTime: '2025-06-01T00:00:00+03:00', aggregatedValue: 276 });
    const hourly = (await get('/api/observations/aggregate/?counter=7&period=hour&measurement_type=count&page_size=2&page=2')).body;
    expect(hourly.count).toBe(96);
    expect(hourly.results[0]).toMatchObject({ startTime: '2025-06-03T22:00:00+03:00', direction: 'in', aggregatedValue: 46 });
    const speed = (await get('/api/observations/aggregate/?counter=7&period=day&measurement_type=speed')).body.results;
    expect(speed).toEqual([{ period: 'day', counterId: 7, startTime: '2025-06-02T00:00:00+03:00', direction: 'in', unit: 'km/h', aggregatedValue: 22.5 }]);
  });

  it('folds local days across a change of UTC offset (a 25-hour day)', async () => {
    const days = (await get('/api/observations/aggregate/?counter=9&period=day&measurement_type=count&order=start_time')).body.results;
    expect(days.map((row: { startTime: string; aggregatedValue: number }) => [row.startTime, row.aggregatedValue])).toEqual([
      ['2025-10-25T00:00:00+03:00', 24],
      ['2025-10-26T00:00:00+03:00', 25],
      ['2025-10-27T00:00:00+02:00', 23],
    ]);
    const month = (await get('/api/observations/aggregate/?counter=9&period=month&measurement_type=count')).body.results;
    expect(month).toEqual([{ period: 'month', counterId: 9, startTime: '2025-10-01T00:00:00+03:00', direction: 'in', unit: 'pcs', aggregatedValue: 72 }]);
  });

  it('requires counter, period and measurement type for the aggregate', async () => {
    expect(await get('/api/observations/aggregate/')).toMatchObject({
      status: 400,
      body: { counter: ['This field is required.'], period: ['This field is required.'], measurementType: ['This field is required.'] },
    });
    expect(await get('/api/observations/aggregate/?counter=7&period=decade&measurement_type=count')).toMatchObject({
      status: 400,
      body: { period: ['Select a valid choice. decade is not one of the available choices.'] },
    });
    expect((await get('/api/observations/aggregate/?counter=7.5&period=day&measurement_type=count')).body.count).toBe(0);
  });

  it('lists data sources by name with the description in the requested language', async () => {
    expect((await get('/api/metadata/sources/')).body).toEqual([
      { name: 'EcoCounter', license: 'CC BY 4.0', description: 'Cyclists' },
      { name: 'Fintraffic', license: 'CC BY 4.0', description: 'Traffic data' },
    ]);
    expect((await get('/api/metadata/sources/?language=fi')).body[0].description).toBe('Pyöräilijät');
    expect((await get('/api/metadata/sources/Fintraffic/?language=sv')).body).toEqual({ name: 'Fintraffic', license: 'CC BY 4.0', description: 'Trafikdata' });
    expect(await get('/api/metadata/sources/?language=de')).toMatchObject({
      status: 400,
      body: { language: 'Select a valid choice. de is not one of the available choices.' },
    });
    expect(await get('/api/metadata/sources/Nobody/')).toMatchObject({ status: 404, body: { detail: 'No Datasource matches the given query.' } });
  });

  it('answers the API root with every list URL', async () => {
    expect(await get('/api/')).toMatchObject({
      status: 200,
      body: {
        counters: 'http://counters.test/api/counters/',
        observations: 'http://counters.test/api/observations/',
        'observations/aggregate': 'http://counters.test/api/observations/aggregate/',
        'metadata/sources': 'http://counters.test/api/metadata/sources/',
      },
    });
  });
});
