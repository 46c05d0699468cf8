import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { addModeratorWithCli } from './admin-cli';
import { desktop, expectCleanRunThenClose, helsinki, openPage, type OpenedPage } from './browser-context';
import { expectNoAxeViolations } from './expectations';
import { withServerAndBrowser } from './suite-setup';

/**
 * The pages these changes touched, in Finnish, Swedish and English, against the real server: a
 * rejected report's public page (its progress and badge, its text and place withheld), a published
 * report's coordinates, the counters table
 * (municipality names, the CSV buttons with filters on) and the moderation queue (where each
 * report is). Each stays free of axe violations in every language. The pages of one language are
 * shown in one context, one after another, as a person would go from page to page: a later
 * navigation costs Chromium a third of a fresh context's first load, and none of these pages
 * depends on what the one before left in the browser.
 */

const suite = withServerAndBrowser();
const MODERATOR = 'mod';
const PASSWORD = 'correct horse battery staple';
let rejectedId: string;
let publishedId: string;
/** The service object a report points at, and its name in each language. */
const park = { id: '', names: {} as Record<string, string> };

async function submitReport(fields: Record<string, string>): Promise<string> {
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  const body = new URLSearchParams({ service_code: services[0]!.service_code, ...fields });
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  const created = (await response.json()) as { service_request_id: string }[];
  expect(response.status, JSON.stringify(created)).toBe(200);
  return created[0]!.service_request_id;
}

/** A moderator's action through the moderation API, as the console does it. */
async function moderate(id: string, action: 'reject' | 'publish', body: object = {}): Promise<void> {
  const signIn = await fetch(`${suite.server.baseUrl}/moderation/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: MODERATOR, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const cookie = signIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  const response = await fetch(`${suite.server.baseUrl}/moderation/api/requests/${encodeURIComponent(id)}/${action}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrfToken, Cookie: cookie },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

beforeAll(async () => {
  addModeratorWithCli(suite.server.dataDir, MODERATOR, PASSWORD);
  rejectedId = await submitReport({
    title: 'Sign naming a neighbour',
    description: 'A fallen sign with Matti Meikäläinen’s phone number lies in a yard.',
    lat: '60.18725',
    long: '24.94021',
  });
  // Personal data: one of the two reasons that withhold the report's text and place (issue 41, item 3).
  await moderate(rejectedId, 'reject', { reason: 'personal_data' });
  publishedId = await submitReport({
    title: 'Leaning street sign',
    description: 'The sign at the corner leans over the pavement.',
    lat: '60.18725',
    long: '24.94021',
  });
  await moderate(publishedId, 'publish');
  await submitReport({ title: 'Broken lamp by the shore', description: 'The lamp post by the shore path is dark.', lat: '60.16952', long: '24.93545', address_string: 'Ehrensvärdintie 1' });
  await submitReport({ title: 'Pin only', description: 'Graffiti on the underpass wall again.', lat: '60.17012', long: '24.94021' });

  // A report on a service object chosen from the list, as the form sends it: id, type and its point.
  type Found = { features: { geometry: { coordinates: [number, number] }; properties: { service_object_id: string; service_object_type: string; name: string } }[] };
  const near = (locale: string) => fetch(`${suite.server.baseUrl}/proxy/service-objects?lat=60.17&long=24.94&radius=3000&locale=${locale}`).then((r) => r.json() as Promise<Found>);
  const object = (await near('en')).features[0]!;
  park.id = object.properties.service_object_id;
  for (const locale of ['fi', 'sv', 'en']) {
    park.names[locale] = (await near(locale)).features.find((feature) => feature.properties.service_object_id === park.id)!.properties.name;
  }
  await submitReport({
    title: 'Bench at the object',
    description: 'The bench by the entrance has lost its backrest.',
    service_object_id: park.id,
    service_object_type: object.properties.service_object_type,
    long: object.geometry.coordinates[0].toFixed(6),
    lat: object.geometry.coordinates[1].toFixed(6),
  });
});

const languages = [
  {
    locale: 'fi-FI',
    steps: ['Vastaanotettu (valmis)', 'Hylätty (päättyi ilman käsittelyä)'],
    coordinates: 'Koordinaatit 60,18725, 24,94021',
    loaded: /^Kaikki [\d\s ]+ laskuria ladattu\.$/,
    shownButton: /^Lataa [\d\s ]+ näkyvää laskuria CSV-tiedostona$/,
    place: ['Paikka: Ehrensvärdintie 1', 'Paikka: 60,17012, 24,94021'],
    queue: 'Moderointijono',
  },
  {
    locale: 'sv-FI',
    steps: ['Mottagen (klart)', 'Avvisad (avslutad utan behandling)'],
    coordinates: 'Koordinater 60,18725, 24,94021',
    loaded: /^Alla [\d\s ]+ räknare laddade\.$/,
    shownButton: /^Ladda ner [\d\s ]+ visade räknare som CSV$/,
    place: ['Plats: Ehrensvärdintie 1', 'Plats: 60,17012, 24,94021'],
    queue: 'Modereringskö',
  },
  {
    locale: 'en-GB',
    steps: ['Received (done)', 'Rejected (ended without handling)'],
    coordinates: 'Coordinates 60.18725, 24.94021',
    loaded: /^Loaded all [\d,]+ counters\.$/,
    shownButton: /^Download the [\d,]+ counters shown as CSV$/,
    place: ['Place: Ehrensvärdintie 1', 'Place: 60.17012, 24.94021'],
    queue: 'Moderation queue',
  },
] as const;

/** One context per browser language, opened by its first test; each must have thrown nothing and the CSP refused nothing when the file ends. */
const contexts = new Map<string, Promise<OpenedPage>>();
const pageIn = async (locale: string) => {
  if (!contexts.has(locale)) contexts.set(locale, openPage(suite.browser, { viewport: desktop, locale, timezoneId: helsinki }));
  return (await contexts.get(locale)!).page;
};
afterAll(async () => {
  for (const opened of contexts.values()) await expectCleanRunThenClose(await opened);
});
const language = (locale: string) => locale.slice(0, 2);

describe.each(languages)('pages in $locale', (words) => {
  it('a rejected report: only the steps that happened, a grey badge, its text and place withheld', async () => {
    const page = await pageIn(words.locale);
    await page.goto(`${suite.server.baseUrl}/requests/${rejectedId}`);
    await page.getByTestId('withheld-notice').waitFor();
    const steps = await page.locator('.status-steps li').allTextContents();
    expect(steps).toEqual(words.steps);
    const badge = page.locator('.request-details__status .status-badge');
    expect(await badge.getAttribute('class')).toBe('status-badge status-badge--rejected');
    // Not the green of a resolved report.
    expect(await badge.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(61, 70, 80)');
    // A report rejected for its content shows neither its title nor where it was (issue 25).
    const text = await page.locator('main').innerText();
    expect(text).not.toContain('Sign naming a neighbour');
    expect(text).not.toContain(words.coordinates);
    await expectNoAxeViolations(page);
  });

  it("a published report's coordinates in the language's number format", async () => {
    const page = await pageIn(words.locale);
    await page.goto(`${suite.server.baseUrl}/requests/${publishedId}`);
    await page.getByRole('heading', { level: 1, name: 'Leaning street sign' }).waitFor();
    await page.getByText(words.coordinates, { exact: true }).waitFor();
    await expectNoAxeViolations(page);
  });

  it('the counters table: municipality names, and the CSV of the rows shown besides all', async () => {
    const page = await pageIn(words.locale);
    await page.goto(`${suite.server.baseUrl}/counters?source=EcoCounter`);
    await page.getByText(words.loaded).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: words.shownButton }).waitFor();
    const municipalities = new Set(await page.locator('table tbody tr td:nth-child(9)').allTextContents());
    expect([...municipalities].every((name) => /^\p{Lu}\p{Ll}+/u.test(name))).toBe(true);
    expect(municipalities.has(language(words.locale) === 'sv' ? 'Helsingfors' : 'Helsinki')).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('the moderation queue says where each report is', async () => {
    const page = await pageIn(words.locale);
    await page.goto(`${suite.server.baseUrl}/moderation`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // Signed in through the form, whatever its words in this language.
    await page.locator('input[autocomplete="username"]').fill(MODERATOR);
    await page.locator('input[type="password"]').fill(PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await page.getByRole('heading', { level: 1, name: words.queue }).waitFor();
    const card = (title: string) => page.locator('.moderation-card').filter({ hasText: title }).locator('.moderation-card__place');
    await card('Broken lamp by the shore').waitFor();
    expect(await card('Broken lamp by the shore').textContent()).toBe(words.place[0]);
    expect(await card('Pin only').textContent()).toBe(words.place[1]);
    // The service object's name, in the console's language, looked up by the report's point.
    const label = words.place[0].split(':')[0];
    await expect.poll(() => card('Bench at the object').textContent()).toBe(`${label}: ${park.names[language(words.locale)]}`);
    await expectNoAxeViolations(page);
  });
});

describe('focus after a route change', () => {
  it('lands on the new page’s main heading, not on the link used; the first load leaves it alone', async () => {
    const page = await pageIn('en-GB');
    await page.goto(`${suite.server.baseUrl}/counters`);
    await page.getByRole('heading', { level: 1, name: 'Traffic counters' }).waitFor();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);

    // With the keyboard: the navigation link, Enter.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Report a problem' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Report a problem');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('tabindex'))).toBe('-1');
    // The next Tab goes on from the heading, into the page (once the form's own code is there:
    // until then its place holds only a loading notice).
    await page.getByText('Loading the report form…').waitFor({ state: 'detached' });
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')!.contains(document.activeElement))).toBe(true);

    // A page that shows a loading heading first: focus follows it to the report's own title.
    await page.goto(`${suite.server.baseUrl}/?view=list`);
    const card = page.locator('.map-list--requests > li').first();
    await card.waitFor({ timeout: 30_000 });
    const title = (await card.getByRole('heading').textContent())!;
    await card.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe(title);
  });
});
