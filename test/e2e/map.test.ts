import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceRequest, ServiceType } from '../../src/shared/georeport/types';
import { desktop, expectCleanRunThenClose, helsinki, mobile, openPage, type OpenedPage } from './browser-context';
import { emptyOriginStorage } from './empty-origin-storage';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { visibleMarker } from './map-markers';
import { withServerAndBrowser } from './suite-setup';

const suite = withServerAndBrowser();

/**
 * The tests share one context with no internet, as on this machine (tile requests fail at once),
 * in Helsinki time: each starts with the origin's storage emptied, as in a fresh one, for a later
 * navigation's cost instead of a fresh context's first load. Its pages must have thrown nothing
 * and the CSP refused nothing when the file ends.
 */
let shared: OpenedPage;
beforeAll(async () => {
  shared = await openPage(suite.browser, { viewport: desktop, timezoneId: helsinki });
});
afterAll(async () => {
  if (shared) await expectCleanRunThenClose(shared);
});

/** The shared page at that size, on the origin with its storage emptied, ready to load the map. */
async function mapPage(viewport = desktop): Promise<Page> {
  const { page } = shared;
  await emptyOriginStorage(page, suite.server.baseUrl);
  await page.setViewportSize(viewport);
  return page;
}

/** What the proxy lists for the default window (the last 90 days), as the page will ask. */
async function publishedRequests(query = ''): Promise<ServiceRequest[]> {
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json?extensions=true&locale=en${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as ServiceRequest[];
}

/** The request count the page states once loading is done. */
async function shownCount(page: Page): Promise<number> {
  const summary = page.locator('.requests-summary__count[data-count]');
  await summary.waitFor({ timeout: 30_000 });
  return Number(await summary.getAttribute('data-count'));
}

/** Markers and cluster bubbles drawn, with every request counted once (a bubble counts its members). */
async function requestsDrawn(page: Page): Promise<number> {
  const bubbles = await page.locator('.map-cluster--requests .map-cluster__count').allTextContents();
  const points = await page.locator('.map-marker--request').count();
  return bubbles.reduce((sum, text) => sum + Number(text), 0) + points;
}

const params = (page: Page) => new URL(page.url()).searchParams;

/**
 * Opens the map with its bubbles drawn and its opening view in the URL, and returns that zoom. The
 * view reaches the URL once the map has rested; a zoom read before would be none, and the first
 * write could then pass for a later zoom while that still animates.
 */
async function openMapAtRest(page: Page): Promise<number> {
  await page.goto(`${suite.server.baseUrl}/`);
  await shownCount(page);
  await expect.poll(() => page.locator('.map-cluster--requests').count()).toBeGreaterThan(0);
  await expect.poll(() => params(page).get('zoom')).not.toBeNull();
  return Number(params(page).get('zoom'));
}

describe('public map in Chromium', () => {
  it('shows the published requests as markers and as a list, with details and a way to the track page', async () => {
    const expected = await publishedRequests();
    expect(expected.length).toBeGreaterThan(20);
    const page = await mapPage();
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();
    expect(await page.title()).toBe('Reported problems on the map – Kerro');
    expect(await page.getByRole('main').getByRole('link', { name: 'Report a problem' }).getAttribute('href')).toBe('/report');

    expect(await shownCount(page)).toBe(expected.length);
    // With no view in the URL the map shows all the data: every request is in a marker or a bubble.
    await expect.poll(() => requestsDrawn(page)).toBe(expected.length);
    expect(await page.locator('.map-cluster--requests').count()).toBeGreaterThan(0);
    expect(await page.locator('.map-marker--open').count()).toBeGreaterThan(0);
    expect(await page.locator('.map-marker--closed').count()).toBeGreaterThan(0);
    // Tiles cannot load here: the page says so and stays usable.
    await page.getByText('The background map could not be loaded.', { exact: false }).waitFor();
    await expectNoAxeViolations(page);

    // A marker opens the side panel with the request's details.
    const marker = await visibleMarker(page, '.map-marker--request');
    const id = (await marker.getAttribute('data-key'))!.slice(1);
    const request = expected.find((item) => item.service_request_id === id)!;
    await marker.click();
    const panel = page.getByRole('complementary', { name: 'Details' });
    await panel.getByRole('heading', { level: 2, name: request.extended_attributes!.title! }).waitFor();
    expect(await panel.textContent()).toContain(request.description.slice(0, 40));
    expect(await panel.locator('.status-badge').textContent()).toBe(`Status: ${request.status === 'open' ? 'Open' : 'Closed'}`);
    expect(params(page).get('request')).toBe(id);
    expect(await page.locator('.map-marker.is-selected').count()).toBe(1);
    await expectNoAxeViolations(page);

    // The list alternative: the same requests, newest first, 25 at a time.
    await page.getByRole('tab', { name: 'List' }).click();
    const list = page.getByRole('tabpanel', { name: 'List' });
    const items = list.locator('.map-list--requests > li');
    // The list's code comes when the list is first shown.
    await items.first().waitFor();
    expect(await items.count()).toBe(Math.min(25, expected.length));
    expect(await items.first().getByRole('heading').textContent()).toBe(expected[0]!.extended_attributes!.title);
    await list.getByRole('button', { name: /^Show \d+ more$/ }).click();
    expect(await items.count()).toBe(Math.min(50, expected.length));
    expect(params(page).get('view')).toBe('list');
    await expectNoAxeViolations(page);

    // From the list back to the map, then on to the request's own page.
    await page.getByRole('tab', { name: 'Map' }).click();
    await panel.getByRole('link', { name: "Open the report's own page" }).click();
    await page.waitForURL(`${suite.server.baseUrl}/requests/${id}`);
    await page.getByRole('heading', { level: 1, name: request.extended_attributes!.title! }).waitFor();
  });

  it('works with the keyboard: a bubble zooms in, a marker opens its details and takes focus', async () => {
    const page = await mapPage();
    const zoomBefore = await openMapAtRest(page);

    const bubble = await visibleMarker(page, '.map-cluster--requests');
    expect(await bubble.getAttribute('role')).toBe('button');
    expect(await bubble.getAttribute('aria-label')).toMatch(/^\d+ reports here \(\d+ open\)\. Zoom in$/);
    await bubble.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => Number(params(page).get('zoom'))).toBeGreaterThan(zoomBefore);
    await bubble.waitFor({ state: 'detached' });
    // Focus stays on the map, not lost to the page body.
    expect(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))).toBe(true);

    // Tab reaches the markers from the map; Enter opens one and focus moves to its details.
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.getAttribute('aria-label')).toMatch(/^(Open report: |Closed report: |\d+ reports? here)/);
    const marker = await visibleMarker(page, '.map-marker--request');
    await marker.focus();
    const label = (await marker.getAttribute('aria-label'))!;
    await page.keyboard.press('Enter');
    await page.locator('.map-panel').waitFor();
    expect(await page.evaluate(() => document.activeElement?.classList.contains('map-panel'))).toBe(true);
    expect(label.replace(/^(Open|Closed) report: /, '')).toBe(await page.locator('.map-panel h2').textContent());

    // Escape closes the details and puts focus back on the marker that opened them.
    await page.keyboard.press('Escape');
    await page.locator('.map-panel').waitFor({ state: 'detached' });
    expect(params(page).get('request')).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(label);

    // Arrow keys on the focused map pan it; the view in the URL follows (replacing the entry).
    const historyLength = await page.evaluate(() => history.length);
    const longBefore = Number(params(page).get('long'));
    await page.locator('.leaflet-container').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => Number(params(page).get('long'))).toBeGreaterThan(longBefore);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
  });

  it('keeps keyboard focus on the map when a zoom replaces the focused bubble', async () => {
    const page = await mapPage();
    const zoomBefore = await openMapAtRest(page);

    const bubble = await visibleMarker(page, '.map-cluster--requests');
    await bubble.focus();
    // A wheel zoom leaves focus where it was; the bubble then gives way to what it held.
    const box = (await page.locator('.leaflet-container').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -400);
    await expect.poll(() => Number(params(page).get('zoom'))).toBeGreaterThan(zoomBefore);
    await bubble.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('leaflet-container'))).toBe(true);
  });

  it('keeps filters and the view in the URL: a reopened link shows the same, back and forward work', async () => {
    const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
    const all = await publishedRequests();
    const page = await mapPage();
    await page.goto(`${suite.server.baseUrl}/`);
    await shownCount(page);

    await page.getByRole('radio', { name: 'Closed' }).check();
    await expect.poll(() => params(page).get('status')).toBe('closed');
    const closed = all.filter((request) => request.status === 'closed');
    await expect.poll(() => shownCount(page)).toBe(closed.length);

    // Narrow to the problem type of the newest closed request.
    const code = closed[0]!.service_code;
    const name = services.find((service) => service.service_code === code)!.service_name;
    await page.getByText(/^Problem types:/).click();
    await page.getByRole('checkbox', { name, exact: true }).check();
    await expect.poll(() => params(page).get('service')).toBe(code);
    const expected = closed.filter((request) => request.service_code === code).length;
    await expect.poll(() => shownCount(page)).toBe(expected);
    await expect.poll(() => requestsDrawn(page)).toBeLessThanOrEqual(expected);

    // A shorter date window.
    const from = page.getByLabel('From', { exact: true });
    const to = await page.getByLabel('To', { exact: true }).inputValue();
    const fromDate = new Date(`${to}T12:00:00Z`);
    fromDate.setUTCDate(fromDate.getUTCDate() - 60);
    await from.fill(fromDate.toISOString().slice(0, 10));
    await expect.poll(() => params(page).get('from')).toBe(fromDate.toISOString().slice(0, 10));
    const filteredCount = await shownCount(page);

    // The view is in the URL once the map has drawn and fitted the data (its code loads apart,
    // late on a busy machine); the link is reopened at the end.
    await expect.poll(() => params(page).get('zoom')).not.toBeNull();
    const link = page.url();

    // Back steps through the filter changes, forward redoes them.
    await page.goBack();
    await expect.poll(() => params(page).get('from')).toBeNull();
    expect(params(page).get('service')).toBe(code);
    await page.goBack();
    await expect.poll(() => params(page).get('service')).toBeNull();
    expect(await page.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(false);
    await expect.poll(() => shownCount(page)).toBe(closed.length);
    await page.goBack();
    await expect.poll(() => params(page).get('status')).toBeNull();
    expect(await page.getByRole('radio', { name: 'All' }).isChecked()).toBe(true);
    await expect.poll(() => shownCount(page)).toBe(all.length);
    await page.goForward();
    await expect.poll(() => params(page).get('status')).toBe('closed');
    expect(await page.getByRole('radio', { name: 'Closed' }).isChecked()).toBe(true);

    // The link reproduces what was seen on a first visit (storage emptied): filters, dates, view and count.
    const reopened = await mapPage();
    await reopened.goto(link);
    expect(await shownCount(reopened)).toBe(filteredCount);
    expect(await reopened.getByRole('radio', { name: 'Closed' }).isChecked()).toBe(true);
    expect(await reopened.getByLabel('From', { exact: true }).inputValue()).toBe(fromDate.toISOString().slice(0, 10));
    await reopened.getByText(/^Problem types:/).click();
    expect(await reopened.getByRole('checkbox', { name, exact: true }).isChecked()).toBe(true);
    for (const key of ['lat', 'long', 'zoom']) expect(params(reopened).get(key)).toBe(new URL(link).searchParams.get(key));
  });

  it('"near me" uses the browser\'s position and shows what lies within the radius', async () => {
    const here = { latitude: 60.1699, longitude: 24.9384 };
    const page = await mapPage();
    await shared.context.setGeolocation(here);
    await shared.context.grantPermissions(['geolocation']);
    await page.goto(`${suite.server.baseUrl}/`);
    await shownCount(page);
    await page.getByRole('button', { name: 'Show reports near my location' }).click();
    await expect.poll(() => params(page).get('near')).toBe('60.1699,24.9384');
    expect([params(page).get('radius'), params(page).get('zoom')]).toEqual(['1000', '14']);
    const nearby = await publishedRequests('&lat=60.1699&long=24.9384&radius=1000');
    await expect.poll(() => shownCount(page)).toBe(nearby.length);
    await page.getByLabel('Within').selectOption('5000');
    const wider = await publishedRequests('&lat=60.1699&long=24.9384&radius=5000');
    await expect.poll(() => shownCount(page)).toBe(wider.length);
    expect(wider.length).toBeGreaterThanOrEqual(nearby.length);
    // The circle drawn on the map is the search area.
    expect(await page.locator('.leaflet-overlay-pane path').count()).toBe(1);
    await shared.context.clearPermissions();
  });

  // Its axe passes are the desktop's (the same map, panel and list); on a phone, the layout.
  it('fits a phone screen: map, details and list scroll nothing sideways', async () => {
    const page = await mapPage(mobile);
    await page.goto(`${suite.server.baseUrl}/`);
    await shownCount(page);
    await expect.poll(() => requestsDrawn(page)).toBeGreaterThan(0);
    // The filters start folded on a phone, so the map is near the top.
    expect(await page.locator('.map-filters-panel').getAttribute('open')).toBeNull();
    await expectNoHorizontalScroll(page);
    await (await visibleMarker(page, '.map-marker--request')).click();
    await page.locator('.map-panel').waitFor();
    await page.locator('.map-panel').scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await page.getByRole('tab', { name: 'List' }).click();
    await page.locator('.map-list--requests > li').first().waitFor();
    await expectNoHorizontalScroll(page);
  });
});
