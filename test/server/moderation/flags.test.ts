/**
 * What needs attention in the moderators' lists (issue 41, item 1): each request's `flags`, and
 * `?flag=` on the queue and the lists returning only the requests with it. Flags come from real
 * rows: open abuse reports, a "not fixed" answer, forward jobs as the sender leaves them, likely
 * duplicates by place, type and text.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { appWithModerator, submitRequest, type ModeratorSession } from './moderation-client';

let t: TestApp;
let session: ModeratorSession;
let ids: Record<string, string>;

type Item = { service_request_id: string; flags: string[] };
const harbour = { lat: '60.1550', long: '24.9550' };

let spot = 0;
/** Each report at its own spot 200 m from the last, a second after it, unless placed by the test: no accidental duplicates, a fixed order. */
async function submitted(description: string, place?: Record<string, string>): Promise<string> {
  spot += 1;
  t.clock.now += 1000;
  return submitRequest(t, { description, ...(place ?? { lat: (60.17 + spot * 0.002).toFixed(4), long: '24.9384' }) });
}

async function published(description: string, place?: Record<string, string>): Promise<string> {
  const id = await submitted(description, place);
  expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
  return id;
}

type Job = { sent_at?: number; failed_at?: number; remote_id?: string; remote_updated_at?: number };
async function addJob(id: string, job: Job): Promise<void> {
  await t.sql.run(
    `INSERT INTO forwards (service_request_id, body_id, method, idempotency_key, created_at, attempts, next_attempt_at, uncertain, sent_at, failed_at, last_error, remote_id, remote_updated_at)
     VALUES (?, 'hel', ?, ?, ?, 1, ?, 0, ?, ?, NULL, ?, ?)`,
    id,
    job.remote_id === undefined && job.sent_at !== undefined ? 'email' : 'open311',
    `key-${id}`,
    t.clock.now,
    t.clock.now + 60_000,
    job.sent_at ?? null,
    job.failed_at ?? null,
    job.remote_id ?? null,
    job.remote_updated_at ?? null,
  );
}

beforeEach(async () => {
  ({ t, session } = await appWithModerator());
  const now = t.clock.now;
  ids = {
    plain: await published('The park bench has lost two planks.'),
    abuse: await published('Graffiti covers the whole underpass wall.'),
    reopened: await published('The streetlight by the library keeps flickering.'),
    failed: await published('Litter bins overflowing at the market square.'),
    sending: await published('A traffic sign is bent towards the road.'),
    sentNoStatus: await published('Water pours from a broken pipe on the pavement.'),
    sentUpdated: await published('The playground swing chain is broken.'),
    emailed: await published('Leaves block the drain at the crossing.'),
    duplicateFirst: await published('Deep pothole on the cycle path at the harbour gate.', harbour),
    duplicateSecond: await published('Deep pothole on the cycle path by the harbour gate!', harbour),
    pendingFailed: await submitted('Broken glass on the playground sand.'),
  };
  await t.repositories.abuseReports.add({ service_request_id: ids.abuse!, reason: 'A face in the photo.', email: null, created_at: now });
  await t.sql.run(
    "INSERT INTO questionnaires (service_request_id, closed_at, asked_at, answer, answered_at) VALUES (?, ?, ?, 'not_fixed', ?)",
    ids.reopened,
    now - 3000,
    now - 2000,
    now - 1000,
  );
  await addJob(ids.failed!, { failed_at: now });
  await addJob(ids.pendingFailed!, { failed_at: now });
  await addJob(ids.sending!, {});
  await addJob(ids.sentNoStatus!, { sent_at: now, remote_id: 'HEL-1' });
  await addJob(ids.sentUpdated!, { sent_at: now, remote_id: 'HEL-2', remote_updated_at: now + 1 });
  await addJob(ids.emailed!, { sent_at: now });
}, 30_000);
afterEach(() => t.close());

const listed = async (url: string): Promise<Item[]> => {
  const response = await session.request('GET', url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
};
const idsOf = (items: Item[]) => items.map((item) => item.service_request_id).sort();
const expected = (...names: string[]) => names.map((name) => ids[name]!).sort();

describe('flags in the moderation lists', () => {
  it('each request carries its flags as data: abuse, reopened, send failed, awaiting the case system, possible duplicate', async () => {
    const flags = new Map((await listed('/requests?state=published&limit=200')).map((item) => [item.service_request_id, item.flags]));
    expect(flags.get(ids.plain!)).toEqual([]);
    expect(flags.get(ids.abuse!)).toEqual(['abuse']);
    expect(flags.get(ids.reopened!)).toEqual(['reopened']);
    expect(flags.get(ids.failed!)).toEqual(['send_failed']);
    expect(flags.get(ids.sending!)).toEqual(['awaiting_case_system']);
    expect(flags.get(ids.sentNoStatus!)).toEqual(['awaiting_case_system']);
    expect(flags.get(ids.sentUpdated!)).toEqual([]);
    expect(flags.get(ids.emailed!)).toEqual([]);
    expect(flags.get(ids.duplicateFirst!)).toEqual(['possible_duplicate']);
    expect(flags.get(ids.duplicateSecond!)).toEqual(['possible_duplicate']);
    expect((await listed('/queue')).find((item) => item.service_request_id === ids.pendingFailed)!.flags).toEqual(['send_failed']);
  });

  it('?flag= on the published list returns only the requests with that flag', async () => {
    expect(idsOf(await listed('/requests?state=published&flag=abuse'))).toEqual(expected('abuse'));
    expect(idsOf(await listed('/requests?state=published&flag=reopened'))).toEqual(expected('reopened'));
    expect(idsOf(await listed('/requests?state=published&flag=send_failed'))).toEqual(expected('failed'));
    expect(idsOf(await listed('/requests?state=published&flag=awaiting_case_system'))).toEqual(expected('sending', 'sentNoStatus'));
    expect(idsOf(await listed('/requests?state=published&flag=possible_duplicate'))).toEqual(expected('duplicateFirst', 'duplicateSecond'));
    // A flag alone lists published requests, as issue 28's ?flag=abuse did.
    expect(idsOf(await listed('/requests?flag=abuse'))).toEqual(expected('abuse'));
  });

  it('?flag= on the queue filters the pending requests', async () => {
    expect(idsOf(await listed('/queue?flag=send_failed'))).toEqual(expected('pendingFailed'));
    expect(await listed('/queue?flag=abuse')).toEqual([]);
    const first = await submitted('Fallen tree across the harbour path.', harbour);
    const second = await submitted('A fallen tree across the harbour path!', harbour);
    const duplicates = await listed('/queue?flag=possible_duplicate');
    expect(idsOf(duplicates)).toEqual([first, second].sort());
    expect(duplicates.every((item) => item.flags.includes('possible_duplicate'))).toBe(true);
  });

  it('a filtered list pages with its cursor, possible duplicates too', async () => {
    for (const [flag, names] of [
      ['awaiting_case_system', ['sentNoStatus', 'sending']],
      ['possible_duplicate', ['duplicateSecond', 'duplicateFirst']],
    ] as const) {
      const first = (await session.request('GET', `/requests?state=published&flag=${flag}&limit=1`)).json();
      expect(first.items.map((item: Item) => item.service_request_id)).toEqual([ids[names[0]]]);
      expect(first.next_before).toBe(ids[names[0]]);
      const second = (await session.request('GET', `/requests?state=published&flag=${flag}&limit=1&before=${first.next_before}`)).json();
      expect(second.items.map((item: Item) => item.service_request_id)).toEqual([ids[names[1]]]);
    }
  });

  it('refuses an unknown flag with the moderation API’s own error, naming the flags it takes', async () => {
    for (const url of ['/requests?state=published&flag=stale', '/queue?flag=mine']) {
      const response = await session.request('GET', url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: {
          code: 'invalid_input',
          message: expect.stringContaining('flag must be one of abuse, reopened, send_failed, awaiting_case_system, overdue, possible_duplicate, assigned_to_me'),
          fields: [{ field: 'flag', code: 'unknown_value', message: 'flag must be one of abuse, reopened, send_failed, awaiting_case_system, overdue, possible_duplicate, assigned_to_me' }],
        },
      });
    }
  });
});
