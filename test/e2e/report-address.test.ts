import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktop, expectCleanRunThenClose, mobile, openPage, type OpenedPage } from './browser-context';
import { emptyOriginStorage } from './empty-origin-storage';
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

/**
 * The tests share one context: each starts with the origin's storage emptied (no draft, no language
 * chosen), as in a fresh one, for a later navigation's cost instead of a fresh context's first load.
 * Its pages must have thrown nothing and the CSP refused nothing when the file ends.
 */
let shared: OpenedPage;
beforeAll(async () => {
  shared = await openPage(suite.browser);
});
afterAll(async () => {
  if (shared) await expectCleanRunThenClose(shared);
});

/** /report as a first visit in that language (picked in the app, as a person does) and size shows it. */
async function openReport(path = '/report', viewport = desktop, language?: 'fi' | 'sv'): Promise<Page> {
  const { page } = shared;
  await emptyOriginStorage(page, suite.server.baseUrl);
  if (language) await page.evaluate((chosen) => localStorage.setItem('kerro.language', chosen), language);
  await page.setViewportSize(viewport);
  await page.goto(`${suite.server.baseUrl}${path}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.type-option').first().waitFor();
  await page.locator(mapSelector).waitFor();
  return page;
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
    const page = await openReport();
    await chooseServiceType(page, 'pothole', 'Potholes');
    const box = page.getByRole('combobox', { name: 'Street address or place' });
    await box.fill('hämeentie 30');
    await page.getByRole('option', { name: /^Hämeentie 30, 00530 Helsinki/ }).first().waitFor();
    await box.press('ArrowDown');
    // The search list open with an option active: its one axe pass in English.
    await expectNoAxeViolations(page);
    await box.press('Enter');
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
  });

  it('a dropped pin, then a dragged one, shows the nearest address and sends it', async () => {
    const page = await openReport('/report?lat=60.1874&lon=24.9604');
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
  });

  // English is the first test's (the list open, then the address chosen): one axe pass per language.
  it.each([
    ['fi', 'Katuosoite tai paikka', 'hämeentie 30', 'Valittu paikka: nasta kartalla lähellä osoitetta Hämeentie 30, 00530 Helsinki.', /^Hämeentie 30/],
    ['sv', 'Gatuadress eller plats', 'tavastvägen 30', 'Vald plats: nål på kartan nära Tavastvägen 30, 00530 Helsingfors.', /^Tavastvägen 30/],
  ] as const)('has no axe violations with the address list open, and names the chosen address (%s)', async (language, label, typed, summary, option) => {
    const page = await openReport('/report', desktop, language);
    const box = page.getByRole('combobox', { name: label });
    await box.fill(typed);
    await page.getByRole('option', { name: option }).first().waitFor();
    await box.press('ArrowDown');
    await expectNoAxeViolations(page);
    await box.press('Enter');
    await expect.poll(() => placeSummary(page)).toBe(summary);
  });

  it('works on a phone: the search list fits, the address shows, nothing scrolls sideways', async () => {
    const page = await openReport('/report', mobile);
    const box = page.getByRole('combobox', { name: 'Street address or place' });
    await box.fill('kaivo');
    await page.getByRole('option', { name: /^Kaivopuisto/ }).first().waitFor();
    await expectNoHorizontalScroll(page);
    await box.press('Escape');
    await searchAndChoose(page, 'Street address or place', 'hämeentie 30', /^Hämeentie 30, 00530 Helsinki/);
    await expect.poll(() => placeSummary(page)).toBe('Chosen place: pin on the map near Hämeentie 30, 00530 Helsinki.');
    await page.locator('.place-summary').scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
  });
});
