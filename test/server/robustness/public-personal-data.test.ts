import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { generateDemoCounters } from '../../../src/server/counters/demo-data';
import { createTestApp, publish, startTime, testServiceTypes, type TestApp } from '../../helpers/georeport-app';
import { multipartBody, urlencoded, validReport } from '../georeport/form';
import { addModerator, api, signIn } from '../moderation/moderation-client';

/**
 * Personal data (email, names, phone, device and account ids) is kept for moderation and
 * notification only. This walks every public GET route the app registers, in JSON and XML,
 * directly and through the proxy, and looks for the personal values and field names in every
 * body and header. The route table itself says what "every" is: a route nobody visited fails.
 */

// Every app built in this file records its routes and which route served each request.
const seen = vi.hoisted(() => ({ routes: [] as { method: string; url: string }[], served: new Set<string>() }));
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('fastify')>();
  const create = ((options?: object) => {
    const app = original.default(options) as FastifyInstance;
    app.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) seen.routes.push({ method, url: route.url });
    });
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.url !== undefined) seen.served.add(`${request.method} ${request.routeOptions.url}`);
    });
    return app;
  }) as typeof original.default;
  return { ...original, default: create, fastify: create };
});

const personalFieldNames = ['email', 'first_name', 'last_name', 'phone', 'device_id', 'account_id'];
const personalFieldPattern = new RegExp(`\\b(${personalFieldNames.join('|')})\\b`, 'i');

/** Distinctive personal values for report number `n`, so any echo of them is unmistakable. */
function personOf(n: number) {
  return {
    email: `leaky.person${n}@privacy-check.example`,
    first_name: `Zebulonia${n}`,
    last_name: `Quackenbushwort${n}`,
    phone: `+358 40 987 65${String(n).padStart(2, '0')}`,
    device_id: `device-leakcheck-${n}`,
    account_id: `account-leakcheck-${n}`,
  };
}

/** The phone as it might be normalised on the way (spaces dropped), and every other value as sent. */
function needlesOf(n: number): string[] {
  const person = personOf(n);
  return [...Object.values(person), person.phone.replace(/\s/g, ''), `${person.first_name} ${person.last_name}`];
}

let t: TestApp;
const allIds: string[] = [];
/** The Idempotency-Keys the proxy's submissions went with: their first answers are asked for again by key. */
const submissionKeys: string[] = [];
/** The lookup token this walk's browser sent them with, so its lookups get the stored answers. */
const lookupToken = { 'submission-lookup-token': 'sweep-browser' };
const publishedIds: string[] = [];
let mediaFile = '';
let counterId = 0;
const needles: string[] = [];
/** Each report's internal note (issue 41, item 5): for its body's moderators only, so a needle like the personal values. */
const internalNoteOf = (id: string) => `Internal-only note ${id}: the caller sounded upset, ring back.`;
/** The messages queued after the internal notes were written: the emails the walk reads. */
let emailsSinceNotes = 0;

beforeAll(async () => {
  t = await createTestApp({}, { listen: true });
  await t.repositories.counters.upsertMany(generateDemoCounters(startTime, 5));
  counterId = (await t.repositories.counters.listMatching({}, 0, 1))[0]!.id;

  const submissions: { via: 'service' | 'proxy'; fields: Record<string, string>; photo?: boolean }[] = [
    { via: 'service', fields: { ...validReport, title: 'Direct one' } },
    { via: 'service', fields: { ...validReport, service_code: '900', 'attribute[POLE]': 'P-17', title: 'Direct two' } },
    { via: 'service', fields: { ...validReport, service_object_type: 'urn:kerro:test', service_object_id: 'obj-1', title: 'Unpublished' } },
    { via: 'proxy', fields: { ...validReport, title: 'Through the proxy' } },
    { via: 'proxy', fields: { ...validReport, title: 'Proxy with photo' }, photo: true },
    { via: 'proxy', fields: { ...validReport, title: 'Proxy unpublished' } },
  ];
  const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } }).jpeg().toBuffer();
  for (const [n, submission] of submissions.entries()) {
    const fields = { ...submission.fields, ...personOf(n) };
    needles.push(...needlesOf(n));
    let created: { service_request_id: string }[];
    if (submission.via === 'service') {
      const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...urlencoded({ ...fields, api_key: t.apiKey }) });
      expect(response.statusCode, response.body).toBe(200);
      expectNoPersonalData('POST /open311/v1/requests.json', response.body, response.headers);
      created = response.json();
    } else {
      const body = submission.photo
        ? await multipartBody(fields, [{ fileName: 'photo.jpg', type: 'image/jpeg', data: photo }])
        : urlencoded(fields);
      submissionKeys.push(`sweep-${n}`);
      const response = await fetch(`${t.baseUrl}/proxy/open311/v1/requests.json`, {
        method: 'POST',
        body: typeof body.payload === 'string' ? body.payload : new Uint8Array(body.payload),
        headers: { ...body.headers, 'idempotency-key': `"sweep-${n}"`, ...lookupToken },
      });
      const text = await response.text();
      expect(response.status, text).toBe(200);
      expectNoPersonalData('POST /proxy/open311/v1/requests.json', text, Object.fromEntries(response.headers));
      created = JSON.parse(text) as { service_request_id: string }[];
    }
    const id = created[0]!.service_request_id;
    allIds.push(id);
    if (!submission.fields.title!.includes('Unpublished') && !submission.fields.title!.includes('unpublished')) {
      await publish(t, id);
      publishedIds.push(id);
    }
  }
  // A caller's report a moderator recorded (issue 41, item 8), published at once: the caller is its reporter.
  const staffN = submissions.length;
  const { device_id: _device, account_id: _account, ...caller } = personOf(staffN);
  needles.push(...needlesOf(staffN).filter((needle) => !needle.includes('leakcheck')));
  await addModerator(t, 'desk', 'correct horse battery');
  const desk = await signIn(t, 'desk');
  const recorded = await desk.request('POST', '/requests', { ...caller, service_code: validReport.service_code, description: validReport.description, lat: Number(validReport.lat), long: Number(validReport.long), title: 'Recorded by staff', publish_now: true });
  expect(recorded.statusCode, recorded.body).toBe(201);
  allIds.push(recorded.json().service_request_id);
  publishedIds.push(recorded.json().service_request_id);
  // Every report gets an internal note and an assignee before anything public is read or emailed.
  for (const id of allIds) {
    await t.repositories.requestDesk.addNote({ service_request_id: id, author: 'desk-moderator', text: internalNoteOf(id), created_at: startTime });
    await t.repositories.requestDesk.assign(id, 'desk-moderator', 'desk-moderator', startTime);
    needles.push(internalNoteOf(id));
  }
  // A moderator's status change emails the reporter now that the notes exist.
  const queuedBefore = (await t.sql.get<{ n: number }>('SELECT count(*) AS n FROM outbox'))!.n;
  await addModerator(t, 'desk-moderator', 'correct horse battery');
  const moderator = await signIn(t, 'desk-moderator');
  for (const id of publishedIds.slice(1)) {
    const changed = await moderator.request('POST', `/requests/${id}/status`, { detailed_status: ['IN_PROCESS'], status_notes: 'Work has started.' });
    expect(changed.statusCode, changed.body).toBe(200);
  }
  emailsSinceNotes = (await t.sql.get<{ n: number }>('SELECT count(*) AS n FROM outbox'))!.n - queuedBefore;
  // Close one, with notes, so the closed filters return something.
  await t.sql.run("UPDATE service_requests SET status = 'closed', status_notes = 'Fixed.' WHERE service_request_id = ?", publishedIds[0]);
  mediaFile = (await t.sql.get<{ file_name: string }>('SELECT file_name FROM request_media LIMIT 1'))!.file_name;
}, 30_000);

afterAll(() => t?.close());

function expectNoPersonalData(label: string, body: string, headers: Record<string, unknown>, { checkNames = true } = {}): void {
  const headerText = Object.entries(headers)
    .map(([name, value]) => `${name}: ${String(value)}`)
    .join('\n');
  for (const needle of needles) {
    expect(body.includes(needle), `${label}: body holds ${needle}`).toBe(false);
    expect(headerText.includes(needle), `${label}: headers hold ${needle}`).toBe(false);
  }
  if (checkNames) {
    // A built file's name is the code's, not data: pages preload, and the worker precaches, chunks
    // such as assets/email-field-….js.
    const withoutAssetNames = body.replace(/assets\/[\w.-]+/g, 'assets/…');
    expect(withoutAssetNames.match(personalFieldPattern)?.[0], `${label}: body names a personal field`).toBeUndefined();
  }
  expect(headerText.match(personalFieldPattern)?.[0], `${label}: headers name a personal field`).toBeUndefined();
}

/** The request-list filters a client can send; each also with extensions=true. */
function listQueries(): string[] {
  const day = (offset: number) => new Date(startTime + offset * 86_400_000).toISOString().replace('.000Z', 'Z');
  const base = [
    '',
    `service_request_id=${allIds.join(',')}`,
    `service_request_id=${publishedIds[0]}`,
    'service_code=171',
    'service_code=171,900',
    'status=open',
    'status=closed',
    'status=open,closed',
    `start_date=${day(-1)}&end_date=${day(1)}`,
    `updated_after=${day(-1)}&updated_before=${day(1)}`,
    'lat=60.1699&long=24.9384&radius=500',
    'service_object_type=urn:kerro:test&service_object_id=obj-1',
    'locale=fi',
    'locale=sv',
  ];
  return base.flatMap((query) => [query, query ? `${query}&extensions=true` : 'extensions=true']);
}

function publicGeoReportUrls(prefix: string): string[] {
  const urls: string[] = [];
  for (const format of ['json', 'xml']) {
    urls.push(`${prefix}/discovery.${format}`, `${prefix}/services.${format}`, `${prefix}/services.${format}?locale=fi`);
    for (const type of testServiceTypes) urls.push(`${prefix}/services/${type.service_code}.${format}`);
    for (const query of listQueries()) urls.push(`${prefix}/requests.${format}${query ? `?${query}` : ''}`);
    // mySociety's update listing: every public change of the day, residents' updates among them.
    const day = (offset: number) => new Date(startTime + offset * 86_400_000).toISOString().replace('.000Z', 'Z');
    urls.push(`${prefix}/servicerequestupdates.${format}`, `${prefix}/servicerequestupdates.${format}?start_date=${day(-1)}&end_date=${day(1)}`);
    // Unpublished ones too: whatever they answer (not found) must not hold personal data either.
    for (const id of allIds) {
      urls.push(`${prefix}/requests/${id}.${format}`, `${prefix}/requests/${id}.${format}?extensions=true`, `${prefix}/requests/${id}/followers.${format}`, `${prefix}/tokens/${id}.${format}`);
    }
  }
  return urls;
}

async function walk(urls: string[], headers: Record<string, string> = {}, options?: { checkNames: boolean }): Promise<number> {
  let ok = 0;
  for (const url of urls) {
    const response = await t.app.inject({ method: 'GET', url, headers });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 300)}`).toBeLessThan(500);
    if (response.statusCode < 300) ok += 1;
    expectNoPersonalData(`GET ${url}`, response.body, response.headers, options);
  }
  return ok;
}

describe('no personal data in any public response', () => {
  it('stored the personal fields (the check below would be empty otherwise)', async () => {
    const row = await t.sql.get('SELECT email, first_name, phone, device_id, account_id FROM service_requests WHERE service_request_id = ?', allIds[3]);
    expect(row).toEqual({ email: personOf(3).email, first_name: personOf(3).first_name, phone: personOf(3).phone, device_id: personOf(3).device_id, account_id: personOf(3).account_id });
    expect(mediaFile).not.toBe('');
    // And the check does catch them when they are there.
    expect(() => expectNoPersonalData('self-check', JSON.stringify(row), {})).toThrow();
  });

  it('GeoReport service and proxy, JSON and XML, every list filter and every request', async () => {
    const direct = await walk(publicGeoReportUrls('/open311/v1'));
    const proxied = await walk(publicGeoReportUrls('/proxy/open311/v1'));
    // Most of them answer with data: the walk is not a tour of error pages.
    expect(direct).toBeGreaterThan(80);
    expect(proxied).toBe(direct);
    const listed = await t.app.inject({ url: `/open311/v1/requests.json?extensions=true&service_request_id=${allIds.join(',')}` });
    expect((listed.json() as { service_request_id: string }[]).map((request) => request.service_request_id).sort()).toEqual([...publishedIds].sort());
  }, 60_000);

  it('counters, service objects, media, health and the web app', async () => {
    const ok = await walk([
      '/api/counters/',
      '/api/counters/?format=json',
      '/api/counters/?format=api',
      '/api/counters',
      `/api/counters/${counterId}/`,
      `/api/counters/${counterId}`,
      '/proxy/counters/',
      `/proxy/counters/${counterId}/`,
      '/proxy/service-objects?q=a',
      '/proxy/service-objects/?lat=60.17&long=24.94',
      '/geocoding/v1/search?text=Koulukatu%201',
      '/geocoding/v1/reverse?point.lat=60.1699&point.lon=24.9384&layers=address,venue',
      '/proxy/geocoding/v1/search?text=a&focus.point.lat=60.17&focus.point.lon=24.94',
      '/proxy/geocoding/v1/reverse?point.lat=60.1699&point.lon=24.9384',
      '/bodies/v1/bodies.json',
      '/bodies/v1/bodies.json?lat=60.17&long=24.94',
      '/bodies/v1/no-such-resource',
      '/proxy/bodies/v1/bodies.json?lat=60.17&long=24.94',
      '/bodies/v1/not-ours.json?lat=60.17&long=24.94',
      '/proxy/bodies/v1/not-ours.json?lat=60.17&long=24.94&locale=sv',
      '/bodies/v1/asset-layers.json?locale=fi',
      '/proxy/bodies/v1/asset-layers.json',
      '/bodies/v1/asset-layers/no-such-layer/features.json?bbox=24.93,60.16,24.94,60.17',
      ...submissionKeys.map((key) => `/proxy/open311/v1/submissions/${key}`),
      `/media/${mediaFile}`,
      '/healthz',
      '/readyz',
      '/readiness',
      // Read after the requests above: its labels must hold none of what they carried.
      '/metrics',
      '/api/counters.json',
      '/api/counters.json/',
      `/api/counters/${counterId}.json`,
      '/schema',
      '/swagger',
      '/proxy/counters',
      '/proxy/counters.json',
      '/proxy/counters.json/',
      `/proxy/counters/${counterId}.json`,
      '/proxy/counters-info',
      // The counter service's observations, aggregates, sources and API root, direct and proxied.
      '/api',
      '/api/',
      `/api/observations/?counter=${counterId}`,
      `/api/observations?counter=${counterId}`,
      `/api/observations/aggregate/?counter=${counterId}&period=day`,
      `/api/observations/aggregate?counter=${counterId}&period=day`,
      '/api/metadata/sources/',
      '/api/metadata/sources',
      '/api/metadata/sources/no-such-source/',
      '/api/metadata/sources/no-such-source',
      // DRF's format suffixes on the API root, observations, aggregate and sources, with and without the slash.
      '/api/.json',
      '/api/.json/',
      `/api/observations.json?counter=${counterId}`,
      `/api/observations.csv/?counter=${counterId}`,
      `/api/observations/aggregate.json?counter=${counterId}&period=day`,
      `/api/observations/aggregate.api/?counter=${counterId}&period=day`,
      '/api/metadata/sources.json',
      '/api/metadata/sources.csv/',
      '/proxy/counters-api',
      `/proxy/counters-api/observations/?counter=${counterId}`,
      '/proxy/counters-api.json',
      '/proxy/counters-api.json/',
      '/index.html',
      '/favicon.svg',
      // The installable app's files (issue 25): its worker, manifests and icons.
      '/sw.js',
      '/manifest.fi.webmanifest',
      '/manifest.sv.webmanifest',
      '/manifest.en.webmanifest',
      '/icons/icon-192.png',
      '/icons/icon-512.png',
      '/icons/icon-maskable-512.png',
      '/icons/apple-touch-icon.png',
      // The pages links in emails open; a forged token is refused without saying whose it would be.
      '/mail/confirm?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/mail/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/mail/fixed?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/mail/not-fixed?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/mail/alerts/confirm?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      '/mail/alerts/unsubscribe?token=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
      // The Atom feeds (issue 28): published reports and their public history, never who reported.
      '/feeds/area.atom?lat=60.17&long=24.94&radius=5000',
      ...publishedIds.map((id) => `/feeds/requests/${id}.atom`),
      '/feeds/bodies/no-such-body.atom',
      '/feeds/no-such-feed',
      // Unknown API paths answer with the API's error, which must not echo anything either.
      '/open311/v1/no/such/thing.json',
      '/proxy/open311/v1/no/such/thing.xml',
      // Names without a format, or no resource: the routes that catch what the named ones do not.
      '/open311/v1/discovery',
      '/open311/v1/services/171',
      `/open311/v1/requests/${publishedIds[0]}`,
      `/open311/v1/requests/${publishedIds[0]}/nothing.json`,
    ], lookupToken);
    // The OpenAPI document and its page describe the fields (email among them), never hold a value.
    await walk(
      ['/schema/', '/api/schema/', '/api/schema/swagger-ui', '/api/schema/swagger-ui/', '/api/schema/swagger-ui/static/index.html',
        '/api/schema/swagger-ui/static/swagger-initializer.js', '/api/schema/swagger-ui/static/swagger-ui.css', '/api/schema/swagger-ui/static/theme/contrast.css',
        '/api/schema/swagger-ui/json', '/api/schema/swagger-ui/yaml'],
      {},
      { checkNames: false },
    );
    // The residents' API without a session: who is signed in (nobody), and 401 for the rest, whose
    // message names the field to sign in with ("your email address"), never a value.
    await walk(['/residents/api/session', '/residents/api/me', '/residents/api/alerts'], {}, { checkNames: false });
    expect(ok).toBeGreaterThan(10);
    // Browser navigations answered with the web app's page.
    await walk(['/', '/report', `/requests/${publishedIds[0]}`, '/moderation'], { accept: 'text/html' });
    // The built scripts are code, not data: they may name the form fields, never hold a value.
    const assets = seen.routes.filter((route) => route.method === 'GET' && route.url.startsWith('/assets/')).map((route) => route.url);
    await walk(assets, {}, { checkNames: false });
  }, 60_000);

  it('the dashboard’s downloads (issue 41, item 9): reports as CSV and GeoJSON, their updates as CSV, every filter', async () => {
    await addModerator(t, 'export-walker', 'correct horse battery');
    const moderator = await signIn(t, 'export-walker', 'correct horse battery');
    const files = ['requests.csv', 'requests.geojson', 'updates.csv'];
    const filters = ['', '?state=open', '?state=closed', '?state=pending', '?service_code=900', '?from=2026-11-01&to=2026-12-31&locale=sv'];
    const urls = files.flatMap((file) => filters.map((filter) => `${api}/exports/${file}${filter}`));
    expect(await walk(urls, { cookie: moderator.cookie })).toBe(urls.length);
    // Not an empty walk: the published reports are in it, by id.
    const all = await t.app.inject({ method: 'GET', url: `${api}/exports/requests.csv`, headers: { cookie: moderator.cookie } });
    for (const id of publishedIds) expect(all.body).toContain(id);
    // Nor an internal note (issue 41, item 5): every report has one by now.
    for (const id of allIds) expect(all.body).not.toContain(internalNoteOf(id));
  });

  it('no email holds an internal note (issue 41, item 5); the body’s moderators do read it', async () => {
    expect(emailsSinceNotes).toBeGreaterThan(0);
    const messages = await t.sql.all<{ subject: string; body_text: string; body_html: string }>('SELECT subject, body_text, body_html FROM outbox');
    for (const message of messages) {
      for (const id of allIds) expect(`${message.subject}\n${message.body_text}\n${message.body_html}`).not.toContain(internalNoteOf(id));
    }
    // The check would see a note where there is one: the body's moderators read it in the detail.
    const moderator = await signIn(t, 'desk-moderator');
    expect((await moderator.request('GET', `/requests/${publishedIds[1]}`)).body).toContain(internalNoteOf(publishedIds[1]!));
  });

  it('visited every public GET route the app registers', () => {
    const publicGets = [...new Set(seen.routes.filter((route) => route.method === 'GET' && !route.url.startsWith('/moderation/api')).map((route) => route.url))];
    expect(publicGets.length).toBeGreaterThan(10);
    const missed = publicGets.filter((url) => !seen.served.has(`GET ${url}`));
    expect(missed, `public GET routes no test request reached: ${missed.join(', ')}`).toEqual([]);
  });
});
