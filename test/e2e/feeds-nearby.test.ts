/**
 * Feeds and "Problems nearby" in Chromium against the real server: the home map's "Feed of
 * reports here" opens a valid Atom feed of the place it shows, and a report's page lists the
 * published reports around it (nearest first, the far one left out) and links to its own feed,
 * which is valid too. Phone (390×844) and desktop (1280×800), axe clean.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { assertValidAtomFeed } from '../helpers/atom-validator';
import { expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';
import { publishedReport as publishThroughProxy } from '../helpers/published-report';

const suite = withServerAndBrowser({ publicBaseUrl: true });

// In Vuosaari, kilometres from the demo data's reports, so the lists hold only these.
const here = { lat: 60.2095, long: 25.143 };
const north = (metres: number) => (here.lat + (metres * 180) / Math.PI / 6_371_008.8).toFixed(6);

/** A report sent through the proxy as the app sends it, then published (as a moderator would). */
function publishedReport(title: string, lat: string): Promise<string> {
  return publishThroughProxy(suite.server, { title, description: `${title}: seen this morning.`, lat, long: String(here.long), email: 'reporter@example.org' });
}

/** The feed a link on the page points to, fetched by the browser and checked against RFC 4287. */
async function feedBehind(page: Page, name: string) {
  const href = await page.getByRole('link', { name }).getAttribute('href');
  const response = await page.request.get(new URL(href!, page.url()).href);
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  return assertValidAtomFeed(await response.text());
}

it('links the map view and a report to valid feeds, and lists the problems near a report (phone, then desktop)', async () => {
  const bench = await publishedReport('Broken bench', String(here.lat));
  const sign = await publishedReport('Bent sign', north(200));
  const far = await publishedReport('Faded crossing', north(800));
  const pageOf = (id: string) => `${suite.server.baseUrl}/requests/${id}`;

  const phone = await openPage(suite.browser, { viewport: mobile, timezoneId: helsinki });
  const { page } = phone;
  await page.goto(`${suite.server.baseUrl}/?lat=${here.lat}&long=${here.long}&zoom=16`);
  await page.getByRole('link', { name: 'Feed of reports here (Atom)' }).waitFor();
  const area = await feedBehind(page, 'Feed of reports here (Atom)');
  // Zoom 16 here is a 450 m circle: the two near reports, not the one 800 m away.
  expect(area.entries.map((entry) => (entry.link as Record<string, string>)['@_href'])).toEqual([pageOf(sign), pageOf(bench)]);
  expect(area.links.self).toBe(`${suite.server.baseUrl}/feeds/area.atom?lat=${here.lat}&long=${here.long}&radius=450`);
  await expectNoAxeViolations(page);
  await screenshot(page, 'area-feed-link-phone');

  await page.goto(pageOf(bench));
  const nearby = page.getByRole('region', { name: 'Problems nearby' });
  await nearby.getByRole('link', { name: 'Bent sign' }).waitFor();
  expect(await nearby.getByRole('listitem').allTextContents()).toEqual([expect.stringMatching(/^Bent sign.*200 m away.*Open/)]);
  const own = await feedBehind(page, "Feed of this report's updates (Atom)");
  expect(own.links.alternate).toBe(pageOf(bench));
  // The server wrote the same feed into the page's head, for browsers and feed readers.
  expect(await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')).toBe(own.links.self);
  expect(own.entries.length).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'problems-nearby-phone');
  // A nearby report opens its own page, which lists the first among its neighbours.
  await nearby.getByRole('link', { name: 'Bent sign' }).click();
  await page.getByRole('region', { name: 'Problems nearby' }).getByRole('link', { name: 'Broken bench' }).waitFor();
  expect(page.url()).toBe(pageOf(sign));
  await expectCleanRunThenClose(phone);

  const wide = await openPage(suite.browser, { viewport: { width: 1280, height: 800 }, timezoneId: helsinki });
  await wide.page.goto(pageOf(far));
  await wide.page.getByText('No other published reports within 500 m.').waitFor();
  await expectNoAxeViolations(wide.page);
  await screenshot(wide.page, 'problems-nearby-desktop');
  await expectCleanRunThenClose(wide);
});
