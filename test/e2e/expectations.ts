import type { Page } from 'playwright-core';
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
