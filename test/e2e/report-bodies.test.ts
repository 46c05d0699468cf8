import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/project-root';
import { adminCli } from './admin-cli';
import { desktop, expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectLaidOutAt, expectNoAxeViolations } from './expectations';
import { screenshot } from '../helpers/browser';
import { chooseServiceType, confirmedRequestId } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';
import { publishInServerDatabase } from '../helpers/published-report';

/**
 * Issue 26's "Done when": with the capital region's bodies imported, a report from a point in
 * Espoo names Espoo before it is sent and on its page; a point outside every area says so and
 * keeps the draft; the home page's map filters by body. Both sizes axe-clean.
 */
const suite = withServerAndBrowser({ env: { PROXY_POSTS_PER_MINUTE: '1000' } });
const demoBodies = join(projectRoot, 'src/server/demo/capital-region-bodies.geojson');
// Shots kept for a person to look at (and in test-results/screenshots like every e2e shot).
const shotsDir = process.env.BODIES_SHOTS_DIR;

async function shot(page: Page, name: string) {
  const path = await screenshot(page, `bodies-${name}`);
  if (shotsDir) {
    mkdirSync(shotsDir, { recursive: true });
    copyFileSync(path, join(shotsDir, `${name}.png`));
  }
}

// Espoo's centre (Tapiola–Leppävaara), outside Kauniainen; and the open sea south of Helsinki.
const inEspoo = { lat: 60.2055, long: 24.6559 };
const atSea = { lat: 59.9, long: 24.9 };
const reportAt = (point: { lat: number; long: number }) => `${suite.server.baseUrl}/report?lat=${point.lat}&lon=${point.long}`;

describe('bodies in the app', () => {
  it('imports the demo region with the admin command', () => {
    const output = adminCli(['bodies', 'import', demoBodies], { DATA_DIR: suite.server.dataDir });
    expect(output).toMatch(/espoo/i);
  });

  it('names Espoo before sending a report from Espoo, and on the request’s page (phone)', async () => {
    const opened = await openPage(suite.browser, { viewport: mobile });
    const { page } = opened;
    await page.goto(reportAt(inEspoo));
    await page.getByText('This goes to City of Espoo.').waitFor();
    await chooseServiceType(page, 'pothole', 'Potholes');
    await expectNoAxeViolations(page);
    await shot(page, 'report-espoo-390');

    await page.getByLabel('Description').fill('A deep pothole at the bus stop; cyclists swerve into the road.');
    await page.getByRole('button', { name: 'Send report' }).click();
    const id = await confirmedRequestId(page);

    publishInServerDatabase(suite.server, id);
    await page.goto(`${suite.server.baseUrl}/requests/${encodeURIComponent(id)}`);
    const handledBy = page.locator('dt', { hasText: 'Handled by' });
    await handledBy.waitFor();
    expect(await handledBy.locator('xpath=following-sibling::dd[1]').textContent()).toBe('City of Espoo');
    await expectNoAxeViolations(page);
    await shot(page, 'request-espoo-390');
    await expectCleanRunThenClose(opened);
  });

  it('a pin outside every area says so, keeps the draft, and the Send button says why it waits (desktop)', async () => {
    const opened = await openPage(suite.browser, { viewport: { width: desktop.width, height: 800 } });
    const { page } = opened;
    await page.goto(reportAt(atSea));
    await chooseServiceType(page, 'pothole', 'Potholes');
    await page.getByLabel('Description').fill('Something floats in the sea.');
    const outside = page.getByText(/^No one handles reports at this place/);
    await outside.waitFor();
    const send = page.getByRole('button', { name: 'Send report' });
    expect(await send.isDisabled()).toBe(true);
    expect(await page.getByTestId('send-blocked').textContent()).toMatch(/no one handles reports at the chosen place/);
    await expectNoAxeViolations(page);
    await shot(page, 'report-outside-1280');

    // The draft is kept: opened again, it is all there, and still said.
    await page.goto(`${suite.server.baseUrl}/report`);
    await outside.waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('Something floats in the sea.');
    await expectCleanRunThenClose(opened);
  });

  it('filters the public map by body (both sizes)', async () => {
    // One load on a phone, where the filters fold (axe there), then widened to a desktop.
    const opened = await openPage(suite.browser, { viewport: mobile });
    const { page } = opened;
    await page.goto(suite.server.baseUrl);
    const panel = page.locator('.map-filters-panel');
    if ((await panel.getAttribute('open')) === null) await panel.locator('summary').first().click();
    const select = page.getByLabel('Handled by');
    await select.waitFor();
    expect(await select.locator('option').allTextContents()).toEqual(['Everyone (all areas)', 'City of Espoo', 'City of Helsinki', 'City of Kauniainen', 'City of Vantaa']);
    const listing = page.waitForRequest((request) => request.url().includes('/proxy/open311/v1/requests.json') && request.url().includes('jurisdiction_id=espoo.fi'));
    await select.selectOption('espoo.fi');
    await listing;
    expect(new URL(page.url()).searchParams.get('jurisdiction')).toBe('espoo.fi');
    await expectNoAxeViolations(page);
    await shot(page, `map-filter-${mobile.width}`);
    await expectLaidOutAt(page, { width: desktop.width, height: 800 }, select);
    expect(await select.inputValue()).toBe('espoo.fi');
    await shot(page, `map-filter-${desktop.width}`);
    await expectCleanRunThenClose(opened);
  });
});
