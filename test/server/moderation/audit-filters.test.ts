/**
 * The audit log's filters (issue 41, item 10): GET /audit?moderator=&action=&from=&to=, days read
 * in the installation's time zone (Europe/Helsinki here), and input the schema refuses answered in
 * the moderation API's error format, naming the field and what to send.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { addModerator, appWithModerator, signIn, submitRequest, type ModeratorSession } from './moderation-client';

let t: TestApp;
let maija: ModeratorSession;
const passwords: Record<string, string> = { maija: 'correct horse battery', ville: 'another horse battery' };

type Entry = { moderator: string; action: string; service_request_id: string | null; at: string };
const listed = async (query: string) => {
  const response = await maija.request('GET', `/audit?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Entry[] }).items.map((entry) => [entry.moderator, entry.action, entry.at]);
};

/** Signs in (a session of its own, audited too) and publishes a new report at that instant. */
async function publishAt(name: string, utc: string): Promise<void> {
  t.clock.now = Date.parse(utc);
  const session = await signIn(t, name, passwords[name]);
  const id = await submitRequest(t);
  expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(200);
}

beforeEach(async () => {
  ({ t } = await appWithModerator());
  await addModerator(t, 'ville', passwords.ville!);
  // 23:30 on the 20th and 00:30 on the 21st in Helsinki (UTC+2).
  await publishAt('maija', '2026-11-20T21:30:00Z');
  await publishAt('ville', '2026-11-20T22:30:00Z');
  await publishAt('maija', '2026-11-22T10:00:00Z');
  maija = await signIn(t);
}, 30_000);
afterEach(() => t.close());

describe('GET /audit filters', () => {
  it('keeps the entries of one moderator, of one action, and of the local days from–to, each alone and together', async () => {
    expect(await listed('moderator=ville')).toEqual([
      ['ville', 'publish', '2026-11-21T00:30:00+02:00'],
      ['ville', 'sign_in', '2026-11-21T00:30:00+02:00'],
    ]);
    expect((await listed('action=publish')).map(([moderator]) => moderator)).toEqual(['maija', 'ville', 'maija']);
    expect(await listed('from=2026-11-21&to=2026-11-21')).toEqual([
      ['ville', 'publish', '2026-11-21T00:30:00+02:00'],
      ['ville', 'sign_in', '2026-11-21T00:30:00+02:00'],
    ]);
    expect(await listed('to=2026-11-20&action=publish')).toEqual([['maija', 'publish', '2026-11-20T23:30:00+02:00']]);
    expect(await listed('from=2026-11-21&moderator=maija&action=publish')).toEqual([['maija', 'publish', '2026-11-22T12:00:00+02:00']]);
    expect(await listed('moderator=nobody')).toEqual([]);
  });

  it('refuses a bad filter with the field, its problem code and what to send', async () => {
    const refused = async (query: string) => {
      const response = await maija.request('GET', `/audit?${query}`);
      expect(response.statusCode).toBe(400);
      const { error } = response.json() as { error: { code: string; message: string; fields: { field: string; code: string; message: string }[] } };
      expect(error.code).toBe('invalid_input');
      return error.fields.map(({ field, code, message }) => [field, code, message]);
    };
    expect(await refused('action=publish_everything')).toEqual([
      ['action', 'unknown_value', expect.stringMatching(/^action must be one of sign_in, sign_out, publish, .*reopen_by_reporter, assign, unassign, internal_note, response_create, response_edit, response_delete, recorded_by_staff$/)],
    ]);
    expect(await refused('from=2026-02-30')).toEqual([['from', 'invalid_date', 'from must be a date as YYYY-MM-DD, such as 2026-03-31']]);
    expect(await refused('to=21.11.2026')).toEqual([['to', 'invalid_date', 'to must be a date as YYYY-MM-DD, such as 2026-03-31']]);
    expect(await refused('from=2026-11-22&to=2026-11-21')).toEqual([['to', 'date_range_reversed', 'to must be the same day as from or later']]);
    expect(await refused('moderator=')).toEqual([['moderator', 'required', 'moderator is required']]);
    expect(await refused(`moderator=${'x'.repeat(101)}`)).toEqual([['moderator', 'too_long', 'moderator is too long']]);
  });
});
