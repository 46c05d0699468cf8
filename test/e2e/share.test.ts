/**
 * Sharing a published report, against the real server: its page's HTML carries the Open Graph and
 * Twitter card tags a link preview reads (escaped, links from PUBLIC_BASE_URL); in Chromium the
 * "Share" button copies the link on a desktop (no share sheet there) and hands it to the share
 * sheet on a phone (navigator.share stubbed before the app starts). Axe-clean at both sizes.
 */
import { expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { expectCleanRunThenClose, helsinki, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { withServerAndBrowser } from './suite-setup';
import { publishedReport } from '../helpers/published-report';

const suite = withServerAndBrowser({ publicBaseUrl: true });

// Passes the service's no-HTML rule, and still needs escaping in an attribute.
const title = 'Bench <3 & "friends" broken';

function publishedRequest(): Promise<string> {
  return publishedReport(suite.server, {
    title,
    description: 'Two slats of the bench are missing; children sit on it.',
    lat: '60.16795',
    long: '24.95240',
    email: 'reporter@example.org',
    first_name: 'Maija',
  });
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1];

it("previews a published report's link, and shares it by copying (desktop) or the share sheet (phone)", async () => {
  const id = await publishedRequest();
  const pageUrl = `${suite.server.baseUrl}/requests/${id}`;

  // What a link preview's crawler reads: the tags are in the served HTML, escaped, with no personal data.
  const html = await (await fetch(pageUrl, { headers: { accept: 'text/html', 'accept-language': 'en' } })).text();
  expect(metaContent(html, 'og:title')).toBe('Bench &lt;3 &amp; &quot;friends&quot; broken');
  expect(metaContent(html, 'og:url')).toBe(pageUrl);
  expect(metaContent(html, 'og:type')).toBe('article');
  expect(metaContent(html, 'twitter:card')).toBe('summary');
  expect(metaContent(html, 'og:image')).toBe(`${suite.server.baseUrl}/icons/icon-512.png`);
  expect((await fetch(metaContent(html, 'og:image')!)).status).toBe(200);
  expect(html).toContain('<title>Bench &lt;3 &amp; &quot;friends&quot; broken – Kerro</title>');
  expect(html).not.toContain('reporter@example.org');
  expect(html).not.toContain('Maija');

  // A desktop: no share sheet, so the link goes to the clipboard and the page says so.
  const wide = await openPage(suite.browser, { viewport: { width: 1280, height: 800 }, timezoneId: helsinki, permissions: ['clipboard-read', 'clipboard-write'] });
  await wide.page.goto(pageUrl);
  expect(await wide.page.evaluate(() => typeof navigator.share)).toBe('undefined');
  // The app's title is the server's: nothing changes as it starts.
  await wide.page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await wide.page.title()).toBe(`${title} – Kerro`);
  await wide.page.getByRole('button', { name: 'Share' }).click();
  await wide.page.getByRole('status').filter({ hasText: 'Link copied' }).waitFor();
  expect(await wide.page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
  await expectNoAxeViolations(wide.page);
  await screenshot(wide.page, 'share-desktop');
  await expectCleanRunThenClose(wide);

  // A phone: the share sheet (stubbed before the app's code runs) gets the report's name and link.
  const phone = await openPage(suite.browser, { viewport: mobile, timezoneId: helsinki, hasTouch: true, isMobile: true });
  await phone.page.addInitScript(() => {
    const shared: ShareData[] = [];
    Object.assign(window, { sharedData: shared });
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: ShareData) => void shared.push(data) });
  });
  await phone.page.goto(pageUrl);
  await phone.page.getByRole('button', { name: 'Share' }).click();
  await expect
    .poll(() => phone.page.evaluate(() => (window as unknown as { sharedData: ShareData[] }).sharedData))
    .toEqual([{ title, text: `A report on Kerro: ${title}`, url: pageUrl }]);
  expect(await phone.page.getByRole('status').filter({ hasText: 'Link copied' }).count()).toBe(0);
  await expectNoAxeViolations(phone.page);
  await expectNoHorizontalScroll(phone.page);
  await screenshot(phone.page, 'share-phone');
  await expectCleanRunThenClose(phone);
});
