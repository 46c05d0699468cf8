import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { desktop, expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { chooseServiceType, draftPin, fetchStoredRequest, placeSummary } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';

/**
 * The report flow in addresses, against the real server and its demo address points: the search
 * box sets the pin, a dropped or dragged pin reads its nearest address (as the geocoder answers
 * it) and the report carries it as address_string; /report?lat=&lon= starts with a pin; the
 * confirmation has its own address and survives a reload.
 */

const suite = withServerAndBrowser({ env: { PROXY_POSTS_PER_MINUTE: '1000' } });

const mapSelector = '.location-map .leaflet-container';

async function openReport(path = '/report', viewport = desktop, locale = 'en-GB') {
  const opened = await openPage(suite.browser, { viewport, locale });
  await opened.page.goto(`${suite.server.baseUrl}${path}`);
  await opened.page.getByRole('heading', { level: 1 }).waitFor();
  await opened.page.locator('.type-option').first().waitFor();
  await opened.page.locator(mapSelector).waitFor();
  return opened;
}

interface Properties {
  street?: string;
  housenumber?: string;
  postalcode?: string;
  locality?: string;
}

/** The address the geocoder puts nearest to a point, written "Street 30, 00530 Town" (or null). */
async function nearestAddress(lat: number, lon: number, lang = 'en'): Promise<string | null> {
  const response = await fetch(`${suite.server.baseUrl}/proxy/geocoding/v1/reverse?point.lat=${lat}&point.lon=${lon}&size=1&lang=${lang}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { features: { properties: Properties }[] };
  const found = body.features[0]?.properties;
  return found ? `${found.street} ${found.housenumber}, ${found.postalcode} ${found.locality}` : null;
}

async function searchAndChoose(page: Page, label: string, text: string, option: RegExp) {
  const box = page.getByRole('combobox', { name: label });
  await box.fill(text);
  await page.getByRole('option', { name: option }).first().waitFor();
  await box.press('ArrowDown');
  await box.press('Enter');
}

describe('report flow with addresses, in Chromium', () => {
  it('search → pin → send with address_string; the confirmation has its own address and survives a reload', async () => {
    const opened = await openReport();
    const { page } = opened;
    await chooseServiceType(page, 'pothole', 'Potholes');
    await searchAndChoose(page, 'Street address or place', 'hämeentie 30', /^Hämeentie 30, 00530 Helsinki/);
    await expect.poll(() => placeSummary(page)).toBe('Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.');
    await page.locator(`${mapSelector} img.leaflet-marker-icon`).waitFor();
    expect(await page.getByLabel('Address, or where exactly (optional)').inputValue()).toBe('Hämeentie 30, 00530 Helsinki');
    const pin = await draftPin(page);
    expect(pin.lat).toBeCloseTo(60.1874, 3);
    expect(pin.long).toBeCloseTo(24.9604, 3);

    await page.getByLabel('Description').fill('A deep pothole in the cycle lane by the tram stop.');
    await page.getByLabel('Email (optional)').fill('resident@example.org');
    await page.locator('.location-step').scrollIntoViewIfNeeded();
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-address-desktop');

    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' }).waitFor({ timeout: 30_000 });
    const id = (await page.getByTestId('report-id').textContent()) ?? '';
    expect(id).toMatch(/^[a-z0-9]{20}$/);
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/report/sent/${id}`);
    // Only the id: nothing the person wrote, no email.
    expect(url.search).toBe('');
    expect(page.url()).not.toContain('example.org');
    // Grouped by four to read aloud.
    expect(await page.locator('.report-reference__group').allTextContents()).toEqual(id.match(/.{4}/g));

    const stored = await fetchStoredRequest(suite.server.baseUrl, id);
    expect(stored.address).toBe('Hämeentie 30, 00530 Helsinki');
    expect(Number(stored.lat)).toBeCloseTo(pin.lat, 5);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' }).waitFor();
    expect(await page.getByTestId('report-id').textContent()).toBe(id);
    expect(await page.getByText('We email you a receipt now, and again when the report is published and every time its status changes or the city replies.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Follow your report' }).getAttribute('href')).toBe(`/requests/${id}`);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-address-desktop-confirmation');
    await expectCleanRunThenClose(opened);
  });

  it('a dropped pin, then a dragged one, shows the nearest address and sends it', async () => {
    const opened = await openReport('/report?lat=60.1874&lon=24.9604');
    const { page } = opened;
    // The link's pin is set, its address looked up, and the numbers leave the address bar.
    await expect.poll(() => placeSummary(page)).toBe('Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.');
    expect(new URL(page.url()).search).toBe('');
    await chooseServiceType(page, 'pothole', 'Potholes');

    const map = page.locator(mapSelector);
    await map.scrollIntoViewIfNeeded();
    const box = (await map.boundingBox())!;
    await map.click({ position: { x: box.width / 2 + 90, y: box.height / 2 - 60 } });
    const dropped = await draftPin(page);
    expect(dropped.lat).toBeGreaterThan(60.1874);
    const droppedAddress = await nearestAddress(dropped.lat, dropped.long);
    expect(droppedAddress).not.toBeNull();
    await expect.poll(() => placeSummary(page)).toBe(`Chosen place: pin on the map near ${droppedAddress}.`);

    // Drag the pin by its icon some 120 px to the left.
    const icon = (await page.locator(`${mapSelector} img.leaflet-marker-icon`).boundingBox())!;
    const grab = { x: icon.x + icon.width / 2, y: icon.y + icon.height / 2 };
    await page.mouse.move(grab.x, grab.y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(grab.x - 12 * step, grab.y + 4 * step);
    await page.mouse.up();
    await expect.poll(async () => (await draftPin(page)).long).toBeLessThan(dropped.long);
    const dragged = await draftPin(page);
    const draggedAddress = await nearestAddress(dragged.lat, dragged.long);
    expect(draggedAddress).not.toBeNull();
    await expect.poll(() => placeSummary(page)).toBe(`Chosen place: pin on the map near ${draggedAddress}.`);
    expect(await page.getByLabel('Address, or where exactly (optional)').inputValue()).toBe(draggedAddress);

    // A reload keeps the pin and its address (the draft).
    await page.reload();
    await page.locator(mapSelector).waitFor();
    await expect.poll(() => placeSummary(page)).toBe(`Chosen place: pin on the map near ${draggedAddress}.`);

    await page.getByLabel('Description').fill('Loose paving stones on the pavement.');
    await page.getByRole('button', { name: 'Send report' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you! Your report has been received.' }).waitFor({ timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').at(-1)!;
    const stored = await fetchStoredRequest(suite.server.baseUrl, id);
    expect(stored.address).toBe(draggedAddress);
    expect(Number(stored.lat)).toBeCloseTo(dragged.lat, 5);
    await expectCleanRunThenClose(opened);
  });

  it.each([
    ['fi-FI', 'Katuosoite tai paikka', 'Valittu paikka: nasta kartalla lähellä osoitetta Hämeentie 30, 00530 Helsinki.', /^Hämeentie 30/],
    ['sv-FI', 'Gatuadress eller plats', 'Vald plats: nål på kartan nära Tavastvägen 30, 00530 Helsingfors.', /^Tavastvägen 30/],
    ['en-GB', 'Street address or place', 'Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.', /^Hämeentie 30/],
  ])('has no axe violations with an address chosen and the list open (%s)', async (locale, label, summary, option) => {
    const opened = await openReport('/report', desktop, locale);
    const { page } = opened;
    const box = page.getByRole('combobox', { name: label });
    await box.fill(locale === 'sv-FI' ? 'tavastvägen 30' : 'hämeentie 30');
    await page.getByRole('option', { name: option }).first().waitFor();
    await box.press('ArrowDown');
    await expectNoAxeViolations(page);
    await box.press('Enter');
    await expect.poll(() => placeSummary(page)).toBe(summary);
    await expectNoAxeViolations(page);
    await expectCleanRunThenClose(opened);
  });

  it('works on a phone: the search list fits, the address shows, nothing scrolls sideways', async () => {
    const opened = await openReport('/report', mobile);
    const { page } = opened;
    const box = page.getByRole('combobox', { name: 'Street address or place' });
    await box.fill('kaivo');
    await page.getByRole('option', { name: /^Kaivopuisto/ }).first().waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'report-address-mobile-list');
    await box.press('Escape');
    await searchAndChoose(page, 'Street address or place', 'hämeentie 30', /^Hämeentie 30, 00530 Helsinki/);
    await expect.poll(() => placeSummary(page)).toBe('Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.');
    await page.locator('.place-summary').scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'report-address-mobile');
    await expectCleanRunThenClose(opened);
  });
});
