import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { chromium, type BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_PATH, chromiumArgs, screenshot } from '../helpers/browser';
import { makeJpeg } from '../helpers/images';
import { desktop, expectCleanRunThenClose, mobile, openPage, type OpenedPage } from './browser-context';
import { expectNoAxeViolations } from './expectations';
import { chooseServiceType } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';

/**
 * The installable, offline-first app (issue 25 §2) in Chromium, with its service worker allowed:
 * installable, controlling the page, opening `/` and `/report` with the network cut, and a report
 * made offline kept on the device and sent exactly once when the connection is back.
 */
const suite = withServerAndBrowser({ env: { PROXY_POSTS_PER_MINUTE: '1000' } });
let photo: Buffer;

beforeAll(async () => {
  photo = await makeJpeg(1600, 1200);
});

/** Opens `path` with the service worker allowed and waits until it controls the page (it claims the page that registered it). */
async function openControlled(path: string, options: Parameters<typeof openPage>[1] = {}): Promise<OpenedPage> {
  const opened = await openPage(suite.browser, { serviceWorkers: 'allow', ...options });
  await opened.page.goto(`${suite.server.baseUrl}${path}`);
  await opened.page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  return opened;
}

/** Whether the service worker itself can reach the server: proves a page came from its cache, not from the network through it. */
async function workerReachesServer(context: BrowserContext): Promise<boolean> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('no service worker in the context');
  return worker.evaluate(() => fetch('/healthz', { cache: 'no-store' }).then(() => true, () => false));
}

/** Rows of the server's own store with this description: what arrived, however the page says it went. */
function storedReportsWith(description: string): { service_request_id: string }[] {
  // Read-write as the running server's own connections are: a read-only one may not see its WAL.
  const db = new Database(join(suite.server.dataDir, 'kerro.sqlite'), { fileMustExist: true });
  try {
    return db.prepare('SELECT service_request_id FROM service_requests WHERE description = ?').all(description) as { service_request_id: string }[];
  } finally {
    db.close();
  }
}

describe('the installable app', () => {
  it('is installable: a manifest with names, 192 and 512 px icons, start_url and display, and a service worker controlling the page', async () => {
    const opened = await openControlled('/');
    const { context, page } = opened;
    const cdp = await context.newCDPSession(page);
    const { url, errors, data } = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[]; data?: string };
    expect(url).toBe(`${suite.server.baseUrl}/manifest.en.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data!) as { name: string; short_name: string; start_url: string; display: string; icons: { sizes: string; purpose: string }[] };
    expect(manifest).toMatchObject({ name: 'Kerro – city feedback', short_name: 'Kerro', start_url: '/', display: 'standalone' });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);

    // Online, a page still comes from the server through the worker, with what the server adds
    // to it (the tile server's preconnect, the page's preloads), not as the kept index.html.
    const again = await page.reload();
    expect(again?.fromServiceWorker()).toBe(true);
    expect(await page.locator('link[rel="preconnect"]').count()).toBeGreaterThan(0);

    // The installed app's names follow the UI language.
    await page.getByRole('banner').getByRole('button', { name: 'Suomi' }).click();
    await expect.poll(() => page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.fi.webmanifest');
    const finnish = (await cdp.send('Page.getAppManifest')) as { data?: string };
    expect(JSON.parse(finnish.data!)).toMatchObject({ lang: 'fi', name: 'Kerro – palaute kaupungille' });
    await expectCleanRunThenClose(opened);
  });

  it("meets Chromium's installability rules, asked in a profile of its own (a test context is incognito, which Chromium never installs from)", async () => {
    const profile = mkdtempSync(join(tmpdir(), 'kerro-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: chromiumArgs, viewport: desktop });
    try {
      await context.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${suite.server.baseUrl}/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('serves the worker and the manifests revalidated on every visit, with their types', async () => {
    const worker = await fetch(`${suite.server.baseUrl}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    for (const language of ['fi', 'sv', 'en']) {
      const manifest = await fetch(`${suite.server.baseUrl}/manifest.${language}.webmanifest`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
    }
    for (const icon of ['icon-192.png', 'icon-512.png', 'icon-maskable-512.png']) {
      expect((await fetch(`${suite.server.baseUrl}/icons/${icon}`)).headers.get('content-type')).toBe('image/png');
    }
  });

  it('opens / and /report with the network cut, the service types from the last list', async () => {
    // One visit: the page read its list of types before the worker was there; the worker fetched
    // the list itself when it installed.
    const opened = await openControlled('/report');
    const { context, page } = opened;
    await page.locator('.type-option').first().waitFor();

    await context.setOffline(true);
    expect(await workerReachesServer(context)).toBe(false);
    await page.goto(`${suite.server.baseUrl}/report`);
    await page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
    await page.getByRole('radio', { name: /^Potholes/ }).waitFor();
    await page.getByTestId('offline-notice').waitFor();
    await page.goto(`${suite.server.baseUrl}/`);
    await page.locator('.site-header__tagline', { hasText: 'City feedback' }).waitFor();
    await page.getByTestId('offline-notice').waitFor();
    await context.setOffline(false);
    await expectCleanRunThenClose(opened);
  });
});

describe('a report made offline', () => {
  it('is kept on the device with its photo, can be seen after a reload, and is sent exactly once when the connection is back, in two tabs', async () => {
    const description = `Offline pothole ${Date.now()}`;
    const opened = await openControlled('/report', { viewport: { width: desktop.width, height: 800 } });
    const { context, page } = opened;
    await page.locator('.location-map .leaflet-container').waitFor();

    await context.setOffline(true);
    await page.getByTestId('offline-notice').waitFor();
    await chooseServiceType(page, 'pothole', 'Potholes');
    const map = page.locator('.location-map .leaflet-container');
    await map.scrollIntoViewIfNeeded();
    await map.click();
    await page.getByLabel('Description').fill(description);
    await page.getByTestId('photo-input').setInputFiles([{ name: 'hole.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await page.locator('.photo-list__image').waitFor();
    await page.getByTestId('offline-send-note').waitFor();
    await page.getByRole('button', { name: 'Send report' }).click();

    const entry = page.getByTestId('outbox-entry');
    await entry.getByRole('heading', { name: 'Waiting to be sent: Potholes', exact: true }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Reports on this device');
    expect(await entry.textContent()).toContain('1 photo');
    await expectNoAxeViolations(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'offline-queued-1280x800');
    await page.setViewportSize(mobile);
    await screenshot(page, 'offline-queued-390x844');
    await page.setViewportSize({ width: desktop.width, height: 800 });

    // Kept on the device: a reload (from the cache) and a second tab both show it.
    await page.reload();
    await entry.getByRole('heading', { name: 'Waiting to be sent: Potholes', exact: true }).waitFor();
    const second = await context.newPage();
    await second.goto(`${suite.server.baseUrl}/`);
    await second.getByTestId('outbox-entry').getByRole('heading', { name: 'Waiting to be sent: Potholes', exact: true }).waitFor();
    expect(storedReportsWith(description)).toEqual([]);

    // Back online: both tabs hear `online`; the report goes once.
    await context.setOffline(false);
    await entry.getByRole('heading', { name: 'Sent: Potholes', exact: true }).waitFor({ timeout: 30_000 });
    await second.getByTestId('outbox-entry').getByRole('heading', { name: 'Sent: Potholes', exact: true }).waitFor({ timeout: 30_000 });
    const stored = storedReportsWith(description);
    expect(stored).toHaveLength(1);
    await screenshot(page, 'offline-sent-1280x800');

    await entry.getByRole('link', { name: 'See the confirmation' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' }).waitFor();
    expect((await page.getByTestId('report-id').textContent())?.trim()).toBe(stored[0]!.service_request_id);
    // Nothing is sent again later: the outbox holds nothing waiting.
    const waiting = await page.evaluate(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const open = indexedDB.open('kerro-report-outbox');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const all = open.result.transaction('keyval').objectStore('keyval').getAll();
            all.onsuccess = () => resolve((all.result as { state: string }[]).filter((entry) => entry.state === 'waiting'));
            all.onerror = () => reject(all.error);
          };
        }),
    );
    expect(waiting).toEqual([]);
    expect(storedReportsWith(description)).toHaveLength(1);
    await expectCleanRunThenClose(opened);
  });

  it('says plainly that the device is offline, on a phone too', async () => {
    const opened = await openControlled('/report', { viewport: mobile, isMobile: true, hasTouch: true });
    const { context, page } = opened;
    await page.locator('.type-option').first().waitFor();
    await context.setOffline(true);
    const notice = page.getByTestId('offline-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This device is offline');
    expect(await notice.textContent()).toContain('sent by itself when the connection is back');
    await expectNoAxeViolations(page);
    await screenshot(page, 'offline-notice-390x844');
    await page.setViewportSize({ width: desktop.width, height: 800 });
    await screenshot(page, 'offline-notice-1280x800');
    await context.setOffline(false);
    await expectCleanRunThenClose(opened);
  });
});
