/**
 * What a resident met on the walk (issue 25), in Chromium at a phone's and a desktop's size: the
 * pages email links open (styled, a button one can hit, the report named), the home page's
 * filters (no strip of a scroll box), a photo's enlarged view (a dialog: focus in, Escape out,
 * focus back), and the place step's way past the map to the questions.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { publishInServerDatabase } from '../helpers/published-report';
import { linkIn, readMail } from '../server/notify/multipart';
import { expectCleanRunThenClose, helsinki, mobile, nextFrames, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withMailServerAndBrowser } from './suite-setup';

const laptop = { width: 1280, height: 800 };
const sizes = [
  ['phone', mobile],
  ['desktop', laptop],
] as const;

const suite = withMailServerAndBrowser();

async function photoJpeg(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#5b8c5a"/>
    <rect x="250" y="380" width="700" height="60" fill="#8b5a2b"/><rect x="250" y="470" width="700" height="60" fill="#8b5a2b"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A published report with a photo and the reporter's address, sent through the proxy as the app sends it. */
async function publishedReport(email: string): Promise<string> {
  const services = (await (await fetch(`${suite.server.baseUrl}/proxy/open311/v1/services.json?locale=en`)).json()) as { service_code: string }[];
  const body = new FormData();
  const fields = { service_code: services[0]!.service_code, description: 'Two slats of the bench are missing.', lat: '60.16795', long: '24.95240', address_string: 'Pohjoisesplanadi 2', email };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append('media[]', new Blob([new Uint8Array(await photoJpeg())], { type: 'image/jpeg' }), 'bench.jpg');
  const response = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  expect(response.status).toBe(200);
  const id = ((await response.json()) as { service_request_id: string }[])[0]!.service_request_id;
  publishInServerDatabase(suite.server, id);
  return id;
}

async function mailTo(address: string) {
  return readMail((await suite.smtp.mailWhere((mail) => mail.to.includes(address))).raw);
}

/** The element's size on screen, in CSS pixels. */
async function boxOf(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!;
}

describe('the pages email links open', () => {
  it('are styled like the app, name the report, say nothing is done before the press, and have a button one can hit', async () => {
    const id = await publishedReport('reporter@example.org');
    const unsubscribe = linkIn((await mailTo('reporter@example.org')).plain, `${suite.server.baseUrl}/mail/unsubscribe?token=`);
    const followed = await fetch(`${suite.server.baseUrl}/proxy/open311/v1/requests/${id}/followers.json`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'neighbour@example.org', locale: 'en' }),
    });
    expect(followed.status).toBe(202);
    const confirm = linkIn((await mailTo('neighbour@example.org')).plain, `${suite.server.baseUrl}/mail/confirm?token=`);

    for (const [name, viewport] of sizes) {
      const opened = await openPage(suite.browser, { viewport, timezoneId: helsinki });
      const { page } = opened;
      for (const [kind, link, button] of [
        ['unsubscribe', unsubscribe, 'Stop messages'],
        ['confirm', confirm, 'Confirm'],
      ] as const) {
        await page.goto(link);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.locator('main').textContent()).toContain(`(${id})`);
        expect(await page.locator('main').textContent()).toContain('Pohjoisesplanadi 2');
        const hit = await boxOf(page, 'button');
        expect(hit.height).toBeGreaterThanOrEqual(44);
        expect(hit.width).toBeGreaterThanOrEqual(150);
        expect(await page.getByRole('button', { name: button }).isVisible()).toBe(true);
        // The app's brand colour on the button: the style applied under the page's CSP.
        expect(await page.locator('button').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(10, 77, 140)');
        await expectNoHorizontalScroll(page);
        // axe once, on the phone: the markup is the same at both sizes, the layout is checked above.
        if (viewport === mobile) await expectNoAxeViolations(page);
        await screenshot(page, `walk-mail-${kind}-${name}`);
      }
      await page.goto(unsubscribe);
      await page.getByRole('button', { name: 'Stop messages' }).click();
      await page.getByRole('status').filter({ hasText: 'we will send you no more messages' }).waitFor();
      await screenshot(page, `walk-mail-unsubscribed-${name}`);
      await expectCleanRunThenClose(opened);
    }
  });
});

describe('the home page on a desktop', () => {
  it('shows the filters in the column beside the map, heading and all, not in a strip of their own scroll box', async () => {
    const opened = await openPage(suite.browser, { viewport: laptop, timezoneId: helsinki });
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/`);
    const heading = page.getByRole('heading', { name: 'Filters' });
    await heading.waitFor();
    const headingBox = (await heading.boundingBox())!;
    expect(headingBox.y).toBeGreaterThan(0);
    expect(headingBox.y + headingBox.height).toBeLessThan(laptop.height);
    // The box that scrolls the filters is the whole column below the title bar, not a strip.
    const scroller = await page.locator('.map-filters-panel').evaluate((element) => {
      let node = element.parentElement;
      while (node && !/(auto|scroll)/.test(getComputedStyle(node).overflowY)) node = node.parentElement;
      return node ? { height: node.clientHeight, top: node.getBoundingClientRect().top } : undefined;
    });
    expect(scroller).toBeDefined();
    expect(scroller!.height).toBeGreaterThan(laptop.height - scroller!.top - 2);
    expect(scroller!.height).toBeGreaterThan(500);
    await screenshot(page, 'walk-home-filters-desktop');
    await expectCleanRunThenClose(opened);

    const phone = await openPage(suite.browser, { viewport: mobile, timezoneId: helsinki });
    await phone.page.goto(`${suite.server.baseUrl}/`);
    await phone.page.getByRole('heading', { name: 'Filters' }).waitFor();
    await expectNoHorizontalScroll(phone.page);
    await screenshot(phone.page, 'walk-home-filters-phone');
    await expectCleanRunThenClose(phone);
  });
});

describe('a photo on a report’s page', () => {
  it('opens enlarged in a dialog in the page: focus on its close button, alt text, Escape closes, focus back on the thumbnail', async () => {
    const id = await publishedReport('photographer@example.org');
    // One load on a phone (axe there); the enlarged photo's size is checked there and widened.
    const opened = await openPage(suite.browser, { viewport: mobile, timezoneId: helsinki });
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/requests/${id}`);
    const thumbnail = page.getByRole('link', { name: 'Photo 1 of 1, opens a larger view' });
    await thumbnail.scrollIntoViewIfNeeded();
    await thumbnail.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Photo 1 of 1' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/requests/${id}`);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    const large = dialog.getByRole('img', { name: 'Photo 1 of 1 attached to the report' });
    await expect.poll(() => large.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    await expectNoAxeViolations(page);
    for (const [name, viewport] of sizes) {
      await page.setViewportSize(viewport);
      await nextFrames(page);
      const shown = (await large.boundingBox())!;
      expect(shown.width, name).toBeGreaterThan(viewport.width * 0.6);
      expect(shown.y + shown.height, name).toBeLessThanOrEqual(viewport.height);
      await screenshot(page, `walk-photo-${name}`);
    }

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Photo 1 of 1, opens a larger view');
    await expectCleanRunThenClose(opened);
  });
});

describe('the place step of a report', () => {
  it('takes a keyboard from the address field into the description’s first field in two presses, past the map and the place list', async () => {
    const opened = await openPage(suite.browser, { viewport: laptop, timezoneId: helsinki });
    const { page } = opened;
    await page.goto(`${suite.server.baseUrl}/report`);
    const address = page.getByRole('combobox', { name: 'Street address or place' });
    await address.waitFor();
    await address.focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to describing the problem');
    await page.keyboard.press('Enter');
    // The first field of the step, so typing goes into it: with no type chosen yet, the title (a type's questions come first once chosen).
    expect(await page.evaluate(() => document.activeElement?.closest('section')?.getAttribute('aria-labelledby'))).toBe('report-step-describe');
    await page.keyboard.type('Pothole');
    expect(await page.getByLabel('Title').inputValue()).toBe('Pothole');
    await expectCleanRunThenClose(opened);
  });
});
