/** The public, dated history (Kerro extension): every public change with its date, earlier notes kept; JSON and XML alike. */
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { stringifyLeaves, xmlToJsonShape } from '../../helpers/xml';
import { appWithModerator, publicDetail, submitRequest, type ModeratorSession } from '../moderation/moderation-client';

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator()));
afterEach(() => t.close());

it('lists received, published, each status change and each note with its date; a replaced note stays in it', async () => {
  const id = await submitRequest(t);
  const hour = 3_600_000;
  t.clock.now += hour;
  await session.request('POST', `/requests/${id}/publish`);
  t.clock.now += hour;
  await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Work starts on Monday.' });
  t.clock.now += hour;
  await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Delayed by the weather.' });
  t.clock.now += hour;
  await session.request('PATCH', `/requests/${id}`, { title: 'Edited title' }); // not a public status change: no entry
  await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'] });

  const request = await publicDetail(t, id);
  expect(request.status_notes).toBe('Delayed by the weather.');
  expect(request.extended_attributes.history).toEqual([
    { kind: 'received', datetime: '2026-11-20T14:00:00+02:00', detailed_status: 'RECEIVED' },
    { kind: 'published', datetime: '2026-11-20T15:00:00+02:00', detailed_status: 'RECEIVED' },
    { kind: 'status', datetime: '2026-11-20T16:00:00+02:00', detailed_status: 'IN_PROCESS', note: 'Work starts on Monday.' },
    { kind: 'note', datetime: '2026-11-20T17:00:00+02:00', detailed_status: 'IN_PROCESS', note: 'Delayed by the weather.' },
    { kind: 'status', datetime: '2026-11-20T18:00:00+02:00', detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED' },
  ]);

  const xml = (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.xml?extensions=true` })).body;
  expect(xml).toContain('<history><entry><kind>received</kind><datetime>2026-11-20T14:00:00+02:00</datetime>');
  expect(xmlToJsonShape(xml)).toEqual(stringifyLeaves([request]));
  // The listing says the same; without extensions there is no history.
  const listed = (await t.app.inject({ method: 'GET', url: `/open311/v1/requests.json?extensions=true&service_request_id=${id}` })).json();
  expect(listed[0].extended_attributes.history).toEqual(request.extended_attributes.history);
  const plain = (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json` })).json();
  expect(plain[0].extended_attributes).toBeUndefined();
});
