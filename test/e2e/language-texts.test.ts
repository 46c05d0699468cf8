import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { desktop, expectCleanRunThenClose, mobile, nextFrames, openPage } from './browser-context';
import { expectLaidOutAt, expectNoAxeViolations } from './expectations';
import { withServerAndBrowser } from './suite-setup';

/**
 * The app downloads the texts of the one language it shows (src/client/lib/i18n.ts): the first
 * ones (texts-<language>) asked for by the entry script, a page's own (texts-<language>-<namespace>)
 * with its code, and another language's only when a person switches to it.
 */

const suite = withServerAndBrowser();

/** The texts chunks the page has asked for so far, in order: `sv` for the first ones, `sv report` for a page's. */
function textDownloads(page: Page): string[] {
  const downloads: string[] = [];
  page.on('request', (request) => {
    const chunk = /\/assets\/texts-(fi|sv|en)(?:-([a-z-]+?))?-[\w-]{8}\.js$/.exec(new URL(request.url()).pathname);
    if (chunk) downloads.push(chunk[2] ? `${chunk[1]} ${chunk[2]}` : chunk[1]!);
  });
  return downloads;
}

/** The languages of those downloads, each once, in the order first asked for. */
const languagesOf = (downloads: string[]) => [...new Set(downloads.map((download) => download.split(' ')[0]))];

/** Records every text the page's heading shows, from the first byte: a render without its texts would show a key. */
async function recordHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { headings: string[] }).headings = seen;
    new MutationObserver(() => {
      const text = document.querySelector('main h1')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const headings = (page: Page) => page.evaluate(() => (window as unknown as { headings: string[] }).headings);

/**
 * Records, from the first byte, the first text the page's heading and skip link ever showed: a
 * render before the texts were there would show a key (map.title) or nothing.
 */
async function recordFirstTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const first: Record<string, string> = {};
    (window as unknown as { firstTexts: Record<string, string> }).firstTexts = first;
    new MutationObserver(() => {
      for (const [name, selector] of [['heading', 'main h1'], ['skipLink', '.skip-link']] as const) {
        const text = document.querySelector(selector)?.textContent;
        if (first[name] === undefined && text) first[name] = text;
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

const firstTexts = (page: Page) => page.evaluate(() => (window as unknown as { firstTexts: Record<string, string> }).firstTexts);

describe('UI texts: only the language shown is downloaded', () => {
  it('a Swedish browser gets Swedish at the first render, without the Finnish or English texts', async () => {
    // Which texts download does not depend on the width: one load on a phone, then widened.
    const opened = await openPage(suite.browser, { locale: 'sv-FI', viewport: mobile });
    const { page } = opened;
    const downloads = textDownloads(page);
    await recordFirstTexts(page);
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Anmälda problem på kartan' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    expect(await firstTexts(page)).toEqual({ heading: 'Anmälda problem på kartan', skipLink: 'Hoppa till huvudinnehållet' });
    await page.locator('.requests-summary__count[data-count]').waitFor({ timeout: 30_000 });
    // The first texts first; then only Swedish ones (the map's and panels' as they load).
    expect(downloads[0]).toBe('sv');
    expect(languagesOf(downloads)).toEqual(['sv']);
    await screenshot(page, `language-texts-sv-first-${mobile.width}`);
    await expectNoAxeViolations(page);
    await expectLaidOutAt(page, desktop, page.getByRole('banner').getByRole('button', { name: 'Svenska' }));
    expect(languagesOf(downloads)).toEqual(['sv']);
    await screenshot(page, `language-texts-sv-first-${desktop.width}`);
    await expectCleanRunThenClose(opened);
  });

  it('downloads another language when a person switches to it, on / and on /report, and never shows a key', async () => {
    const opened = await openPage(suite.browser);
    const { page } = opened;
    const downloads = textDownloads(page);
    await recordHeadings(page);
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();
    expect(languagesOf(downloads)).toEqual(['en']);

    await page.getByRole('banner').getByRole('button', { name: 'Suomi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('fi');
    await page.getByRole('link', { name: 'Siirry pääsisältöön' }).waitFor({ state: 'attached' });
    expect(languagesOf(downloads)).toEqual(['en', 'fi']);

    // A page with texts of its own (report.json) downloads them in the UI language with its code,
    // and in the next language before the page switches.
    await page.getByRole('banner').getByRole('link', { name: 'Ilmoita ongelmasta' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ilmoita ongelmasta' }).waitFor();
    expect(downloads).toContain('fi report');
    expect(downloads).not.toContain('en report');
    await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anmäl ett problem' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    expect(languagesOf(downloads)).toEqual(['en', 'fi', 'sv']);
    expect(downloads).toContain('sv report');
    // Back to the first language: only what it lacks (this page's own texts, asked for in Finnish).
    const before = downloads.length;
    await page.getByRole('banner').getByRole('button', { name: 'English' }).click();
    await page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
    const added = downloads.slice(before);
    expect(added).toContain('en report');
    expect(languagesOf(added)).toEqual(['en']);
    expect(added).not.toContain('en');
    // The heading only ever showed its texts: no key, no blank, between pages and languages.
    expect(await headings(page)).toEqual(['Reported problems on the map', 'Ilmoitetut ongelmat kartalla', 'Ilmoita ongelmasta', 'Anmäl ett problem', 'Report a problem']);
    await expectCleanRunThenClose(opened);

    // Opened directly on /report, in English, then switched.
    const direct = await openPage(suite.browser);
    const directDownloads = textDownloads(direct.page);
    await recordHeadings(direct.page);
    await direct.page.goto(`${suite.server.baseUrl}/report`);
    await direct.page.getByRole('heading', { level: 1, name: 'Report a problem' }).waitFor();
    expect(directDownloads[0]).toBe('en');
    expect(directDownloads).toContain('en report');
    await direct.page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
    await direct.page.getByRole('heading', { level: 1, name: 'Anmäl ett problem' }).waitFor();
    expect(languagesOf(directDownloads)).toEqual(['en', 'sv']);
    expect(directDownloads).toContain('sv report');
    expect(await headings(direct.page)).toEqual(['Report a problem', 'Anmäl ett problem']);
    await screenshot(direct.page, 'language-texts-report-sv');
    await expectCleanRunThenClose(direct);
  });

  it("says so in every language when the app's code or its texts cannot be downloaded, and trying again starts it", async () => {
    for (const [what, blocked] of [
      ['texts', /\/assets\/texts-en-[^/]*\.js$/],
      ['code', /\/assets\/main-[^/]*\.js$/],
    ] as const) {
      // One load on a phone; the note's place is checked there and again with the window widened.
      const opened = await openPage(suite.browser, { viewport: mobile });
      const { page, context } = opened;
      await context.route(blocked, (route) => route.abort('internetdisconnected'));
      await page.goto(`${suite.server.baseUrl}/`);
      const note = page.getByRole('alert').filter({ hasText: 'Kerro could not be loaded.' });
      await note.waitFor();
      expect(await note.textContent()).toContain('Kerroa ei voitu ladata.');
      expect(await note.textContent()).toContain('Kerro kunde inte laddas.');
      for (const viewport of [mobile, desktop]) {
        await page.setViewportSize(viewport);
        await nextFrames(page);
        // In the first screen and not under the map's first tiles.
        const placed = await page.evaluate(() => {
          const box = document.querySelector('.load-failure')!.getBoundingClientRect();
          return { bottom: box.bottom, onTop: document.elementFromPoint(box.x + 4, box.y + box.height / 2)?.closest('.load-failure') !== null };
        });
        expect(placed, what).toEqual({ bottom: expect.any(Number), onTop: true });
        expect(placed.bottom).toBeLessThan(viewport.height / 2);
        await screenshot(page, `load-failure-${what}-${viewport.width}`);
      }

      await context.unroute(blocked);
      await note.getByRole('link', { name: 'Try again · Yritä uudelleen · Försök igen' }).click();
      await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();
      expect(await page.locator('.load-failure').isVisible()).toBe(false);
      await context.close();
    }
  });

  it('stays whole in its language when the other language cannot be downloaded', async () => {
    const opened = await openPage(suite.browser);
    const { page, context } = opened;
    const finnishTexts = /\/assets\/texts-fi-/;
    await context.route(finnishTexts, (route) => route.abort('internetdisconnected'));
    await page.goto(`${suite.server.baseUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Reported problems on the map' }).waitFor();

    const failed = page.waitForEvent('requestfailed', (request) => request.url().includes('/texts-fi-'));
    await page.getByRole('banner').getByRole('button', { name: 'Suomi' }).click();
    await failed;
    // The failure has reached the app, and what it rendered of it is drawn, before looking.
    await nextFrames(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Reported problems on the map');
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.getByRole('banner').getByRole('button', { name: 'English' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('banner').getByRole('button', { name: 'Suomi' }).getAttribute('aria-pressed')).toBe('false');
    expect(await page.evaluate(() => localStorage.getItem('kerro.language'))).toBeNull();

    // Another language still switches.
    await page.getByRole('banner').getByRole('button', { name: 'Svenska' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anmälda problem på kartan' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('kerro.language'))).toBe('sv');
    // Back on the line, choosing it again tries again.
    await context.unroute(finnishTexts);
    await page.getByRole('banner').getByRole('button', { name: 'Suomi' }).click();
    await page.getByRole('heading', { level: 1, name: 'Ilmoitetut ongelmat kartalla' }).waitFor({ timeout: 5000 });
    await expectCleanRunThenClose(opened);
  });
});
