/**
 * Residents' updates in Chromium against the real server: on a phone a resident opens a
 * published report, unfolds "Add an update", sends a text with a photo through the form (the
 * proxy) and is thanked; a moderator publishes it from the console's updates page; the report's
 * public history then shows the text and the photo. Phone 390×844 and desktop 1280×800, axe
 * clean. The rules (limits, rate, state words, emails) are the server tests' (test/server/updates).
 */
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { addModeratorWithCli } from './admin-cli';
import { expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';
import { publishedReport as publishThroughProxy } from '../helpers/published-report';

const suite = withServerAndBrowser({ publicBaseUrl: true });
const desktop = { width: 1280, height: 800 };
const MODERATOR = 'mod';
const PASSWORD = 'correct horse battery staple';
const UPDATE = 'Still there this morning, and the hole is bigger now.';

beforeAll(() => addModeratorWithCli(suite.server.dataDir, MODERATOR, PASSWORD));

/** A report sent through the proxy as the app sends it, then published (as a moderator would), in Vuosaari away from the demo data. */
function publishedReport(): Promise<string> {
  return publishThroughProxy(suite.server, {
    title: 'Pothole on the cycle path',
    description: 'A deep pothole in the middle of the cycle path by the beach.',
    lat: '60.2095',
    long: '25.143',
    email: 'reporter@example.org',
    locale: 'en',
  });
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** The image has loaded from the server (not a broken icon). */
const expectLoaded = async (image: Locator) => expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);

/** The form's section, unfolded by its heading's button; focus goes into the text. */
async function openUpdateForm(page: Page): Promise<Locator> {
  const section = page.getByRole('region', { name: 'Add an update' });
  const toggle = section.getByRole('button', { name: 'Add an update' });
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
  expect(await toggle.getAttribute('aria-expanded')).toBe('true');
  return section;
}

it('a resident sends an update with a photo from a phone, a moderator publishes it, and the report shows it', async () => {
  const id = await publishedReport();
  const reportPage = `${suite.server.baseUrl}/requests/${id}`;
  const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#8a5a2b' } }).jpeg().toBuffer();

  const phone = await openPage(suite.browser, { viewport: mobile, locale: 'en-GB', timezoneId: helsinki });
  const { page } = phone;
  await page.goto(reportPage);
  const section = page.getByRole('region', { name: 'Add an update' });
  await section.getByRole('button', { name: 'Add an update' }).waitFor();
  await page.getByRole('region', { name: 'Problems nearby' }).getByText('No other published reports within 500 m.').waitFor();

  // Folded, the form leaves following and the problems nearby close by; the links between cards are spaced as the cards are.
  expect((await box(section)).height).toBeLessThan(200);
  const history = await box(page.getByRole('region', { name: 'History' }));
  const feed = await box(page.getByRole('link', { name: "Feed of this report's updates (Atom)" }));
  const below = await box(section);
  expect(Math.round(feed.y - (history.y + history.height))).toBe(Math.round(below.y - (feed.y + feed.height)));
  // "Report abuse" below following does not touch the card after it either.
  const abuse = await box(page.getByRole('button', { name: 'Report abuse' }));
  expect(Math.round((await box(page.getByRole('region', { name: 'Problems nearby' }))).y - (abuse.y + abuse.height))).toBeGreaterThanOrEqual(16);
  expect(await page.getByRole('region', { name: 'Problems nearby' }).textContent()).toContain('500\u00a0m');
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'resident-update-folded-phone');

  const form = await openUpdateForm(page);
  await form.getByLabel('Your update').fill(UPDATE);
  await form.getByLabel('Photo (optional)').setInputFiles({ name: 'bigger.jpg', mimeType: 'image/jpeg', buffer: photo });
  await form.getByLabel('Your name (optional)').fill('Liisa');
  await form.getByLabel('Show my name with the update').check();
  await expectNoAxeViolations(page);
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'resident-update-form-phone');
  const posted = page.waitForResponse((response) => response.url().endsWith(`/proxy/open311/v1/requests/${id}/updates.json`));
  await form.getByRole('button', { name: 'Send the update' }).click();
  expect((await posted).status()).toBe(200);
  await form.getByRole('status').filter({ hasText: 'Thank you — your update will appear once a moderator has checked it.' }).waitFor();
  await expectNoAxeViolations(page);
  await screenshot(page, 'resident-update-sent-phone');
  // Not public before a moderator has seen it.
  await page.reload();
  await page.getByRole('region', { name: 'History' }).waitFor();
  expect(await page.getByText(UPDATE).count()).toBe(0);

  // The moderator, on a desktop, signs in and publishes it from the updates page.
  const wide = await openPage(suite.browser, { viewport: desktop, locale: 'en-GB', timezoneId: helsinki });
  await wide.page.goto(`${suite.server.baseUrl}/moderation`);
  await wide.page.getByLabel('Name').fill(MODERATOR);
  await wide.page.getByLabel('Password').fill(PASSWORD);
  await wide.page.getByRole('button', { name: 'Sign in' }).click();
  await wide.page.getByRole('link', { name: "Residents' updates" }).click();
  await wide.page.getByRole('heading', { name: "Residents' updates to check", level: 1 }).waitFor();
  expect(new URL(wide.page.url()).pathname).toBe('/moderation/updates');
  const pending = wide.page.getByRole('article', { name: 'Pothole on the cycle path' });
  await pending.getByText(UPDATE).waitFor();
  await pending.getByText('Liisa (name shown)').waitFor();
  await expectLoaded(pending.getByRole('img', { name: 'Photo sent with the update' }));
  await expectNoAxeViolations(wide.page);
  await screenshot(wide.page, 'resident-updates-console-desktop');
  await pending.getByRole('button', { name: 'Publish' }).click();
  await wide.page.getByText('No updates are waiting.').waitFor();
  await expectNoAxeViolations(wide.page);

  // The public page, on the desktop: the update in the history, with its photo; the form still there.
  await wide.page.goto(reportPage);
  const entry = wide.page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: UPDATE });
  await entry.getByText('An update from Liisa').waitFor();
  await expectLoaded(entry.getByRole('img', { name: 'Photo with the update' }));
  await openUpdateForm(wide.page);
  await expectNoAxeViolations(wide.page);
  await screenshot(wide.page, 'resident-update-history-desktop');
  await expectCleanRunThenClose(wide);

  // And the resident's phone sees it on reloading.
  await page.reload();
  const seen = page.getByRole('region', { name: 'History' }).getByRole('listitem').filter({ hasText: UPDATE });
  await expectLoaded(seen.getByRole('img', { name: 'Photo with the update' }));
  await expectNoHorizontalScroll(page);
  await screenshot(page, 'resident-update-history-phone');
  await expectCleanRunThenClose(phone);
});
