/**
 * A request's page as the server writes it: a published request's head names its Atom feed
 * (`<link rel="alternate" type="application/atom+xml">`, from PUBLIC_BASE_URL, its title escaped
 * and in the page's language); a pending, rejected or unknown request's page does not.
 */
import { rmSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';
import { newRequest } from '../storage/contract/fixtures';
import { clientRoutesOver, writeMiniatureClient } from '../../helpers/miniature-client';

const base = 'https://kerro.example';
// A built app in miniature: index.html and the manifest the page's preloads are read from.
const indexHtml = '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Kerro</title></head><body><div id="root"></div></body></html>';
const manifest = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true },
  'src/client/main.tsx': { file: 'assets/main-M1.js', isDynamicEntry: true },
  'src/client/app/routes/request-track.tsx': { file: 'assets/request-track-T1.js', isDynamicEntry: true },
};

let t: TestApp;
let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_BASE_URL: base });
  dir = writeMiniatureClient('kerro-feed-link-', indexHtml, manifest);
  const requests = t.repositories.serviceRequests;
  await requests.create(newRequest('public-1', { title: '"><script>alert(1)</script>' }));
  await requests.create(newRequest('untitled', { title: null }));
  await requests.create(newRequest('pending', { moderation: 'pending' }));
  await requests.create(newRequest('rejected', { moderation: 'rejected' }));
  app = await clientRoutesOver(t, dir);
});

afterAll(async () => {
  await app?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const page = async (path: string, language = 'en') =>
  (await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html', host: 'evil.example', 'accept-language': language } })).body;
const feedLinks = (html: string) => html.match(/<link rel="alternate" type="application\/atom\+xml"[^>]*>/g) ?? [];

it("puts the published request's feed in its head, escaped, from PUBLIC_BASE_URL whatever the Host", async () => {
  expect(feedLinks(await page('/requests/public-1'))).toEqual([
    `<link rel="alternate" type="application/atom+xml" title="History of the report: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;" href="${base}/feeds/requests/public-1.atom">`,
  ]);
  expect(feedLinks(await page('/requests/untitled', 'fi'))).toEqual([
    `<link rel="alternate" type="application/atom+xml" title="Ilmoituksen historia: Katujen kunto" href="${base}/feeds/requests/untitled.atom">`,
  ]);
});

it('names no feed for a request that is not published or not there, nor on other pages', async () => {
  for (const path of ['/requests/pending', '/requests/rejected', '/requests/nobody', '/report']) {
    const html = await page(path);
    expect(html).toContain('<div id="root">');
    expect(feedLinks(html)).toEqual([]);
  }
});
