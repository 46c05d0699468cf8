import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeCspViolations } from '../helpers/csp';
import { expectCleanRunThenClose, openPage, type OpenedPage } from './browser-context';
import { withServerAndBrowser } from './suite-setup';

const suite = withServerAndBrowser();
let tilePng: Buffer;

beforeAll(async () => {
  tilePng = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dde' } }).png().toBuffer();
});

/**
 * A browser context that records CSP violations and serves map tiles locally: a tile request
 * reaching the route proves the policy let the <img> load (a refused one never leaves the page).
 */
async function openContext(): Promise<OpenedPage & { tileRequests: string[] }> {
  const tileRequests: string[] = [];
  const opened = await openPage(suite.browser, {
    tiles: (route) => {
      tileRequests.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'image/png', body: tilePng });
    },
  });
  return { ...opened, tileRequests };
}

function expectSecurityHeaders(headers: Record<string, string>, path: string): void {
  const csp = headers['content-security-policy'] ?? '';
  for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "frame-ancestors 'none'"]) {
    expect(csp, `${path}: ${directive}`).toContain(directive);
  }
  expect(csp, path).toMatch(/img-src 'self' data: blob: https:\/\/tile\.openstreetmap\.org/);
  expect(headers['x-content-type-options'], path).toBe('nosniff');
  expect(headers['x-frame-options'], path).toBe('DENY');
  expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
  expect(headers['cross-origin-opener-policy'], path).toBe('same-origin');
}

async function firstPublishedRequestId(): Promise<string> {
  const answer = await fetch(`${suite.server.baseUrl}/open311/v1/requests.json`);
  const requests = (await answer.json()) as { service_request_id: string }[];
  expect(requests.length).toBeGreaterThan(0);
  return requests[0]!.service_request_id;
}

describe('security headers and the CSP in Chromium', () => {
  it('every page of the web app loads with the headers and without a single CSP violation', async () => {
    const opened = await openContext();
    const { page, tileRequests } = opened;
    const pages = [
      { path: '/', ready: () => page.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/report', ready: () => page.locator('.leaflet-container').first().waitFor() },
      { path: `/requests/${await firstPublishedRequestId()}`, ready: () => page.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/counters', ready: () => page.getByRole('heading', { level: 1 }).waitFor() },
      { path: '/no-such-page', ready: () => page.getByRole('heading', { level: 1 }).waitFor(), status: 404 },
    ];
    for (const { path, ready, status = 200 } of pages) {
      const response = await page.goto(`${suite.server.baseUrl}${path}`);
      expect(response?.status(), path).toBe(status);
      expectSecurityHeaders(await response!.allHeaders(), path);
      await ready();
      await page.waitForLoadState('networkidle');
    }
    // The maps asked for tiles: the policy admits the tile server.
    expect(tileRequests.length).toBeGreaterThan(0);
    await expectCleanRunThenClose(opened);
  });

  it('a photo chosen in the report form previews (blob: URL) and the pin drops, without a violation', async () => {
    const opened = await openContext();
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/report`);
    const map = page.locator('.leaflet-container').first();
    await map.waitFor();
    await map.click({ position: { x: 300, y: 200 } });
    await page.locator('img.leaflet-marker-icon').waitFor();
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#486' } }).jpeg().toBuffer();
    await page.locator('input[type=file]').first().setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: photo });
    await page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('img[src^="blob:"]')].some((image) => image.complete && image.naturalWidth > 0),
    );
    await expectCleanRunThenClose(opened);
  });

  it("the counters API's browsable page keeps its own stricter CSP, and passes it", async () => {
    const { context, page, cspViolations } = await openContext();
    const response = await page.goto(`${suite.server.baseUrl}/api/counters/?format=api`);
    expect(response?.status()).toBe(200);
    const headers = await response!.allHeaders();
    expect(headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(headers['access-control-allow-origin']).toBe('*');
    // Its one inline <style> is allowed by hash: the page is styled.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(247, 247, 247)');
    const violations = await cspViolations();
    expect(violations, describeCspViolations(violations)).toEqual([]);
    await context.close();
  });

  it('the collector does see a violation, so the zero above means something', async () => {
    const { context, page, cspViolations } = await openContext();
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    const before = (await cspViolations()).length;
    // An inline style attribute and an outside script: both refused by the policy.
    await page.evaluate(() => {
      const element = document.createElement('div');
      element.setAttribute('style', 'color: red');
      document.body.append(element);
      const script = document.createElement('script');
      script.src = 'https://scripts.example.org/evil.js';
      document.body.append(script);
    });
    await expect.poll(async () => (await cspViolations()).slice(before).map((violation) => violation.effectiveDirective).sort()).toEqual([
      'script-src-elem',
      'style-src-attr',
    ]);
    await context.close();
  });
});
