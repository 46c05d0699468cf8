import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';

const pageErrors: string[] = [];

const suite = withServerAndBrowser();

const laptop = { width: 1280, height: 800 };
const openShellPage = (viewport: { width: number; height: number }) => openPage(suite.browser, { viewport, tiles: 'network', pageErrors });

/** /report lists exactly the service types the proxy gives for the locale, grouped. */
async function expectServiceTypesListed(page: Page, locale: string): Promise<void> {
  const picker = page.locator('.type-picker');
  const answer = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=${locale}`);
  expect(answer.status).toBe(200);
  const serviceTypes = (await answer.json()) as { service_name: string; group: string }[];
  expect(serviceTypes.length).toBeGreaterThan(0);
  await expect.poll(() => picker.locator('.type-option__name').allTextContents().then((names) => names.sort())).toEqual(
    serviceTypes.map((serviceType) => serviceType.service_name).sort(),
  );
  const groups = await picker.locator('fieldset.type-group > legend').allTextContents();
  const expectedGroups = [...new Set(serviceTypes.map((serviceType) => serviceType.group).filter(Boolean))];
  expect(groups.slice(0, expectedGroups.length)).toEqual(expectedGroups);
}

/** The main navigation's links as [name, href, current?]. */
async function navigationLinks(page: Page): Promise<[string, string | null, boolean][]> {
  const links = page.getByRole('banner').getByRole('navigation').getByRole('link');
  return Promise.all(
    (await links.all()).map(async (link) => [
      (await link.textContent()) ?? '',
      await link.getAttribute('href'),
      (await link.getAttribute('aria-current')) === 'page',
    ]),
  );
}

describe('web app shell in Chromium', () => {
  it('serves the map home page with the header and navigation, switches language and remembers it', async () => {
    const opened = await openShellPage(laptop);
    const { page } = opened;
    const response = await page.goto(`${suite.server.baseUrl}/`);
    expect(response?.status()).toBe(200);

    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: /Kerro/ }).count()).toBe(1);
    await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toBe('Reported problems on the map – Kerro');
    expect(await navigationLinks(page)).toEqual([
      ['Map', '/', true],
      ['Report a problem', '/report', false],
      ['Counters', '/counters', false],
      ['My reports', '/account', false],
    ]);
    await page.locator('.requests-summary__count[data-count]').waitFor({ timeout: 30_000 });
    await screenshot(page, 'shell-desktop-en');
    await expectNoAxeViolations(page);

    // The skip link is the first stop for keyboard users, and visible when focused.
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to main content');
    expect(await focused.isVisible()).toBe(true);

    await header.getByRole('button', { name: 'Suomi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    expect(await header.getByRole('button', { name: 'Suomi' }).getAttribute('aria-pressed')).toBe('true');
    expect((await navigationLinks(page)).map(([name]) => name)).toEqual(['Kartta', 'Ilmoita ongelmasta', 'Laskurit', 'Omat ilmoitukset']);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    expect(await page.evaluate(() => localStorage.getItem('kerro.language'))).toBe('fi');
    await screenshot(page, 'shell-desktop-fi');
    await expectNoAxeViolations(page);

    await expectCleanRunThenClose(opened);
  });

  it('goes to /report from the navigation, marks it, lists the service types and switches their language', async () => {
    const opened = await openShellPage(laptop);
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();

    await page.getByRole('banner').getByRole('link', { name: 'Report a problem' }).click();
    await page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/report');
    expect(await page.title()).toBe('Report a problem – Kerro');
    expect(await navigationLinks(page)).toEqual([
      ['Map', '/', false],
      ['Report a problem', '/report', true],
      ['Counters', '/counters', false],
      ['My reports', '/account', false],
    ]);
    await expectServiceTypesListed(page, 'en');
    await expectNoAxeViolations(page);

    await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anmäl ett problem' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    await expectServiceTypesListed(page, 'sv');
    await screenshot(page, 'shell-desktop-report-sv');

    await page.getByRole('banner').getByRole('link', { name: 'Räknare' }).click();
    await page.getByRole('heading', { level: 1, name: 'Trafikräknare' }).waitFor();
    expect((await navigationLinks(page)).filter(([, , current]) => current).map(([name]) => name)).toEqual(['Räknare']);

    await expectCleanRunThenClose(opened);
  });

  // The layout on a phone. axe has these pages in English once already: / on a phone, menu shut
  // and open, in home-map-first.test.ts; /report on a laptop in the test above.
  it('fits a phone screen without horizontal scrolling, on the map and on /report', async () => {
    const { context, page } = await openShellPage(mobile);
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();
    await page.locator('.requests-summary__count[data-count]').waitFor({ timeout: 30_000 });
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'shell-mobile-en');
    // The navigation is behind the menu button on a phone; opened, every link is on screen, none cut off.
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    const links = await page.getByRole('banner').getByRole('navigation').getByRole('link').all();
    expect(links).toHaveLength(4);
    for (const link of links) {
      const box = await link.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
    }

    await page.getByRole('banner').getByRole('link', { name: 'Report a problem' }).click();
    await expectServiceTypesListed(page, 'en');
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'shell-mobile-report-en');
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows a clean error with a retry button when the proxy fails, and recovers on retry', async () => {
    const { context, page } = await openShellPage(laptop);
    let failing = true;
    await page.route('**/proxy/open311/v1/services.json*', (route) =>
      failing
        ? route.fulfill({ status: 502, contentType: 'application/json', body: '[{"code":502,"description":"upstream down"}]' })
        : route.continue(),
    );
    await page.goto(`${suite.server.baseUrl}/report`);
    const alert = page.locator('.report-step').getByRole('alert').first();
    await alert.waitFor({ timeout: 30_000 });
    // 5xx is retried twice by the query client before the error shows; then it is the person's call.
    expect(await alert.textContent()).toContain('The list of problem types could not be loaded.');
    await screenshot(page, 'shell-desktop-error');
    await expectNoAxeViolations(page);

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectServiceTypesListed(page, 'en');
    expect(await page.getByText('The list of problem types could not be loaded.').count()).toBe(0);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('opens a deep link through the SPA fallback and shows the not-found page, answered 404', async () => {
    const { context, page } = await openShellPage(laptop);
    const response = await page.goto(`${suite.server.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to the front page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
