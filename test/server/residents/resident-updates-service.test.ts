/** POST /open311/v1/requests/{id}/updates.{json,xml}: a resident's update, checked, stored pending, never public until moderated. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { multipartBody, urlencoded } from '../georeport/form';
import { publicDetail, submitRequest } from '../moderation/moderation-client';

let t: TestApp;
let published: string;
beforeAll(async () => {
  t = await createTestApp();
  published = await submitRequest(t, { email: 'Reporter@Example.org' });
  await publish(t, published);
});
afterAll(() => t.close());

const post = (id: string, fields: Record<string, string>, format = 'json') =>
  t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/updates.${format}`, ...urlencoded({ api_key: t.apiKey, ...fields }) });
const descriptions = (response: { json(): unknown }) => (response.json() as { description: string }[]).map((error) => error.description);
const storedUpdates = () => t.sql.all<{ id: string; text: string; moderation: string; state: string | null; email: string | null; name: string | null; media_file: string | null }>('SELECT * FROM resident_updates ORDER BY created_at, id');

describe('the service route', () => {
  it('stores a valid update pending and answers its id, in JSON and XML', async () => {
    const response = await post(published, { description: 'Still there, and now a second hole next to it.', locale: 'fi' });
    expect(response.statusCode).toBe(200);
    const [answer] = response.json() as { update_id: string; status: string }[];
    expect(answer).toEqual({ update_id: expect.stringMatching(/^[a-z0-9]{20}$/), status: 'pending' });
    const xml = await post(published, { description: 'The same again, but asked for in XML.' }, 'xml');
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toMatch(/<updates><update><update_id>[a-z0-9]{20}<\/update_id><status>pending<\/status><\/update><\/updates>/);
    const rows = await storedUpdates();
    expect(rows.find((row) => row.id === answer!.update_id)).toMatchObject({ moderation: 'pending', state: null, text: 'Still there, and now a second hole next to it.' });
  });

  it('refuses each bad field with the GeoReport error records a report gets', async () => {
    const missing = await post(published, {});
    expect(missing.statusCode).toBe(400);
    expect(descriptions(missing)).toEqual(['description is required: say what is new about the problem']);
    expect(descriptions(await post(published, { description: 'short' }))).toEqual(['description must be at least 10 characters: say what is wrong']);
    expect(descriptions(await post(published, { description: 'A <b>bold</b> claim about the hole' }))).toEqual([
      'description must not contain HTML tags or code; write plain text',
    ]);
    expect(descriptions(await post(published, { description: 'A fine text about it.', email: 'nope' }))).toEqual(['email must be a valid address such as name@example.org']);
    expect(descriptions(await post(published, { description: 'A fine text about it.', show_name: 'yes' }))).toEqual(['show_name must be true or false']);
    expect(descriptions(await post(published, { description: 'A fine text about it.', name: 'x'.repeat(101) }))).toEqual(['name must be at most 100 characters']);
    expect(descriptions(await post(published, { description: 'A fine text about it.', state: 'gone', verified_email: 'reporter@example.org' }))).toEqual([
      'state must be fixed or still_there',
    ]);
    const keyless = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${published}/updates.json`, ...urlencoded({ description: 'A fine text about it.' }) });
    expect(keyless.statusCode).toBe(403);
  });

  it('answers 404 for a request that is not published, as for one that does not exist', async () => {
    const pending = await submitRequest(t);
    for (const id of [pending, 'no-such-request']) {
      const response = await post(id, { description: 'Looks worse every day here.' });
      expect(response.statusCode).toBe(404);
      expect(descriptions(response)).toEqual([`service_request_id ${id} not found`]);
    }
  });

  it('takes state only with the reporter\'s own address vouched for as verified_email', async () => {
    const refusal = ['state is only for the reporter: sign in with the address you reported with'];
    expect(descriptions(await post(published, { description: 'It was fixed this morning.', state: 'fixed' }))).toEqual(refusal);
    expect(descriptions(await post(published, { description: 'It was fixed this morning.', state: 'fixed', verified_email: 'someone@example.org' }))).toEqual(refusal);
    const reporter = await post(published, { description: 'It was fixed this morning.', state: 'fixed', verified_email: 'REPORTER@example.org' });
    expect(reporter.statusCode).toBe(200);
    const id = (reporter.json() as { update_id: string }[])[0]!.update_id;
    expect((await storedUpdates()).find((row) => row.id === id)?.state).toBe('fixed');
  });

  it('stores one photo as a report\'s are (re-encoded, in the media store); two are refused', async () => {
    const jpeg = await makeJpeg(64, 48);
    const one = await multipartBody({ api_key: t.apiKey, description: 'Here is how it looks now.' }, [{ name: 'media', fileName: 'hole.jpg', type: 'image/jpeg', data: jpeg }]);
    const response = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${published}/updates.json`, ...one });
    expect(response.statusCode).toBe(200);
    const id = (response.json() as { update_id: string }[])[0]!.update_id;
    const file = (await storedUpdates()).find((row) => row.id === id)?.media_file;
    expect(file).toMatch(/\.jpg$/);
    // In the media store, re-encoded; not public until a moderator publishes the update (moderation/photo-visibility.test.ts).
    const stored = await t.store.media.open(file!);
    const bytes = Buffer.concat(await stored!.stream.toArray());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect((await t.app.inject({ method: 'GET', url: `/media/${file}` })).statusCode).toBe(404);

    const two = await multipartBody({ api_key: t.apiKey, description: 'Here is how it looks now.' }, [
      { name: 'media', fileName: 'a.jpg', type: 'image/jpeg', data: jpeg },
      { name: 'media', fileName: 'b.jpg', type: 'image/jpeg', data: jpeg },
    ]);
    const refused = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${published}/updates.json`, ...two });
    expect(refused.statusCode).toBe(400);
    expect(descriptions(refused)).toEqual(['too many media[] files: at most 1 photos per request']);
    const notImage = await multipartBody({ api_key: t.apiKey, description: 'Here is how it looks now.' }, [{ name: 'media', fileName: 'a.jpg', type: 'image/jpeg', data: Buffer.from('not a photo') }]);
    const rejected = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${published}/updates.json`, ...notImage });
    expect(rejected.statusCode).toBe(400);
    expect(descriptions(rejected)[0]).toMatch(/^media\[\] file 1 /);
  });

  it('queues the poster\'s receipt to the address they gave; the pending update is nowhere public', async () => {
    const response = await post(published, { description: 'Second hole appeared too.', email: 'poster@example.org', name: 'Liisa Poster', locale: 'sv' });
    expect(response.statusCode).toBe(200);
    const receipts = await t.sql.all<{ to_address: string; subject: string; body_text: string }>("SELECT to_address, subject, body_text FROM outbox WHERE to_address = 'poster@example.org'");
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.subject).toMatch(/^Din uppdatering har tagits emot/);
    expect(receipts[0]!.body_text).toContain('Second hole appeared too.');
    const detail = JSON.stringify(await publicDetail(t, published));
    expect(detail).not.toContain('Second hole');
    expect(detail).not.toContain('poster@example.org');
    expect(detail).not.toContain('Liisa');
  });
});
