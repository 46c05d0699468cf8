/**
 * Deadlines (issue 41, item 6): a published report still open past its service type's target time
 * to close is `overdue` in the moderators' lists, and `?flag=overdue` lists only those. Runs on both
 * engines (server-postgres): the filter is SQL over the type's target, the marker is the view's.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testServiceTypes, type TestApp } from '../../helpers/georeport-app';
import { appWithModerator, signIn, submitRequest, type ModeratorSession } from './moderation-client';

let t: TestApp;
let session: ModeratorSession;
let ids: Record<string, string>;

const day = 86_400_000;
type Item = { service_request_id: string; flags: string[] };

let spot = 0;
/** Each report at its own spot, so none is another's likely duplicate, a second after the last: a fixed order. */
async function submitted(description: string, serviceCode = '171'): Promise<string> {
  spot += 1;
  t.clock.now += 1000;
  return submitRequest(t, { description, service_code: serviceCode, lat: (60.17 + spot * 0.002).toFixed(4), long: '24.9384' });
}

async function published(description: string, serviceCode?: string): Promise<string> {
  const id = await submitted(description, serviceCode);
  expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
  return id;
}

const listed = async (url: string): Promise<Item[]> => {
  const response = await session.request('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
};
const idsOf = (items: Item[]) => items.map((item) => item.service_request_id);

/** Days pass: the app's clock moves, and the moderator signs in again (a session lasts less). */
async function later(ms: number): Promise<void> {
  t.clock.now += ms;
  session = await signIn(t);
}

beforeEach(async () => {
  ({ t, session } = await appWithModerator());
  // Potholes (171) are to be closed within 7 days; traffic signs (198) have no target.
  await t.store.serviceTypes.upsert({ ...testServiceTypes[0]!, target_days: 7 });
  ids = {
    late: await published('The pothole at the school crossing is deeper each week.'),
    closedLate: await published('A pothole in front of the fire station.'),
    noTarget: await published('The give way sign has fallen over.', '198'),
    pending: await submitted('A pothole at the bus stop, still in the queue.'),
  };
  await later(5 * day);
  ids.fresh = await published('A new pothole opened after the frost.');
  await later(2 * day + 1);
}, 30_000);
afterEach(() => t.close());

describe('overdue reports in the moderation lists', () => {
  it('marks a published open report past its type’s target, and no other', async () => {
    const flags = new Map((await listed('/requests?state=published&limit=200')).map((item) => [item.service_request_id, item.flags]));
    expect(flags.get(ids.late!)).toEqual(['overdue']);
    expect(flags.get(ids.closedLate!)).toEqual(['overdue']);
    expect(flags.get(ids.noTarget!)).toEqual([]);
    expect(flags.get(ids.fresh!)).toEqual([]);
    expect((await listed('/queue')).find((item) => item.service_request_id === ids.pending)!.flags).toEqual([]);
  });

  it('?flag=overdue lists only them, newest first, and a report closed since leaves the list', async () => {
    expect(idsOf(await listed('/requests?state=published&flag=overdue'))).toEqual([ids.closedLate, ids.late]);
    // A flag alone lists published requests; the queue holds none that can be overdue.
    expect(idsOf(await listed('/requests?flag=overdue'))).toEqual([ids.closedLate, ids.late]);
    expect(await listed('/queue?flag=overdue')).toEqual([]);

    const closed = await session.request('POST', `/requests/${ids.closedLate}/status`, { detailed_status: ['PROCESSED'] });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().flags).toEqual([]);
    expect(idsOf(await listed('/requests?state=published&flag=overdue'))).toEqual([ids.late]);

    // The fresh one, made five days after the others, is overdue five days after them.
    await later(5 * day);
    expect(idsOf(await listed('/requests?state=published&flag=overdue&limit=1'))).toEqual([ids.fresh]);
  });

  it('a target set by a later import counts from each report’s own time', async () => {
    await t.store.serviceTypes.upsert({ ...testServiceTypes[1]!, target_days: 7 });
    expect(idsOf(await listed('/requests?state=published&flag=overdue'))).toEqual([ids.noTarget, ids.closedLate, ids.late]);
    await t.store.serviceTypes.upsert(testServiceTypes[0]!);
    expect(idsOf(await listed('/requests?state=published&flag=overdue'))).toEqual([ids.noTarget]);
  });
});
