import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { screenshot } from '../helpers/browser';
import { addModeratorWithCli } from './admin-cli';
import { expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectLaidOutAt, expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';

/**
 * Duplicates in Chromium against the real server (issue 25, §3 and §4): the queue marks a likely
 * duplicate and links its original; "Duplicate of …" closes it and its public page points to the
 * original (the reporter's one email: test/server/moderation/duplicates.test.ts); a report
 * rejected for its content shows a notice in place of its text, photos and place.
 */
const suite = withServerAndBrowser({ publicBaseUrl: true });
const desktop = { width: 1280, height: 800 };
let tilePng: Buffer;

const MODERATOR = 'mod';
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  addModeratorWithCli(suite.server.dataDir, MODERATOR, PASSWORD);
  tilePng = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#dde' } }).png().toBuffer();
});

const openContext = (viewport = desktop) =>
  openPage(suite.browser, {
    viewport,
    locale: 'en-GB',
    timezoneId: helsinki,
    tiles: (route) => route.fulfill({ status: 200, contentType: 'image/png', body: tilePng }),
  });

async function submitReport(fields: Record<string, string>): Promise<string> {
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  const body = new URLSearchParams({ service_code: services[0]!.service_code, lat: '60.16952', long: '24.93545', ...fields });
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  const created = (await response.json()) as { service_request_id: string }[];
  expect(response.status, JSON.stringify(created)).toBe(200);
  return created[0]!.service_request_id;
}

async function signIn(page: Page, next = '/moderation'): Promise<void> {
  await page.goto(`${suite.server.baseUrl}${next}`);
  await page.getByLabel('Name').fill(MODERATOR);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('duplicates in the moderator console', () => {
  it('marks a likely duplicate in the queue, links its original, and "Duplicate of …" points its public page there', async () => {
    const originalTitle = 'Pothole at the school gate';
    const original = await submitReport({ title: originalTitle, description: 'Deep pothole on the cycle path by the school gate.', email: 'first@example.org' });
    const duplicate = await submitReport({
      lat: '60.16965',
      long: '24.93550',
      description: 'A deep pothole on the cycle path at the school gate!',
      email: 'second@example.org',
    });

    // The queue signed in to once, on a phone (axe there), then widened to a desktop.
    const opened = await openContext(mobile);
    const { page } = opened;
    await signIn(page);
    const card = page.locator('.moderation-card').filter({ has: page.locator(`a.moderation-card__review[href="/moderation/requests/${duplicate}"]`) });
    const marks = card.getByTestId('duplicate-marks');
    await marks.getByRole('link', { name: originalTitle }).waitFor();
    expect(await marks.textContent()).toMatch(/Possible duplicate of.*\(\d+ m away, \d+ % similar text, waiting, made earlier\)/);
    expect(await marks.getByRole('link', { name: originalTitle }).getAttribute('href')).toBe(`/moderation/requests/${original}`);
    expect(await marks.getByRole('link', { name: 'Public page' }).getAttribute('href')).toBe(`/requests/${original}`);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'dup-queue-mobile-en');
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await expectLaidOutAt(page, desktop, marks.getByRole('link', { name: originalTitle }));
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'dup-queue-desktop-en');

    // A waiting original cannot be one yet (its id on the duplicate's public page would open its
    // unmoderated text): the panel says to publish it first, and offers no button for it.
    await page.goto(`${suite.server.baseUrl}/moderation/requests/${duplicate}`);
    const panel = page.getByRole('region', { name: 'Duplicate' });
    await panel.getByText('A waiting report can be the original once it is published: publish it first.').waitFor();
    expect(await panel.getByRole('button', { name: `Duplicate of “${originalTitle}”` }).count()).toBe(0);
    await page.goto(`${suite.server.baseUrl}/moderation/requests/${original}`);
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.getByText('Published. The report is now in the public lists and on the map.').waitFor();

    await page.goto(`${suite.server.baseUrl}/moderation/requests/${duplicate}`);
    await panel.getByRole('button', { name: `Duplicate of “${originalTitle}”` }).click();
    await panel.getByText('Marked as a duplicate. Its reporter and followers now follow the original.').waitFor();
    expect(await panel.getByRole('link', { name: original }).getAttribute('href')).toBe(`/moderation/requests/${original}`);
    // The preview shows the point on a map.
    await page.getByRole('region', { name: 'Public view' }).locator('.request-place__map').waitFor();
    await screenshot(page, 'dup-review-marked-desktop-en');
    await expectNoAxeViolations(page);

    // The duplicate's reporter gets one email naming both reports and linking the original:
    // test/server/moderation/duplicates.test.ts ("Duplicate of …" closes and unlists …).

    // The public page of the duplicate points to the original.
    const resident = await openContext(mobile);
    await resident.page.goto(`${suite.server.baseUrl}/requests/${duplicate}`);
    const notice = resident.page.getByTestId('duplicate-notice');
    await notice.getByText('Duplicate report', { exact: true }).waitFor();
    await screenshot(resident.page, 'dup-public-page-mobile-en');
    await notice.getByRole('link', { name: 'Open the original report' }).click();
    await resident.page.getByRole('heading', { level: 1, name: originalTitle }).waitFor();
    expect(new URL(resident.page.url()).pathname).toBe(`/requests/${original}`);
    await expectCleanRunThenClose(resident);

    // The audit log records it on both reports.
    await page.goto(`${suite.server.baseUrl}/moderation/requests/${original}`);
    await page.getByText(`Merged the duplicate report ${duplicate} into this one. Its 1 subscriber now follows this report.`).waitFor();
    await expectCleanRunThenClose(opened);
  });

  it("a report rejected for its content: its page shows a notice, not the resident's text or place", async () => {
    const text = 'Matti Meikäläinen from number 7 parks here every night, call him on 040 123 4567.';
    const id = await submitReport({ title: 'My neighbour Matti', description: text });
    const opened = await openContext();
    await signIn(opened.page, `/moderation/requests/${id}`);
    await opened.page.getByRole('button', { name: 'Reject…' }).click();
    await opened.page.getByRole('radio', { name: /^Personal data/ }).check();
    await opened.page.getByLabel('Public note (optional)').fill('The report names a person.');
    await opened.page.getByRole('button', { name: 'Reject the report' }).click();
    await opened.page.getByText('Rejected. The report will not be listed publicly.').waitFor();
    await expectCleanRunThenClose(opened);

    // The public page once, on a phone (axe there), then widened to a desktop.
    const resident = await openContext(mobile);
    await resident.page.goto(`${suite.server.baseUrl}/requests/${id}`);
    const notice = resident.page.getByTestId('withheld-notice').getByText('Removed by a moderator', { exact: true });
    await notice.waitFor();
    await resident.page.locator('.request-details__notes').getByText('The report names a person.', { exact: false }).waitFor();
    const page = (await resident.page.textContent('main')) ?? '';
    for (const value of ['Matti', '040 123 4567', 'My neighbour']) expect(page).not.toContain(value);
    expect(await resident.page.locator('.request-place__map').count()).toBe(0);
    await screenshot(resident.page, 'rejected-page-mobile-en');
    await expectNoHorizontalScroll(resident.page);
    await expectNoAxeViolations(resident.page);
    await expectLaidOutAt(resident.page, desktop, notice);
    // A wider window is no reason to show the place: still no map.
    expect(await resident.page.locator('.request-place__map').count()).toBe(0);
    await screenshot(resident.page, 'rejected-page-desktop-en');
    await expectCleanRunThenClose(resident);
  });
});
