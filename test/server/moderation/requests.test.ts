import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/georeport-app';
import { multipartBody, validReport } from '../georeport/form';
import { appWithModerator, publicDetail, publicListIds, submitRequest, type ModeratorSession } from './moderation-client';

let t: TestApp;
let session: ModeratorSession;
beforeEach(async () => ({ t, session } = await appWithModerator()));
afterEach(() => t.close());

const personal = {
  email: 'resident@example.org',
  first_name: 'Aino',
  last_name: 'Virtanen',
  phone: '+358 40 123 4567',
  device_id: 'device-77',
  account_id: 'account-88',
  locale: 'fi',
};

describe('the moderation queue', () => {
  it('lists pending requests oldest first, with the exact public JSON and the personal fields apart', async () => {
    const first = await submitRequest(t, { ...personal, title: 'Pothole', address_string: 'Koulukatu 1' });
    t.clock.now += 60_000;
    const second = await submitRequest(t, { description: 'Litter all over the park lawn.' });
    t.clock.now += 60_000;
    const published = await submitRequest(t);
    await session.request('POST', `/requests/${published}/publish`);

    const response = await session.request('GET', '/queue');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.total).toBe(2);
    expect(body.next_after).toBeNull();
    expect(body.items.map((item: { service_request_id: string }) => item.service_request_id)).toEqual([first, second]);

    const [item] = body.items;
    expect(item.moderation).toBe('pending');
    expect(item.public).toEqual(await publicDetail(t, first));
    expect(item.private).toEqual({ ...personal, locale: 'fi' });
    // The public preview carries none of the personal values.
    const publicText = JSON.stringify(item.public);
    for (const value of Object.values(personal).filter((value) => value !== 'fi')) expect(publicText).not.toContain(value);
    expect(body.items[1].private).toEqual({
      email: null, first_name: null, last_name: null, phone: null, device_id: null, account_id: null, locale: 'en',
    });
  });

  it('pages with limit and next_after', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(await submitRequest(t));
      t.clock.now += 1000;
    }
    const page1 = (await session.request('GET', '/queue?limit=2')).json();
    expect(page1.items.map((item: { service_request_id: string }) => item.service_request_id)).toEqual(ids.slice(0, 2));
    const page2 = (await session.request('GET', `/queue?limit=2&after=${page1.next_after}`)).json();
    expect(page2.items.map((item: { service_request_id: string }) => item.service_request_id)).toEqual(ids.slice(2));
    expect(page2.next_after).toBeNull();
    const bad = await session.request('GET', '/queue?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([{ field: 'limit', message: 'limit must be a whole number from 1 to 200', code: 'out_of_range', limit: 200 }]);
  });
});

describe('publishing and rejecting', () => {
  it('publish: the request appears in the public listing and leaves the queue', async () => {
    const id = await submitRequest(t);
    expect(await publicListIds(t)).toEqual([]);
    t.clock.now += 5 * 60_000;
    const response = await session.request('POST', `/requests/${id}/publish`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ service_request_id: id, moderation: 'published' });
    expect(await publicListIds(t)).toEqual([id]);
    // updated_datetime moves, so clients syncing with updated_after see the newly published request.
    expect((await publicDetail(t, id)).updated_datetime).toBe('2026-11-20T14:05:00+02:00');
    expect((await session.request('GET', '/queue')).json().total).toBe(0);
    const again = await session.request('POST', `/requests/${id}/publish`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'conflict', message: 'this request is published; only pending requests can be published' });
  });

  it('reject: never listed; by id it is REJECTED and closed with the reason as status notes', async () => {
    const id = await submitRequest(t);
    const response = await session.request('POST', `/requests/${id}/reject`, { reason: 'other', note: 'Reported twice by mistake.' });
    expect(response.statusCode).toBe(200);
    expect(response.json().moderation).toBe('rejected');
    expect(await publicListIds(t)).toEqual([]);
    const shown = await publicDetail(t, id);
    expect(shown).toMatchObject({
      status: 'closed',
      status_notes: 'A moderator closed this report.\n\nReported twice by mistake.',
      extended_attributes: { detailed_status: 'REJECTED' },
    });
    expect((await session.request('POST', `/requests/${id}/publish`)).statusCode).toBe(409);
    expect((await session.request('GET', '/requests?state=rejected')).json().items[0].service_request_id).toBe(id);
  });

  it('reject needs a reason from the list: not without one, nor with an empty JSON body', async () => {
    const id = await submitRequest(t);
    expect((await session.request('POST', `/requests/${id}/reject`)).json().error.fields[0]).toMatchObject({ field: 'reason', code: 'unknown_value' });
    expect((await session.request('POST', `/requests/${id}/reject`, '', { 'content-type': 'application/json' })).statusCode).toBe(400);
    expect((await publicDetail(t, id)).status).toBe('open');
  });

  it('refuses HTML in a rejection note', async () => {
    const id = await submitRequest(t);
    const response = await session.request('POST', `/requests/${id}/reject`, { reason: 'other', note: '<script>alert(1)</script>' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields[0]).toEqual({
      field: 'note',
      message: 'note must not contain HTML tags or code; write plain text',
      code: 'html',
    });
  });

  it('lists published requests newest first, paged with before', async () => {
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      const id = await submitRequest(t);
      await session.request('POST', `/requests/${id}/publish`);
      ids.push(id);
      t.clock.now += 1000;
    }
    const page1 = (await session.request('GET', '/requests?state=published&limit=2')).json();
    expect(page1.items.map((item: { service_request_id: string }) => item.service_request_id)).toEqual([ids[2], ids[1]]);
    const page2 = (await session.request('GET', `/requests?state=published&limit=2&before=${page1.next_before}`)).json();
    expect(page2.items.map((item: { service_request_id: string }) => item.service_request_id)).toEqual([ids[0]]);
    expect((await session.request('GET', '/requests?state=pending')).json().items).toEqual([]);
    const bad = await session.request('GET', '/requests?state=deleted');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('state: state must be pending, published or rejected');
  });
});

describe('editing', () => {
  it('changes title and description with the submission rules', async () => {
    const id = await submitRequest(t, { title: 'Old title' });
    const response = await session.request('PATCH', `/requests/${id}`, {
      title: 'Pothole at the gate',
      description: 'A deep pothole in front of the school gate (edited).',
    });
    expect(response.statusCode).toBe(200);
    const shown = await publicDetail(t, id);
    expect(shown.description).toBe('A deep pothole in front of the school gate (edited).');
    expect(shown.extended_attributes.title).toBe('Pothole at the gate');
    expect(response.json().public).toEqual(shown);

    const cleared = await session.request('PATCH', `/requests/${id}`, { title: '' });
    expect(cleared.statusCode).toBe(200);
    expect((await publicDetail(t, id)).extended_attributes.title).toBe('');
  });

  it('refuses what a submission would refuse, and unknown fields', async () => {
    const id = await submitRequest(t);
    // The message says what to fix; each field's code names the problem (with the limit it has).
    const cases: [unknown, string, { field: string; code: string; limit?: number }][] = [
      [{ description: 'too short' }, 'description: description must be at least 10 characters: say what is wrong', { field: 'description', code: 'too_short', limit: 10 }],
      [{ description: 'x'.repeat(5001) }, 'description: description must be at most 5000 characters', { field: 'description', code: 'too_long', limit: 5000 }],
      [{ description: 'Look <img src=x onerror=alert(1)> here' }, 'description: description must not contain HTML tags or code; write plain text', { field: 'description', code: 'html' }],
      [{ title: 'x'.repeat(201) }, 'title: title must be at most 200 characters', { field: 'title', code: 'too_long', limit: 200 }],
      [{}, 'send title, description or both', { field: '', code: 'nothing_to_change' }],
      [{ email: 'someone@example.org' }, 'unknown field email: only title, description can be sent here', { field: '', code: 'unknown_field' }],
    ];
    for (const [body, message, problem] of cases) {
      const response = await session.request('PATCH', `/requests/${id}`, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error.code).toBe('invalid_input');
      expect(response.json().error.message).toBe(message);
      const { field, code, limit } = response.json().error.fields[0];
      expect({ field, code, limit }).toEqual(problem);
    }
    expect((await publicDetail(t, id)).description).toBe(validReport.description);
  });
});

describe('removing photos', () => {
  it('removes the photo row and its stored file; media_urls gets shorter', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#204080' } }).png().toBuffer();
    const body = await multipartBody({ ...validReport, api_key: t.apiKey, media_url: 'https://example.org/photo.jpg' }, [
      { fileName: 'a.png', type: 'image/png', data: png },
      { fileName: 'b.png', type: 'image/png', data: png },
    ]);
    const id = (await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body })).json()[0].service_request_id;
    const before = await publicDetail(t, id);
    expect(before.extended_attributes.media_urls).toHaveLength(3);
    const item = (await session.request('GET', `/requests/${id}`)).json();
    expect(item.media.map((media: { position: unknown }) => media.position)).toEqual(['external', 0, 1]);
    // Where the store keeps photos: files in DATA_DIR/media on SQLite, rows on PostgreSQL.
    const isStored = async (url: string) => {
      const file = await t.store.media.open(url.split('/').pop()!);
      file?.stream.destroy();
      return file !== undefined;
    };
    const firstPhoto = item.media[1].url as string;
    expect(await isStored(firstPhoto)).toBe(true);

    const response = await session.request('DELETE', `/requests/${id}/media/0`);
    expect(response.statusCode).toBe(200);
    expect(await isStored(firstPhoto)).toBe(false);
    const after = await publicDetail(t, id);
    expect(after.extended_attributes.media_urls).toEqual([before.extended_attributes.media_urls[0], before.extended_attributes.media_urls[2]]);
    expect((await t.app.inject({ method: 'GET', url: new URL(firstPhoto).pathname })).statusCode).toBe(404);

    expect((await session.request('DELETE', `/requests/${id}/media/external`)).statusCode).toBe(200);
    expect((await publicDetail(t, id)).extended_attributes.media_urls).toEqual([before.extended_attributes.media_urls[2]]);

    const gone = await session.request('DELETE', `/requests/${id}/media/0`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe('this request has no photo at position 0; see its media list');
    expect((await session.request('DELETE', `/requests/${id}/media/first`)).statusCode).toBe(400);
  });
});

describe('status changes', () => {
  it('moves the detailed status; open/closed and updated_datetime follow', async () => {
    const id = await submitRequest(t);
    await session.request('POST', `/requests/${id}/publish`);
    t.clock.now += 3_600_000;
    const inProcess = await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'A crew is on its way.' });
    expect(inProcess.statusCode).toBe(200);
    expect(await publicDetail(t, id)).toMatchObject({
      status: 'open',
      status_notes: 'A crew is on its way.',
      updated_datetime: '2026-11-20T15:00:00+02:00',
      extended_attributes: { detailed_status: 'IN_PROCESS' },
    });
    t.clock.now += 3_600_000;
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED', 'PUBLIC_WORKS_COMPLETED'], status_notes: 'Patched.' });
    const closed = await publicDetail(t, id);
    expect(closed).toMatchObject({
      status: 'closed',
      status_notes: 'Patched.',
      updated_datetime: '2026-11-20T16:00:00+02:00',
      extended_attributes: { detailed_status: 'PROCESSED,PUBLIC_WORKS_COMPLETED' },
    });
    // The public listing filters on the new status.
    const listed = await t.app.inject({ method: 'GET', url: '/open311/v1/requests.json?status=closed' });
    expect(listed.json().map((request: { service_request_id: string }) => request.service_request_id)).toEqual([id]);
  });

  it('keeps the notes when none are sent, and validates the values', async () => {
    const id = await submitRequest(t);
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Looking into it.' });
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_NEW'] });
    expect((await publicDetail(t, id)).status_notes).toBe('Looking into it.');
    const cases: [unknown, string][] = [
      [{ detailed_status: ['PUBLIC_WORKS_NEW'] }, 'detailed_status.0: the first value must be RECEIVED, IN_PROCESS, PROCESSED, ARCHIVED or REJECTED'],
      [{ detailed_status: ['IN_PROCESS', 'PROCESSED'] }, 'detailed_status.1: the second value, when sent, must be a PUBLIC_WORKS_* value such as PUBLIC_WORKS_COMPLETED'],
      [{ detailed_status: [] }, 'detailed_status: detailed_status needs a base status: RECEIVED, IN_PROCESS, PROCESSED, ARCHIVED or REJECTED'],
      [{ detailed_status: ['IN_PROCESS', 'PUBLIC_WORKS_NEW', 'PUBLIC_WORKS_COMPLETED'] }, 'detailed_status: detailed_status holds a base status and at most one PUBLIC_WORKS_* value'],
      [{ detailed_status: 'IN_PROCESS' }, 'detailed_status: detailed_status must be a list such as ["IN_PROCESS"] or ["PROCESSED", "PUBLIC_WORKS_COMPLETED"]'],
    ];
    for (const [body, message] of cases) {
      const response = await session.request('POST', `/requests/${id}/status`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });
});

describe('the audit log', () => {
  it('records who did what, without personal or free-text values, newest first', async () => {
    const id = await submitRequest(t, personal);
    t.clock.now += 1000;
    await session.request('PATCH', `/requests/${id}`, { description: 'A secret description the log must not hold.' });
    t.clock.now += 1000;
    await session.request('POST', `/requests/${id}/publish`);
    t.clock.now += 1000;
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['PROCESSED'], status_notes: 'Secret notes.' });

    const detail = (await session.request('GET', `/requests/${id}`)).json();
    expect(detail.audit.map((entry: { action: string }) => entry.action)).toEqual(['status', 'publish', 'edit']);
    expect(detail.audit[0]).toEqual({
      id: expect.any(Number),
      at: '2026-11-20T14:00:03+02:00',
      moderator: 'maija',
      action: 'status',
      service_request_id: id,
      details: { from: ['RECEIVED'], to: ['PROCESSED'], status_notes_changed: true, notified: true },
    });
    expect(detail.audit[2].details).toEqual({ fields: ['description'] });

    const all = (await session.request('GET', '/audit?limit=3')).json();
    expect(all.items.map((entry: { action: string }) => entry.action)).toEqual(['status', 'publish', 'edit']);
    const rest = (await session.request('GET', `/audit?before=${all.next_before}`)).json();
    expect(rest.items.map((entry: { action: string }) => entry.action)).toEqual(['sign_in']);
    const text = JSON.stringify([all, rest]);
    for (const secret of ['secret', 'Secret', personal.email, personal.first_name, personal.phone]) expect(text).not.toContain(secret);
  });

  it('does not write an audit row for a change that changes nothing', async () => {
    const id = await submitRequest(t, { title: 'Same' });
    await session.request('PATCH', `/requests/${id}`, { title: 'Same' });
    await session.request('POST', `/requests/${id}/status`, { detailed_status: ['RECEIVED'] });
    expect((await session.request('GET', `/requests/${id}`)).json().audit).toEqual([]);
  });
});

describe('plain text in what a moderator writes', () => {
  it('refuses HTML tags in the title, the description, the status notes and a rejection reason', async () => {
    const id = await submitRequest(t);
    const imgAttack = '<img src=x onerror="window.__xss=1">';
    const scriptAttack = '"><script>window.__xss=2</script>';
    const attempts: ['PATCH' | 'POST', string, object][] = [
      ['PATCH', `/requests/${id}`, { title: imgAttack }],
      ['PATCH', `/requests/${id}`, { description: `Broken sign ${scriptAttack}` }],
      ['POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: imgAttack }],
      ['POST', `/requests/${id}/reject`, { reason: 'other', note: scriptAttack }],
      ['POST', `/requests/${id}/reject`, { reason: 'not_responsible', where: scriptAttack }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await session.request(method, url, body);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
      expect(response.json().error.fields.map((field: { code: string }) => field.code), url).toContain('html');
    }
  });
});
