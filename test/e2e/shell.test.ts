import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeViolations, launchBrowser, runAxe, screenshot } from '../helpers/browser';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';

let server: KerroServer;
let browser: Browser;
const pageErrors: string[] = [];

beforeAll(async () => {
  server = await startKerroServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openPage(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, locale: 'en-GB' });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page };
}

/** The page lists exactly the service types the proxy gives for the locale, grouped. */
async function expectServiceTypesListed(page: Page, locale: string): Promise<void> {
  const section = page.locator('section.service-types');
  const answer = await fetch(`${server.baseUrl}/proxy/open311/v1/services.json?locale=${locale}`);
  expect(answer.status).toBe(200);
  const serviceTypes = (await answer.json()) as { service_name: string; group: string }[];
  expect(serviceTypes.length).toBeGreaterThan(0);
  await section.locator('.service-type').first().waitFor();
  const names = await section.locator('.service-type__name').allTextContents();
  expect(names.sort()).toEqual(serviceTypes.map((serviceType) => serviceType.service_name).sort());
  const groups = await section.locator('h3').allTextContents();
  const expectedGroups = [...new Set(serviceTypes.map((serviceType) => serviceType.group).filter(Boolean))];
  expect(groups.slice(0, expectedGroups.length)).toEqual(expectedGroups);
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

describe('web app shell in Chromium', () => {
  it('serves the app, switches language and remembers it across a reload', async () => {
    const { context, page } = await openPage({ width: 1280, height: 800 });
    const response = await page.goto(`${server.baseUrl}/`);
    expect(response?.status()).toBe(200);

    const header = page.getByRole('banner');
    await expect.poll(() => header.getByRole('link', { name: /Kerro/ }).count()).toBe(1);
    await page.getByRole('heading', { level: 1, name: 'Report a problem in your city' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.title()).toBe('Report a problem in your city – Kerro');
    await expectServiceTypesListed(page, 'en');
    await screenshot(page, 'shell-desktop-en');
    await expectNoAxeViolations(page);

    // The skip link is the first stop for keyboard users, and visible when focused.
    await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    expect(await focused.textContent()).toBe('Skip to main content');
    expect(await focused.isVisible()).toBe(true);

    await header.getByRole('button', { name: 'Suomi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ilmoita ongelmasta kaupungissasi' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    expect(await header.getByRole('button', { name: 'Suomi' }).getAttribute('aria-pressed')).toBe('true');
    await expectServiceTypesListed(page, 'fi');

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Ilmoita ongelmasta kaupungissasi' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    expect(await page.evaluate(() => localStorage.getItem('kerro.language'))).toBe('fi');
    await expectServiceTypesListed(page, 'fi');
    await screenshot(page, 'shell-desktop-fi');
    await expectNoAxeViolations(page);

    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('fits a phone screen without horizontal scrolling and stays accessible', async () => {
    const { context, page } = await openPage({ width: 390, height: 844 });
    await page.goto(`${server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Report a problem in your city' }).waitFor();
    await expectServiceTypesListed(page, 'en');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    await screenshot(page, 'shell-mobile-en');
    await expectNoAxeViolations(page);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('shows a clean error with a retry button when the proxy fails, and recovers on retry', async () => {
    const { context, page } = await openPage({ width: 1280, height: 800 });
    let failing = true;
    await page.route('**/proxy/open311/v1/services.json*', (route) =>
      failing
        ? route.fulfill({ status: 502, contentType: 'application/json', body: '[{"code":502,"description":"upstream down"}]' })
        : route.continue(),
    );
    await page.goto(`${server.baseUrl}/`);
    const alert = page.locator('section.service-types').getByRole('alert');
    await alert.waitFor();
    // 5xx is retried twice by the query client before the error shows; then it is the person's call.
    expect(await alert.textContent()).toContain('The list of problem types could not be loaded.');
    await screenshot(page, 'shell-desktop-error');
    await expectNoAxeViolations(page);

    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expectServiceTypesListed(page, 'en');
    expect(await alert.count()).toBe(0);
    await context.close();
    expect(pageErrors).toEqual([]);
  });

  it('opens a deep link through the SPA fallback and shows the not-found page', async () => {
    const { context, page } = await openPage({ width: 1280, height: 800 });
    const response = await page.goto(`${server.baseUrl}/no/such/page`);
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Go to the front page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Report a problem in your city' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await context.close();
    expect(pageErrors).toEqual([]);
  });
});
