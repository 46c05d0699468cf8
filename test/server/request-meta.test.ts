/**
 * A request's page as the server sends it: a published request's head carries its Open Graph and
 * Twitter card tags and its title (so a shared link previews), every value escaped, links from
 * PUBLIC_BASE_URL whatever Host was sent; any other request's page is index.html's generic head.
 * The real store (this run's backend) holds the requests.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BodyRecord } from '../../src/server/storage/repositories/types';
import { createTestApp, type TestApp } from '../helpers/georeport-app';
import { mediaRow, newRequest } from './storage/contract/fixtures';
import { clientRoutesOver, writeMiniatureClient } from '../helpers/miniature-client';

const indexHtml =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Kerro</title><script type="module" src="/assets/index-E1.js"></script></head><body><div id="root"></div></body></html>';
const manifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true },
  'src/client/main.tsx': { file: 'assets/main-M1.js', isDynamicEntry: true },
  'src/client/app/routes/request-track.tsx': { file: 'assets/request-track-T1.js', isDynamicEntry: true },
};
const publicBase = 'https://kerro.example';

const helsinki: BodyRecord = {
  id: 'helsinki',
  jurisdiction_id: 'hel.fi',
  names: { fi: 'Helsingin kaupunki', sv: 'Helsingfors stad', en: 'City of Helsinki' },
  area: { type: 'Polygon', coordinates: [[[24.8, 60.1], [25.1, 60.1], [25.1, 60.3], [24.8, 60.3], [24.8, 60.1]]] },
  services: ['171'],
  send: { method: 'console' },
};

const personal = { email: 'resident@example.org', first_name: 'Maija', last_name: 'Meikäläinen', phone: '+358401234567' };
const hostileTitle = '"><script>alert(1)</script>';
const longDescription = `${'Syvä kuoppa suojatien edessä ja toinen vieressä. '.repeat(8)}Loppu.`;

let t: TestApp;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: publicBase });
  dir = writeMiniatureClient('kerro-request-meta-', indexHtml, manifest, { 'icons/icon-512.png': 'png' });
  await t.repositories.bodies.importAll([helsinki]);
  const requests = t.repositories.serviceRequests;
  await requests.create(newRequest('with-photo', { title: 'Broken bench by the fountain', body_id: 'helsinki', detailed_status: ['IN_PROCESS'], media: [mediaRow(0, 'first.jpg'), mediaRow(1, 'second.jpg')], ...personal }));
  await requests.create(newRequest('no-title', { title: null, address_string: 'Aleksanterinkatu 20, Helsinki', ...personal }));
  await requests.create(newRequest('hostile', { title: hostileTitle, description: `<img src=x onerror=alert(2)> & "quoted" ${longDescription}` }));
  await requests.create(newRequest('pending', { moderation: 'pending', ...personal }));
  await requests.create(newRequest('rejected', { moderation: 'rejected', ...personal }));
  app = await clientRoutesOver(t, dir);
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const answer = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { accept: 'text/html', 'accept-language': 'en-GB', ...headers } });
const page = async (url: string, headers: Record<string, string> = {}) => {
  const response = await answer(url, headers);
  expect(response.statusCode).toBe(200);
  return response.body;
};
const noIndex = '<meta name="robots" content="noindex">';

const unescape = (text: string) =>
  text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');

/** The head's meta values by property or name, read back as a preview's parser reads them. */
function metaOf(html: string): Record<string, string> {
  const head = html.slice(0, html.indexOf('</head>'));
  return Object.fromEntries([...head.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)">/g)].map(([, key, value]) => [key!, unescape(value!)]));
}
const titleOf = (html: string) => unescape(/<title>([^<]*)<\/title>/.exec(html)![1]!);

describe("a published request's page", () => {
  it('names the request, its type, body and status, with its first photo as a large card', async () => {
    const html = await page('/requests/with-photo');
    expect(html).not.toContain(noIndex);
    const meta = metaOf(html);
    expect(meta).toMatchObject({
      'og:type': 'article',
      'og:site_name': 'Kerro',
      'og:locale': 'en_GB',
      'og:url': `${publicBase}/requests/with-photo`,
      'og:title': 'Broken bench by the fountain',
      'og:image': `${publicBase}/media/first.jpg`,
      'twitter:card': 'summary_large_image',
      'twitter:title': 'Broken bench by the fountain',
    });
    expect(meta['og:description']).toBe('Potholes · City of Helsinki · Being handled — Syvä kuoppa suojatien edessä, pyöräilijä voi kaatua.');
    expect(meta['twitter:description']).toBe(meta['og:description']);
    // The app's own title for the page (useDocumentTitle), so nothing changes as it starts.
    expect(titleOf(html)).toBe('Broken bench by the fountain – Kerro');
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The page's preloads are still there.
    expect(html).toContain('request-track-T1.js');
  });

  it("speaks the language Accept-Language asks for, as the page's JSON does", async () => {
    const meta = metaOf(await page('/requests/with-photo', { 'accept-language': 'fi-FI,fi;q=0.9' }));
    expect(meta['og:locale']).toBe('fi_FI');
    expect(meta['og:description']).toMatch(/^Katujen kunto · Helsingin kaupunki · Käsittelyssä — /);
  });

  it("without a title or photo: the type and place as its name, the installation's image, a small card", async () => {
    const html = await page('/requests/no-title');
    expect(metaOf(html)).toMatchObject({
      'og:title': 'Potholes, Aleksanterinkatu 20, Helsinki',
      'og:image': `${publicBase}/icons/icon-512.png`,
      'twitter:card': 'summary',
    });
    expect(metaOf(html)['og:description']).toMatch(/^Potholes · Received — /);
    expect(titleOf(html)).toBe('Potholes – Kerro');
  });

  it('escapes every value: a title that closes the attribute and opens a script stays text', async () => {
    const html = await page('/requests/hostile');
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html.match(/<script/g)).toHaveLength(1);
    const meta = metaOf(html);
    expect(meta['og:title']).toBe(hostileTitle);
    expect(titleOf(html)).toBe(`${hostileTitle} – Kerro`);
    // The description is cut to about two lines of a card, at a word.
    const description = meta['og:description']!.split(' — ')[1]!;
    expect(description.startsWith('<img src=x onerror=alert(2)> & "quoted" Syvä')).toBe(true);
    expect([...description].length).toBeLessThanOrEqual(200);
    expect(description).toMatch(/[^\s]…$/);
    expect(longDescription).toContain(description.slice(-20, -1));
  });

  it("never carries the reporter's email, names or phone", async () => {
    for (const id of ['with-photo', 'no-title']) {
      const html = await page(`/requests/${id}`);
      for (const value of Object.values(personal)) expect(html).not.toContain(value);
    }
  });

  it('links from PUBLIC_BASE_URL even when the Host header names another site', async () => {
    const html = await page('/requests/with-photo', { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(html).not.toContain('evil.example');
    expect(metaOf(html)['og:url']).toBe(`${publicBase}/requests/with-photo`);
  });
});

describe('a page served once, then the request changes', () => {
  it('loses its tags at once when the request is hidden, and gains them when one is published', async () => {
    await t.repositories.serviceRequests.create(newRequest('to-hide', { title: 'Soon hidden' }));
    await t.repositories.serviceRequests.create(newRequest('to-publish', { title: 'Soon public', moderation: 'pending' }));
    expect(metaOf(await page('/requests/to-hide'))['og:title']).toBe('Soon hidden');
    expect(await page('/requests/to-publish')).not.toContain('og:');
    await t.sql.run("UPDATE service_requests SET moderation = 'rejected' WHERE service_request_id = ?", 'to-hide');
    await t.sql.run("UPDATE service_requests SET moderation = 'published' WHERE service_request_id = ?", 'to-publish');
    const hidden = await page('/requests/to-hide');
    expect(hidden).not.toContain('og:');
    expect(hidden).not.toContain('Soon hidden');
    expect(metaOf(await page('/requests/to-publish'))['og:title']).toBe('Soon public');
  });
});

describe('any other request page', () => {
  it('is the generic page kept from search engines, saying nothing of a pending, rejected or unknown request', async () => {
    for (const id of ['pending', 'rejected', 'no-such-request']) {
      const response = await answer(`/requests/${id}`);
      // The reporter's link opens a pending or rejected one (the API answers it by its id); an unknown one is not there.
      expect(response.statusCode, id).toBe(id === 'no-such-request' ? 404 : 200);
      const html = response.body;
      expect(html, id).toContain(noIndex);
      expect(html, id).toContain('<div id="root">');
      expect(html, id).not.toContain('og:');
      expect(html, id).not.toContain('twitter:');
      expect(titleOf(html), id).toBe('Kerro');
      expect(html, id).not.toContain('Kuoppa');
      for (const value of Object.values(personal)) expect(html, id).not.toContain(value);
    }
  });

  it('stays 404 when asked again (the kept page keeps its status)', async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await answer('/requests/never-made')).statusCode).toBe(404);
  });

  it('leaves the home page and other pages as they were, open to search engines', async () => {
    expect(await page('/')).not.toContain('og:');
    expect(await page('/report')).not.toContain('og:');
    expect(await page('/report')).not.toContain(noIndex);
  });
});
