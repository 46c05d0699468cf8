import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ServiceRequest, ServiceType } from '../../src/shared/georeport/types';
import { parseDetailedStatus } from '../../src/shared/georeport/detailed-status';
import { screenshot } from '../helpers/browser';
import { projectRoot } from '../helpers/project-root';
import { desktop, helsinki, mobile, openPage } from './browser-context';
import { expectLaidOutAt, expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';
import { publishInServerDatabase } from '../helpers/published-report';

const pageErrors: string[] = [];

// Texts that look like markup but pass the service's no-HTML rule: they must show exactly as typed.
const title = 'Bench <3 & "friends" broken';
const description = 'Slats missing: 5 < 6 & 7 > 3. Someone wrote &lt;img src=x onerror=window.__xss=1&gt; on it.';

/** The follow form's heading: it shows only once the page knows the request is public. */
const followHeadingIn = (language: string): string =>
  (JSON.parse(readFileSync(join(projectRoot, 'src/client/locales', language, 'updates.json'), 'utf8')) as { follow: { heading: string } }).follow.heading;

function wordsIn(language: string): { detailedStatus: Record<string, { label: string }>; moderation: Record<string, string> } {
  return JSON.parse(readFileSync(join(projectRoot, 'src/client/locales', language, 'requests.json'), 'utf8'));
}

const suite = withServerAndBrowser();

// A resident in Helsinki: dates must show in their time zone, whatever the server's offset.
const openTrackPage = (viewport: { width: number; height: number }, locale = 'en-GB') =>
  openPage(suite.browser, { viewport, locale, timezoneId: helsinki, tiles: 'network', pageErrors });

/** A real photo: a JPEG with a few shapes, made by sharp. */
async function samplePhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <rect width="1200" height="900" fill="#5b8c5a"/><rect x="250" y="380" width="700" height="60" fill="#8b5a2b"/>
    <rect x="250" y="470" width="700" height="60" fill="#8b5a2b"/><rect x="300" y="530" width="40" height="200" fill="#333"/>
    <rect x="860" y="530" width="40" height="200" fill="#333"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/**
 * Sends a report through the proxy as a browser would: multipart with a photo, or a plain
 * urlencoded form without one.
 */
async function createRequest({ photo = true }: { photo?: boolean } = {}): Promise<{ id: string; serviceCode: string }> {
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  const serviceCode = services[0]!.service_code;
  const fields = {
    service_code: serviceCode,
    title,
    description,
    lat: '60.17045',
    long: '24.94120',
    address_string: 'Esplanadi park, by the fountain',
    email: 'resident@example.org',
  };
  let body: FormData | URLSearchParams;
  if (photo) {
    body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append('media[]', new Blob([new Uint8Array(await samplePhoto())], { type: 'image/jpeg' }), 'bench.jpg');
  } else {
    body = new URLSearchParams(fields);
  }
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  const created = (await response.json()) as { service_request_id: string }[];
  expect(response.status, JSON.stringify(created)).toBe(200);
  return { id: created[0]!.service_request_id, serviceCode };
}

function publish(id: string): void {
  expect(publishInServerDatabase(suite.server, id)).toBe(1);
}

/** Waits until the page has asked the listing whether the request is public, and got the answer. */
function publicationAnswer(page: Page, id: string) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/proxy/open311/v1/requests.json' && url.searchParams.get('service_request_id') === id;
  });
}

describe('track page in Chromium', () => {
  it('shows a new report as waiting for moderation with its photo, then as public once published', async () => {
    const { id, serviceCode } = await createRequest();
    const { context, page } = await openTrackPage(desktop);
    const answered = publicationAnswer(page, id);
    const response = await page.goto(`${suite.server.baseUrl}/requests/${id}`);
    expect(response?.status()).toBe(200);

    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.title()).toBe(`${title} – Kerro`);
    const waiting = page.getByText(wordsIn('en').moderation.waitingTitle!, { exact: true });
    await waiting.waitFor();
    expect(await page.getByText(/It becomes public once a moderator has checked it\./).isVisible()).toBe(true);
    expect((await (await answered).json()) as unknown[]).toEqual([]);

    // Written text shows literally, and nothing in it ran.
    expect(await page.locator('.request-details .user-text').first().textContent()).toBe(description);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    // (The place's map and its preview draw their tiles as images of their own.)
    expect(await page.locator('main img:not(.photo-gallery__image):not(.leaflet-tile):not(.map-preview__tile)').count()).toBe(0);

    const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
    const serviceName = services.find((service) => service.service_code === serviceCode)!.service_name;
    expect(await page.locator('.request-details__service').textContent()).toBe(serviceName);
    expect(await page.locator('.request-details__status').textContent()).toBe('Status: Open, Received');

    // The photo is there, loaded, described, and links to the full image.
    const photo = page.getByRole('img', { name: 'Photo 1 of 1 attached to the report' });
    await photo.scrollIntoViewIfNeeded();
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    const fullImage = await page.getByRole('link', { name: /Photo 1 of 1, opens a larger view/ }).getAttribute('href');
    const image = await fetch(new URL(fullImage!, suite.server.baseUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    // Keyboard: Tab reaches the photo link, and the focus ring shows where it is.
    await page.evaluate(() => window.scrollTo(0, 0));
    let reached = false;
    for (let presses = 0; presses < 20 && !reached; presses += 1) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.classList.contains('photo-gallery__link') ?? false);
    }
    expect(reached).toBe(true);
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());

    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'track-waiting-desktop-en');
    await expectNoAxeViolations(page);

    publish(id);
    const answeredAgain = publicationAnswer(page, id);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    const listed = (await (await answeredAgain).json()) as ServiceRequest[];
    expect(listed.map((request) => request.service_request_id)).toEqual([id]);
    // Once the answer is rendered (the follow form shows with it), the notice must be gone.
    await page.getByRole('heading', { name: followHeadingIn('en') }).waitFor();
    expect(await waiting.count()).toBe(0);
    await screenshot(page, 'track-published-desktop-en');

    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone screen, in Finnish, and is accessible there', async () => {
    const { id } = await createRequest({ photo: false });
    const { context, page } = await openTrackPage(mobile, 'fi-FI');
    await page.goto(`${suite.server.baseUrl}/requests/${id}`);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText(wordsIn('fi').moderation.waitingTitle!, { exact: true }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    // No photo was sent, so there is no photo section at all.
    expect(await page.getByRole('heading', { name: 'Valokuvat' }).count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'track-waiting-mobile-fi');
    await expectNoAxeViolations(page);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows a closed demo request with the city’s notes and the detailed status in words', async () => {
    const closed = (await (
      await fetch(`${suite.server.baseUrl}/open311/v1/requests.json?status=closed&extensions=true&locale=fi`)
    ).json()) as ServiceRequest[];
    const request = closed.find((candidate) => candidate.status_notes.trim() !== '' && candidate.extended_attributes?.detailed_status.includes(','));
    expect(request, 'the demo data has a closed request with notes and a public works status').toBeTruthy();

    // One load on a phone (axe there); the words do not depend on the width, the layout is checked widened.
    const { context, page } = await openTrackPage(mobile, 'fi-FI');
    const answered = publicationAnswer(page, request!.service_request_id);
    await page.goto(`${suite.server.baseUrl}/requests/${request!.service_request_id}`);
    await page.getByRole('heading', { level: 1, name: request!.extended_attributes!.title! }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Kaupungin vastaus' }).waitFor();
    expect(await page.getByText(request!.status_notes, { exact: true }).isVisible()).toBe(true);
    expect(await page.locator('.request-details__service').textContent()).toBe(request!.service_name);
    const words = wordsIn('fi').detailedStatus;
    const labels = parseDetailedStatus(request!.extended_attributes!.detailed_status).map((value) => words[value]!.label);
    expect(await page.locator('.request-details__status .detailed-status-text').textContent()).toBe(labels.join(' · '));
    expect(await page.locator('.request-details__status .status-badge').textContent()).toBe('Tila: Suljettu');
    expect(await page.locator('.status-steps [aria-current="step"]').textContent()).toContain(words.PROCESSED!.label);
    const requested = page.locator(`time[datetime="${request!.requested_datetime}"]`).first();
    const helsinkiHour = new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone: 'Europe/Helsinki' })
      .format(new Date(request!.requested_datetime))
      .replace(/^0/, '');
    expect(await requested.textContent()).toMatch(new RegExp(`^\\d{1,2}\\. \\p{L}+ \\d{4} klo ${helsinkiHour}\\.\\d{2}$`, 'u'));
    await answered;
    await page.getByRole('heading', { name: followHeadingIn('fi') }).waitFor();
    expect(await page.locator('.notice--moderation').count()).toBe(0);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'track-closed-mobile-fi');
    await expectNoAxeViolations(page);
    await expectLaidOutAt(page, desktop, page.getByText(request!.status_notes, { exact: true }));
    await screenshot(page, 'track-closed-desktop-fi');
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows a not-found page for an unknown id, with a way home', async () => {
    const { context, page } = await openTrackPage(desktop);
    await page.goto(`${suite.server.baseUrl}/requests/no-such-request`);
    await page.getByRole('heading', { level: 1, name: 'Report not found' }).waitFor();
    expect(await page.getByText('No report was found with the ID no-such-request.', { exact: false }).isVisible()).toBe(true);
    await screenshot(page, 'track-not-found-desktop-en');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to the front page' }).click();
    // Whatever the front page shows (it is another page's business), the link leads there.
    // The home page then writes its map's view into the query, so only the path is certain.
    await page.waitForURL((url) => url.origin === suite.server.baseUrl && url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Report not found' }).waitFor({ state: 'detached' });
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows an error with a retry when the proxy fails, and loads the report on retry', async () => {
    const { id } = await createRequest();
    const { context, page } = await openTrackPage(desktop);
    let failing = true;
    await page.route(`**/proxy/open311/v1/requests/${id}.json*`, (route) =>
      failing
        ? route.fulfill({ status: 502, contentType: 'application/json', body: '[{"code":502,"description":"upstream down"}]' })
        : route.continue(),
    );
    await page.goto(`${suite.server.baseUrl}/requests/${id}`);
    // 5xx is retried twice by the query client before the page shows the error.
    await page.getByRole('heading', { level: 1, name: 'The report could not be loaded' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'track-error-desktop-en');
    await expectNoAxeViolations(page);
    failing = false;
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
