import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fi from '../../src/client/locales/fi/moderation.json';
import type { ServiceType } from '../../src/shared/georeport/types';
import { screenshot } from '../helpers/browser';
import { addModeratorWithCli } from './admin-cli';
import { desktop, expectCleanRunThenClose, helsinki, mobile, openPage, type OpenedPage } from './browser-context';
import { expectLaidOutAt, expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';

/**
 * The city's desk in Chromium (issue 41): the dashboard, saved responses, a caller's report, bulk
 * actions and a report's assignment and internal notes, each used once as a moderator does, axe
 * clean on a desktop in English and laid out on a phone; then every one of them on a phone in
 * Finnish (the longest words), axe clean there too. What each action stores and who may do it is
 * proved without a browser (test/server/moderation/*, test/client/moderation/*); here, that the
 * pages work, read and fit as a browser lays them out.
 */
const suite = withServerAndBrowser();

const MODERATOR = 'desk';
const PASSWORD = 'correct horse battery staple';

/** One signed-in desktop page for the English tests, as a moderator keeps the console open all day. */
let opened: OpenedPage;
let page: Page;

beforeAll(async () => {
  addModeratorWithCli(suite.server.dataDir, MODERATOR, PASSWORD);
  opened = await openPage(suite.browser, { viewport: desktop, locale: 'en-GB', timezoneId: helsinki });
  page = opened.page;
  await page.goto(`${suite.server.baseUrl}/moderation`);
  await signIn(page, { name: 'Name', password: 'Password', submit: 'Sign in' });
  await page.getByRole('heading', { level: 1, name: 'Moderation queue' }).waitFor();
});

afterAll(async () => {
  if (opened) await expectCleanRunThenClose(opened);
});

async function signIn(target: Page, labels: { name: string; password: string; submit: string }): Promise<void> {
  await target.getByLabel(labels.name).fill(MODERATOR);
  await target.getByLabel(labels.password).fill(PASSWORD);
  await target.getByRole('button', { name: labels.submit }).click();
}

/** Axe clean here, then the same page at a phone's width with `key` shown; back to the desktop after. */
async function expectReadableAtBothSizes(name: string, key: Locator): Promise<void> {
  await expectNoAxeViolations(page);
  await screenshot(page, `desk-${name}-1280`);
  await expectLaidOutAt(page, mobile, key);
  await screenshot(page, `desk-${name}-390`);
  await page.setViewportSize(desktop);
}

/** A resident's report, sent as the reporting page sends it: waiting in the queue. */
async function submitReport(title: string): Promise<string> {
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  const body = new URLSearchParams({ service_code: services[0]!.service_code, lat: '60.16952', long: '24.93545', title, description: `${title}: please have a look.` });
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { service_request_id: string }[])[0]!.service_request_id;
}

describe('the city’s desk in Chromium, English on a desktop', () => {
  it('shows the dashboard’s figures for the demo data', async () => {
    await page.goto(`${suite.server.baseUrl}/moderation/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const total = page.getByText(/^\d+ reports match\.$/);
    await total.waitFor();
    expect(Number((await total.textContent())!.split(' ')[0])).toBeGreaterThan(0);
    await expectReadableAtBothSizes('dashboard', total);
  });

  it('saves a response, which then lists with its body', async () => {
    await page.goto(`${suite.server.baseUrl}/moderation/responses`);
    await page.getByRole('heading', { level: 1, name: 'Saved responses' }).waitFor();
    const form = page.getByRole('region', { name: 'New saved response' });
    await page.getByLabel('Body').selectOption({ index: 1 });
    await page.getByLabel('Title', { exact: true }).fill('Fixed this week');
    await page.getByLabel('Text in Finnish').fill('Korjattu tällä viikolla.');
    await page.getByLabel('Text in Swedish').fill('Lagat denna vecka.');
    await page.getByLabel('Text in English').fill('Fixed this week.');
    await page.getByRole('button', { name: 'Save the response' }).click();
    await page.getByText('Saved “Fixed this week”.').waitFor();
    const listed = page.getByRole('article', { name: 'Fixed this week' });
    await listed.waitFor();
    await expectReadableAtBothSizes('responses', form);
  });

  it('assigns a report to the moderator and adds an internal note on its review page', async () => {
    const id = await submitReport('Desk bench broken');
    await page.goto(`${suite.server.baseUrl}/moderation/requests/${id}`);
    await page.getByRole('heading', { level: 1, name: 'Review: Desk bench broken' }).waitFor();
    await page.getByLabel('Assigned to').selectOption({ label: `Me (${MODERATOR})` });
    await page.getByRole('button', { name: 'Save assignment' }).click();
    await page.getByText('The report is assigned to you.').waitFor();
    await page.getByLabel('New internal note').fill('Called the park office; they know of it.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await page.getByText('Internal note added.').waitFor();
    const note = page.getByText('Called the park office; they know of it.', { exact: true });
    await note.waitFor();
    await expectReadableAtBothSizes('review-desk', note);
  });

  it('records a caller’s report placed on the map, its type’s required question answered', async () => {
    await page.goto(`${suite.server.baseUrl}/moderation/record`);
    await page.getByRole('heading', { level: 1, name: 'Record a report for a caller' }).waitFor();
    // The demo's playground type asks which equipment (required, several may be chosen).
    await page.getByLabel('Type').selectOption('211');
    // The place by a click on the city's map: the point fills in, and whose it is is read back.
    const map = page.getByRole('application', { name: /^Map for the report's place/ });
    await map.click();
    await expect.poll(() => page.getByLabel('Latitude').inputValue()).toMatch(/^60\.\d{6}$/);
    await page.getByText('At this place it goes to City of Helsinki.').waitFor();
    await page.getByLabel('Description').fill('A caller says the swing chain in the playground is broken.');
    await page.getByLabel('First name').fill('Caller');
    const swing = page.getByRole('checkbox', { name: 'Swing' });
    await swing.check();
    const submit = page.getByRole('button', { name: 'Record the report' });
    await expectReadableAtBothSizes('record', submit);
    await submit.click();
    // What is stored with the answer is the server's to prove (server/moderation/caller-report.test.ts).
    await page.getByText('The report was recorded and is in the queue.').waitFor();
  });

  it('selects published reports for a bulk action with the toolbar', async () => {
    await page.goto(`${suite.server.baseUrl}/moderation?state=published`);
    await page.getByRole('heading', { level: 1, name: 'Published reports' }).waitFor();
    const boxes = page.getByRole('checkbox', { name: /^Select (?!all on this page)/ });
    await boxes.nth(1).waitFor();
    await boxes.nth(0).check();
    await boxes.nth(1).check();
    const toolbar = page.locator('form.bulk-toolbar');
    await toolbar.getByText('2 reports selected').waitFor();
    await toolbar.getByLabel('Action').selectOption('assign');
    await toolbar.getByRole('button', { name: 'Apply to 2 reports' }).click();
    await page.getByRole('status').getByText('2 assigned').waitFor();
    await boxes.nth(0).check();
    await toolbar.getByText('1 report selected').waitFor();
    await expectReadableAtBothSizes('bulk', toolbar);
  });
});

describe('the city’s desk in Chromium, Finnish on a phone', () => {
  it('lays out and reads every desk page without sideways scrolling', async () => {
    const phone = await openPage(suite.browser, { viewport: mobile, locale: 'fi-FI', timezoneId: helsinki });
    const { page: finnish } = phone;
    await finnish.goto(`${suite.server.baseUrl}/moderation/dashboard`);
    await signIn(finnish, { name: 'Nimi', password: 'Salasana', submit: 'Kirjaudu' });
    const pages: [string, string][] = [
      ['dashboard', fi.dashboard.title],
      ['responses', fi.responses.title],
      ['record', fi.recordReport.heading],
    ];
    for (const [path, heading] of pages) {
      if (path !== 'dashboard') await finnish.goto(`${suite.server.baseUrl}/moderation/${path}`);
      await finnish.getByRole('heading', { level: 1, name: heading }).waitFor();
      await finnish.locator('main form').first().waitFor();
      // The caller form's map comes in its own chunk: axe reads it (its credit's links) once it is drawn.
      if (path === 'record') await finnish.locator('.leaflet-control-attribution a').first().waitFor();
      await expectNoHorizontalScroll(finnish);
      await expectNoAxeViolations(finnish);
      await screenshot(finnish, `desk-${path}-390-fi`);
    }
    await finnish.goto(`${suite.server.baseUrl}/moderation?state=published`);
    await finnish.getByRole('heading', { level: 1, name: fi.lists.published.title }).waitFor();
    await finnish.locator('.moderation-card').getByRole('checkbox').first().check();
    await finnish.locator('form.bulk-toolbar').waitFor();
    await expectNoHorizontalScroll(finnish);
    await expectNoAxeViolations(finnish);
    await screenshot(finnish, 'desk-bulk-390-fi');
    await expectCleanRunThenClose(phone);
  });
});
