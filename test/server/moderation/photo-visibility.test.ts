/**
 * A photo is served only while what holds it may be read: from a rejection or a hide on an abuse
 * report on (and a resident's update's before a moderator publishes it) its /media/ address is a
 * 404 to everyone but the report's moderators, and nothing lets a cache keep serving it. A pending
 * report is read by its id (the reporter's track page shows it, photos included).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lightPasswordHash } from '../../helpers/light-password-hash';
import { createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { makeJpeg } from '../../helpers/images';
import { multipartBody, urlencoded, validReport } from '../georeport/form';
import { signIn, type ModeratorSession } from './moderation-client';

const password = 'correct horse battery';
let t: TestApp;
let espoo: ModeratorSession;
let vantaa: ModeratorSession;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  const hash = await lightPasswordHash(password);
  for (const [name, bodies] of [['esa', ['espoo']], ['veera', ['vantaa']]] as const) await t.repositories.moderation.createModerator(name, hash, t.clock.now, bodies);
  espoo = await signIn(t, 'esa', password);
  vantaa = await signIn(t, 'veera', password);
  photo = await makeJpeg(16, 16);
}, 30_000);
afterAll(() => t.close());

/** A report of Espoo's with one photo, pending; its photo's /media/ path. */
async function espooReportWithPhoto(): Promise<{ id: string; photoPath: string }> {
  const body = await multipartBody({ ...validReport, api_key: t.apiKey }, [{ fileName: 'pothole.jpg', type: 'image/jpeg', data: photo }]);
  const id = (await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body })).json()[0].service_request_id as string;
  await t.sql.run("UPDATE service_requests SET body_id = 'espoo' WHERE service_request_id = ?", id);
  const [file] = await t.sql.all<{ file_name: string }>('SELECT file_name FROM request_media WHERE service_request_id = ?', id);
  return { id, photoPath: `/media/${file!.file_name}` };
}

const asPublic = (path: string) => t.app.inject({ method: 'GET', url: path });
const asModerator = (session: ModeratorSession, path: string) => t.app.inject({ method: 'GET', url: path, headers: { cookie: session.cookie } });

describe("a report's photo", () => {
  it("is shown, once its report is rejected, to the report's moderators only, and kept by no cache", async () => {
    const { id, photoPath } = await espooReportWithPhoto();
    // Pending: read by its id, as the reporter's track page does.
    expect((await asPublic(photoPath)).statusCode).toBe(200);
    expect((await espoo.request('POST', `/requests/${id}/reject`, { reason: 'personal_data' })).statusCode).toBe(200);
    expect((await asPublic(photoPath)).statusCode).toBe(404);
    expect((await asModerator(vantaa, photoPath)).statusCode).toBe(404);
    const preview = await asModerator(espoo, photoPath);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
  });

  it('is public once published, revalidated on every use, and a 404 at once after a rejection', async () => {
    const { id, photoPath } = await espooReportWithPhoto();
    await publish(t, id);
    const shown = await asPublic(photoPath);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe('public, no-cache');
    const etag = shown.headers.etag as string;
    expect((await espoo.request('POST', `/requests/${id}/reject`, { reason: 'personal_data' })).statusCode).toBe(200);
    expect((await asPublic(photoPath)).statusCode).toBe(404);
    // A cache revalidating its copy is told it is gone, not "not modified".
    expect((await t.app.inject({ method: 'GET', url: photoPath, headers: { 'if-none-match': etag } })).statusCode).toBe(404);
    expect((await asModerator(espoo, photoPath)).statusCode).toBe(200);
  });

  it('is a 404 once its report is hidden on an abuse report', async () => {
    const { id, photoPath } = await espooReportWithPhoto();
    await publish(t, id);
    const abuse = await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/abuse.json`, ...urlencoded({ api_key: t.apiKey, reason: 'It shows my car and its plate.' }) });
    expect(abuse.statusCode, abuse.body).toBe(202);
    const hidden = await espoo.request('POST', `/requests/${id}/abuse/resolve`, { action: 'hide', reason: 'personal_data' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await asPublic(photoPath)).statusCode).toBe(404);
  });
});

describe("a resident's update's photo", () => {
  it('is public only once a moderator publishes the update, and never after a rejection', async () => {
    const { id } = await espooReportWithPhoto();
    await publish(t, id);
    const post = async () => {
      const body = await multipartBody({ api_key: t.apiKey, description: 'Still there, and deeper.' }, [{ name: 'media', fileName: 'now.jpg', type: 'image/jpeg', data: photo }]);
      const updateId = (await t.app.inject({ method: 'POST', url: `/open311/v1/requests/${id}/updates.json`, ...body })).json()[0].update_id as string;
      const [row] = await t.sql.all<{ media_file: string }>('SELECT media_file FROM resident_updates WHERE id = ?', updateId);
      return { updateId, photoPath: `/media/${row!.media_file}` };
    };
    const published = await post();
    expect((await asPublic(published.photoPath)).statusCode).toBe(404);
    expect((await asModerator(espoo, published.photoPath)).statusCode).toBe(200);
    expect((await espoo.request('POST', `/updates/${published.updateId}/publish`)).statusCode).toBe(200);
    expect((await asPublic(published.photoPath)).statusCode).toBe(200);

    const rejected = await post();
    expect((await espoo.request('POST', `/updates/${rejected.updateId}/reject`)).statusCode).toBe(200);
    expect((await asPublic(rejected.photoPath)).statusCode).toBe(404);
  });
});
