import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { addModeratorWithCli } from './admin-cli';
import { helsinki, mobile } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { confirmedRequestId, openReportPage } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';

/**
 * A demo service type's own questions in Chromium against the real server: shown after the type
 * is chosen, checked before sending, sent as attribute[CODE], and read by a moderator.
 */
const suite = withServerAndBrowser({ env: { PROXY_POSTS_PER_MINUTE: '1000' } });
const MODERATOR = 'mod';
const PASSWORD = 'correct horse battery staple';

beforeAll(() => {
  addModeratorWithCli(suite.server.dataDir, MODERATOR, PASSWORD);
});

const focusedLabel = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent ?? '');

describe('category questions in Chromium', () => {
  it('on a phone: answers a playground type’s required question, sends it, and a moderator sees the answers', async () => {
    const { page, finish } = await openReportPage(suite.browser, suite.server.baseUrl, { viewport: mobile, isMobile: true, hasTouch: true, timezoneId: helsinki });
    await page.getByRole('radio', { name: /^Playgrounds and sports parks/ }).check();
    const group = page.getByRole('group', { name: 'Which equipment is it about?' });
    await group.waitFor();
    await page.getByRole('button', { name: 'Report here: place the pin at the map centre' }).click();
    await page.getByLabel('Description').fill('The swing chain is broken and the gate does not close.');

    // Nothing chosen: refused in the browser, focus on the first option, the error read with the group.
    await page.getByRole('button', { name: 'Send report' }).click();
    await expect.poll(() => focusedLabel(page)).toBe('Swing');
    const describedBy = (await group.getAttribute('aria-describedby')) ?? '';
    expect(await page.locator(`[id="${describedBy.split(' ').at(-1)}"]`).textContent()).toContain('Choose at least one option.');
    await expectNoAxeViolations(page);

    // Keyboard: Space ticks the focused checkbox, Tab moves to the next.
    await page.keyboard.press('Space');
    for (let step = 0; step < 4; step += 1) await page.keyboard.press('Tab');
    expect(await focusedLabel(page)).toBe('Fence or gate');
    await page.keyboard.press('Space');
    await expect.poll(() => group.locator('.form-field__error').count()).toBe(0);
    await group.scrollIntoViewIfNeeded();
    await expectNoHorizontalScroll(page);
    await expectNoAxeViolations(page);
    await screenshot(page, 'report-questions-mobile-en');

    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/requests.json'));
    await page.getByRole('button', { name: 'Send report' }).click();
    const body = (await sent).postData() ?? '';
    expect([...body.matchAll(/name="attribute\[equipment\]\[\]"\r\n\r\n(\w+)\r\n/g)].map((match) => match[1])).toEqual(['swing', 'fence']);
    const id = await confirmedRequestId(page);

    // The moderator's review view lists the answers in the console's language.
    await page.goto(`${suite.server.baseUrl}/moderation/requests/${encodeURIComponent(id)}`);
    await page.getByLabel('Name').fill(MODERATOR);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const answers = page.locator('.review-panel').filter({ has: page.getByRole('heading', { name: "Answers to the type's questions" }) });
    await answers.getByText('Swing, Fence or gate').waitFor();
    expect(await answers.locator('dt').allTextContents()).toEqual(['Which equipment is it about?']);
    await expectNoAxeViolations(page);
    // …and the public page does not.
    const publicAnswer = await (await fetch(`${suite.server.baseUrl}/open311/v1/requests/${id}.json?extensions=true`)).text();
    expect(publicAnswer).not.toContain('equipment');
    expect(publicAnswer).not.toContain('Fence or gate');
    await finish();
  });

  it.each([
    ['fi', 'Suomi', 'Katujen kunto', 'Kuinka suuri kuoppa on? (vapaaehtoinen)', 'Arvioitu syvyys senttimetreinä (vapaaehtoinen)', 'Lähetä ilmoitus'],
    ['sv', 'Svenska', 'Gatornas skick', 'Hur stor är gropen? (frivilligt)', 'Uppskattat djup i centimeter (frivilligt)', 'Skicka anmälan'],
    ['en', 'English', 'Potholes', 'How big is the pothole? (optional)', 'Estimated depth in centimetres (optional)', 'Send report'],
  ])('shows the pothole questions in %s with every control, an error included, free of axe violations', async (locale, language, type, size, depth, send) => {
    const { page, finish } = await openReportPage(suite.browser, suite.server.baseUrl, { timezoneId: helsinki });
    if (locale !== 'en') await page.getByRole('button', { name: language }).click();
    await page.getByRole('radio', { name: new RegExp(`^${type}`) }).check();
    await page.getByRole('group', { name: size }).waitFor();
    await page.locator('#report-description').fill('Syvä kuoppa pyörätiellä, pyöräilijä voi kaatua.');
    await page.locator('.location-step__centre button').click();
    await page.getByLabel(depth).fill('syvä');
    await page.getByRole('button', { name: send }).click();
    await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('answers.depth_cm');
    expect(await page.getByLabel(depth).getAttribute('aria-invalid')).toBe('true');
    await expectNoAxeViolations(page);
    if (locale === 'fi') await screenshot(page, 'report-questions-desktop-fi');
    await finish();
  });

  it('sends a pothole report with every answer and the noticed time with its zone', async () => {
    const { page, finish } = await openReportPage(suite.browser, suite.server.baseUrl, { timezoneId: helsinki });
    await page.getByRole('radio', { name: /^Potholes/ }).check();
    await page.getByRole('radio', { name: 'Large (over 50 cm)' }).check();
    await page.getByRole('radio', { name: 'Yes' }).check();
    await page.getByLabel('Estimated depth in centimetres (optional)').fill('12,5');
    await page.getByLabel('When did you notice it? (optional)').fill('2026-11-20T08:15');
    await page.getByRole('button', { name: 'Report here: place the pin at the map centre' }).click();
    await page.getByLabel('Description').fill('A deep pothole in the cycle lane by the tram stop.');
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/requests.json'));
    await page.getByRole('button', { name: 'Send report' }).click();
    const body = (await sent).postData() ?? '';
    const field = (name: string) => new RegExp(`name="attribute\\[${name}\\]"\\r\\n\\r\\n([^\\r]+)\\r\\n`).exec(body)?.[1];
    expect([field('pothole_size'), field('dangerous'), field('depth_cm'), field('noticed_at')]).toEqual(['large', 'yes', '12.5', '2026-11-20T08:15:00+02:00']);
    await confirmedRequestId(page);
    await finish();
  });
});
