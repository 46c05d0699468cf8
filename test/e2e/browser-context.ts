import type { Browser, BrowserContext, BrowserContextOptions, Page, Route } from 'playwright-core';
import { expect } from 'vitest';
import { collectCspViolations, describeCspViolations, type CspViolation } from '../helpers/csp';

/**
 * How the e2e tests open a page, written once: a fresh browser context that records CSP
 * violations and uncaught page errors from the first byte, with map tiles kept off the internet
 * (this machine has none, and a test must not depend on it).
 */

export const desktop = { width: 1280, height: 900 };
export const mobile = { width: 390, height: 844 };

/** The residents' time zone: dates must show in it, whatever the server's offset. */
export const helsinki = 'Europe/Helsinki';

const tileServer = /tile\.openstreetmap\.org/;

export interface OpenPageOptions extends BrowserContextOptions {
  /**
   * Map tile requests: failed at once as on a machine offline (the default), answered by a
   * handler (a local image lets the map draw), or left to the network for tests that never
   * routed them.
   */
  tiles?: 'offline' | 'network' | ((route: Route) => Promise<void>);
  /** Where uncaught page errors go: a file-wide list checked after each test, or by default this page's own. */
  pageErrors?: string[];
  /**
   * The app's service worker: blocked unless a test is about it (offline-app.test.ts). Every
   * other test is a first visit as a browser without it makes one, and Playwright's routes do not
   * see the requests a service worker answers.
   */
  serviceWorkers?: 'allow' | 'block';
}

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  cspViolations: () => Promise<CspViolation[]>;
  pageErrors: string[];
}

/** A new context (desktop size and British English unless the options say otherwise) with one page in it. */
export async function openPage(
  browser: Browser,
  { tiles = 'offline', pageErrors = [], serviceWorkers = 'block', ...contextOptions }: OpenPageOptions = {},
): Promise<OpenedPage> {
  const context = await browser.newContext({ viewport: desktop, locale: 'en-GB', serviceWorkers, ...contextOptions });
  const cspViolations = await collectCspViolations(context);
  if (tiles === 'offline') await context.route(tileServer, (route) => route.abort('internetdisconnected'));
  else if (tiles !== 'network') await context.route(tileServer, tiles);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, cspViolations, pageErrors };
}

/** Every page the context showed ran under the CSP without a single violation and threw nothing; then it closes. */
export async function expectCleanRunThenClose({ context, cspViolations, pageErrors }: OpenedPage): Promise<void> {
  const violations = await cspViolations();
  expect(violations, describeCspViolations(violations)).toEqual([]);
  expect(pageErrors).toEqual([]);
  await context.close();
}

/** Resolves once the page has drawn two more frames: what an input it handled set off (a React render) is on screen. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
