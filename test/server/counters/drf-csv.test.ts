/**
 * `csv_layout=drf`: the real service's CSV (djangorestframework-csv flattening its features),
 * beside Kerro's readable default.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, createCountersApp, type CountersTestApp } from './counters-app';

const realHeader =
  'geometry.coordinates.0,geometry.coordinates.1,geometry.type,id,properties.classifying,properties.crs_epsg,' +
  'properties.data_received,properties.first_stored_observation,properties.id,properties.last_stored_observation,' +
  'properties.municipality_code,properties.name,properties.source,properties.source_id,type';

describe('GET /api/counters/?format=csv&csv_layout=drf', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([
      counter(1, { name: 'Baana, itään', classifying: true, longitude: 25, latitude: 60.1699 }),
      counter(2, { sourceId: null, firstStoredObservation: null, lastStoredObservation: null, name: '=SUM(A1)' }),
    ]);
  });
  afterAll(() => t.close());

  const body = async (url: string) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    return response.body;
  };

  it('flattens each feature to sorted dotted columns with Python\'s values, CRLF rows', async () => {
    const lines = (await body('/api/counters/?format=csv&csv_layout=drf')).split('\r\n');
    expect(lines[0]).toBe(realHeader);
    expect(lines[1]).toBe(
      '25.0,60.1699,Point,1,True,4326,True,2021-06-01T03:00:00+03:00,1,2024-01-15T12:00:00+02:00,091,"Baana, itään",EcoCounter,1001,Feature',
    );
    // Nulls are empty fields; a formula-like name is still neutralised.
    expect(lines[2]).toBe("24.9384,60.1699,Point,2,False,4326,True,,2,,091,'=SUM(A1),EcoCounter,,Feature");
    expect(lines[3]).toBe('');
  });

  it('takes camelCase (csvLayout), a suffix, one counter, and a distance search (its own columns)', async () => {
    expect((await body('/api/counters.csv?csvLayout=drf')).split('\r\n')[0]).toBe(realHeader);
    const single = (await body('/api/counters/1/?format=csv&csv_layout=drf')).split('\r\n');
    expect(single[0]).toBe(realHeader);
    expect(single).toHaveLength(3);
    const near = (await body('/api/counters/?format=csv&csv_layout=drf&latitude=60.1699&longitude=24.9384&distance=5')).split('\r\n');
    expect(near[0]).toBe(
      'distance,geometry.coordinates.0,geometry.coordinates.1,geometry.type,id,properties.classifying,properties.crs_epsg,properties.distance,properties.id,properties.name,properties.source',
    );
    expect(near[1]).toBe("0.0,24.9384,60.1699,Point,2,False,4326,0.0,2,'=SUM(A1),EcoCounter");
  });

  it('answers an empty page with an empty body, as the real renderer does; Kerro\'s layout stays the default', async () => {
    expect(await body('/api/counters/?format=csv&csv_layout=drf&source=nobody')).toBe('');
    expect((await body('/api/counters/?format=csv')).split('\r\n')[0]).toBe(
      'id,name,source,sourceId,classifying,crsEpsg,municipalityCode,dataReceived,firstStoredObservation,lastStoredObservation,longitude,latitude',
    );
  });
});
