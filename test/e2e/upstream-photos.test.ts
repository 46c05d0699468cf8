import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';
import { readProxyApiKey } from '../helpers/proxy-key';
import { multipartBody } from '../server/georeport/form';
import { addModeratorWithCli } from './admin-cli';
import { expectCleanRunThenClose, openPage } from './browser-context';

/**
 * Kerro in front of another city's GeoReport service (OPEN311_URL): here a second Kerro, the
 * upstream, on another port, so another origin. The upstream's answers name photos on its own
 * host; a resident on the downstream Kerro's request page must see them, under its CSP.
 */

const password = 'correct horse battery staple';

let upstream: KerroServer;
let downstream: KerroServer;
let browser: Browser;
let id: string;

async function reportWithPhotoOnUpstream(): Promise<string> {
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#2a7' } }).jpeg().toBuffer();
  const form = await multipartBody(
    { service_code: '171', title: 'Pothole by the tram stop', description: 'A deep pothole right by the tram stop.', lat: '60.1699', long: '24.9384' },
    [{ fileName: 'pothole.jpg', type: 'image/jpeg', data: photo }],
  );
  const created = await fetch(`${upstream.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', headers: form.headers, body: new Uint8Array(form.payload) });
  const answer = (await created.json()) as { service_request_id: string }[];
  expect(created.status, JSON.stringify(answer)).toBe(200);
  return answer[0]!.service_request_id;
}

async function publishOnUpstream(requestId: string): Promise<void> {
  addModeratorWithCli(upstream.dataDir, 'maija', password);
  const session = await fetch(`${upstream.baseUrl}/moderation/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'maija', password }),
  });
  expect(session.status).toBe(200);
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const cookie = session.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const published = await fetch(`${upstream.baseUrl}/moderation/api/requests/${encodeURIComponent(requestId)}/publish`, {
    method: 'POST',
    headers: { 'x-csrf-token': csrfToken, cookie },
  });
  expect(published.status, await published.clone().text()).toBe(200);
}

beforeAll(async () => {
  upstream = await startKerroServer();
  id = await reportWithPhotoOnUpstream();
  await publishOnUpstream(id);
  const apiKey = await readProxyApiKey({ DATA_DIR: upstream.dataDir });
  downstream = await startKerroServer({ env: { OPEN311_URL: `${upstream.baseUrl}/open311/v1`, OPEN311_API_KEY: apiKey } });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await Promise.allSettled([downstream?.stop(), upstream?.stop()]);
});

describe('photos of an external GeoReport upstream', () => {
  it("shows the upstream's photo on the downstream's request page, with no CSP violation", async () => {
    const opened = await openPage(browser);
    const { page } = opened;
    await page.goto(`${downstream.baseUrl}/requests/${encodeURIComponent(id)}`);
    const image = page.locator('.photo-gallery__image').first();
    await image.scrollIntoViewIfNeeded();
    // The photo comes from the upstream's own origin, as its answer names it.
    expect(new URL((await image.getAttribute('src'))!).origin).toBe(upstream.baseUrl);
    await expect
      .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth), { timeout: 15_000 })
      .toBe(320);
    await expectCleanRunThenClose(opened);
  });
});
