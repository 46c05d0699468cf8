/**
 * When a report's forward job is queued (issue 27): at its publication for a body with a case
 * system, or at once for one that set `"premoderation": false`; never for a console body.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BodyRecord } from '../../../src/server/storage/repositories/bodies';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { addModerator, signIn, type ModeratorSession } from '../moderation/moderation-client';
import { urlencoded, validReport } from './form';

/** Side by side, 0.1° wide each, so a report's longitude picks its body. */
function body(id: string, index: number, send: BodyRecord['send']): BodyRecord {
  const west = 24 + index / 10;
  const east = west + 0.1;
  return {
    id,
    jurisdiction_id: `${id}.test`,
    names: { fi: id, sv: id, en: id },
    area: { type: 'Polygon', coordinates: [[[west, 60], [east, 60], [east, 60.1], [west, 60.1], [west, 60]]] },
    services: [validReport.service_code],
    send,
  };
}
const open311 = { method: 'open311' as const, endpoint: 'https://cases.example.fi/open311/v1', api_key: 'k' };
const bodies = [
  body('moderated', 0, open311),
  body('at-once', 1, { ...open311, premoderation: false }),
  body('mail-at-once', 2, { method: 'email', to: 'cases@example.fi', premoderation: false }),
  body('console-at-once', 3, { method: 'console', premoderation: false }),
  body('console', 4, { method: 'console' }),
];
const longitudeOf = (bodyId: string) => String(24.05 + bodies.findIndex((entry) => entry.id === bodyId) / 10);

let t: TestApp;
let moderator: ModeratorSession;

beforeEach(async () => {
  t = await createTestApp();
  await t.store.bodies.importAll(bodies);
  await addModerator(t, 'maija', 'correct horse battery');
  moderator = await signIn(t);
}, 30_000);
afterEach(() => t.close());

async function reportTo(bodyId: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/open311/v1/requests.json',
    ...urlencoded({ service_code: validReport.service_code, description: validReport.description, api_key: t.apiKey, lat: '60.05', long: longitudeOf(bodyId) }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json()[0].service_request_id;
}
const jobs = async () => (await t.store.forwards.list({ limit: 100 })).map(({ service_request_id, body_id, method }) => ({ service_request_id, body_id, method }));

describe('forward jobs', () => {
  it('are queued at creation only for a case-system body with premoderation false', async () => {
    const ids = Object.fromEntries(await Promise.all(bodies.map(async (entry) => [entry.id, await reportTo(entry.id)] as const)));
    expect((await jobs()).sort((a, b) => a.body_id.localeCompare(b.body_id))).toEqual([
      { service_request_id: ids['at-once'], body_id: 'at-once', method: 'open311' },
      { service_request_id: ids['mail-at-once'], body_id: 'mail-at-once', method: 'email' },
    ]);
  });

  it('are queued by the publication for a case-system body, and only once', async () => {
    const moderated = await reportTo('moderated');
    const inConsole = await reportTo('console');
    const atOnce = await reportTo('at-once');
    expect(await jobs()).toEqual([{ service_request_id: atOnce, body_id: 'at-once', method: 'open311' }]);
    for (const id of [moderated, inConsole, atOnce]) {
      expect((await moderator.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
    }
    const queued = await jobs();
    expect(queued).toHaveLength(2);
    expect(queued).toEqual(expect.arrayContaining([
      { service_request_id: atOnce, body_id: 'at-once', method: 'open311' },
      { service_request_id: moderated, body_id: 'moderated', method: 'open311' },
    ]));
  });
});
