import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { describeViolations, runAxe } from '../helpers/browser';

/**
 * Checks that most e2e tests make on every page they show, written once. They live here, not in
 * test/helpers/browser.ts, because that file is imported by the browser benchmark and must not
 * pull in vitest.
 */

/** axe-core finds no WCAG A/AA or best-practice violation; the message lists any it finds. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const violations = await runAxe(page);
  expect(violations, describeViolations(violations)).toEqual([]);
}

/** The page is no wider than the window (on a phone, nothing to scroll sideways to). */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
}

/**
 * The page, already checked with axe at one size, laid out at another without loading it again:
 * the window resized, then no sideways scroll and the key element shown. Names, roles and
 * contrast are the same markup at both sizes, so one axe pass per page and language proves them;
 * what the other width can break is the layout.
 */
export async function expectLaidOutAt(page: Page, viewport: { width: number; height: number }, key: Locator): Promise<void> {
  await page.setViewportSize(viewport);
  // Two frames: the resize's layout and whatever the app rendered for it (a media query's hook).
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await expectNoHorizontalScroll(page);
  expect(await key.isVisible()).toBe(true);
}
