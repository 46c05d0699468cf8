import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoServiceTypes } from '../../../src/server/demo/service-types';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, signIn } from '../moderation/moderation-client';
import { urlencoded, validReport } from './form';

/** The demo service types' own questions: served by language, checked on submission, stored. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  for (const type of demoServiceTypes) await t.repositories.serviceTypes.upsert(type);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const post = (fields: Record<string, string | string[]>) =>
  t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...validReport, api_key: t.apiKey, ...fields }) });

describe('the demo service definitions', () => {
  it('mark the types with questions as having metadata', async () => {
    const list = (await get('/open311/v1/services.json')).json() as { service_code: string; metadata: boolean }[];
    const demoCodes = new Set(demoServiceTypes.map((type) => type.service_code));
    const withQuestions = list.filter((type) => type.metadata && demoCodes.has(type.service_code)).map((type) => type.service_code);
    expect(withQuestions.sort()).toEqual(['171', '174', '180', '211', '234']);
  });

  it('ask every datatype between them, each with a question in fi, sv and en', async () => {
    const datatypes = new Set(demoServiceTypes.flatMap((type) => type.attributes.map((attribute) => attribute.datatype)));
    expect([...datatypes].sort()).toEqual(['datetime', 'multivaluelist', 'number', 'singlevaluelist', 'string', 'text']);
    for (const attribute of demoServiceTypes.flatMap((type) => type.attributes)) {
      expect(Object.keys(attribute.descriptions ?? {}).sort()).toEqual(['en', 'fi', 'sv']);
      for (const value of attribute.values) expect(Object.keys(value.names ?? {}).sort()).toEqual(['en', 'fi', 'sv']);
    }
  });

  it.each([
    ['', 'How big is the pothole?', 'Small (under 20 cm)'],
    ['?locale=fi', 'Kuinka suuri kuoppa on?', 'Pieni (alle 20 cm)'],
    ['?locale=sv_FI', 'Hur stor är gropen?', 'Liten (under 20 cm)'],
  ])('answer the pothole definition%s in its language', async (query, question, firstValue) => {
    const body = (await get(`/open311/v1/services/171.json${query}`)).json();
    expect(body.service_code).toBe('171');
    expect(body.attributes.map((attribute: { code: string }) => attribute.code)).toEqual(['pothole_size', 'dangerous', 'depth_cm', 'noticed_at']);
    expect(body.attributes[0]).toEqual({
      variable: true,
      code: 'pothole_size',
      datatype: 'singlevaluelist',
      required: false,
      datatype_description: '',
      order: 1,
      description: question,
      values: [
        { key: 'small', name: firstValue },
        { key: 'medium', name: expect.any(String) },
        { key: 'large', name: expect.any(String) },
      ],
    });
  });

  it('answer the same localized definition in XML', async () => {
    const xml = (await get('/open311/v1/services/174.xml?locale=sv')).body;
    expect(xml).toContain('<description>Var i parken?</description>');
    expect(xml).toContain('<key>lawn</key><name>Gräsmatta</name>');
  });
});

describe('a report answering the demo questions', () => {
  it('may leave the optional questions out, as a client that never reads definitions does', async () => {
    const response = await post({});
    expect(response.statusCode).toBe(200);
    expect((await t.repositories.serviceRequests.find(response.json()[0].service_request_id))?.attributes).toEqual({});
  });

  it('is stored with its answers, each datatype as sent', async () => {
    const pothole = await post({
      'attribute[pothole_size]': 'large',
      'attribute[dangerous]': 'yes',
      'attribute[depth_cm]': '12.5',
      'attribute[noticed_at]': '2026-11-20T08:15:00+02:00',
    });
    expect(pothole.statusCode).toBe(200);
    const stored = await t.repositories.serviceRequests.find(pothole.json()[0].service_request_id);
    expect(stored?.attributes).toEqual({ pothole_size: 'large', dangerous: 'yes', depth_cm: '12.5', noticed_at: '2026-11-20T08:15:00+02:00' });

    const playground = await post({ service_code: '211', 'attribute[equipment][]': ['swing', 'fence'] });
    expect(playground.statusCode).toBe(200);
    expect((await t.repositories.serviceRequests.find(playground.json()[0].service_request_id))?.attributes).toEqual({ equipment: ['swing', 'fence'] });

    const light = await post({ service_code: '180', 'attribute[pole_number]': 'K-1234' });
    expect((await t.repositories.serviceRequests.find(light.json()[0].service_request_id))?.attributes).toEqual({ pole_number: 'K-1234' });
  });

  it('is refused with every problem when answers break the rules', async () => {
    const response = await post({ 'attribute[depth_cm]': 'deep', 'attribute[noticed_at]': '2026-11-20T08:15', 'attribute[dangerous]': 'maybe' });
    expect(response.statusCode).toBe(400);
    const descriptions = (response.json() as { description: string }[]).map((record) => record.description);
    expect(descriptions).toEqual([
      'attribute[dangerous] must be one of yes, no',
      'attribute[depth_cm] must be one number',
      'attribute[noticed_at] must be one W3C datetime',
    ]);
    const playground = await post({ service_code: '211' });
    expect(playground.json()[0].description).toBe('attribute[equipment] is required: Which equipment is it about?');
    const park = await post({ service_code: '174', 'attribute[park_area]': 'roof' });
    expect(park.json()[0].description).toBe('attribute[park_area] must be one of path, lawn, flowerbed, bench, other');
    expect(await t.sql.get('SELECT COUNT(*) AS n FROM service_requests WHERE attributes_json LIKE ?', '%roof%')).toEqual({ n: 0 });
  });
});

describe('the answers in moderation', () => {
  it('reach moderators in their language, list answers by name, and never the public answer', async () => {
    const created = await post({
      service_code: '211',
      'attribute[equipment][]': ['slide', 'sandpit'],
    });
    const id = created.json()[0].service_request_id as string;
    await addModerator(t, 'maija', 'correct horse battery');
    const session = await signIn(t);
    const detail = (await session.request('GET', `/requests/${id}?locale=fi`)).json();
    expect(detail.answers).toEqual([{ code: 'equipment', question: 'Mitä välineitä asia koskee?', datatype: 'multivaluelist', answers: ['Liukumäki', 'Hiekkalaatikko'] }]);

    const publicAnswer = (await get(`/open311/v1/requests/${id}.json?extensions=true`)).body;
    expect(publicAnswer).not.toContain('sandpit');
    expect(publicAnswer).not.toContain('equipment');
  });
});
