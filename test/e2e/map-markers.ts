import type { Locator, Page } from 'playwright-core';

/**
 * A marker (by CSS selector) whose centre is inside the visible map, not in the overscan margin:
 * the one a person could click. Shared by the request map and the counters layer tests.
 */
export async function visibleMarker(page: Page, selector: string): Promise<Locator> {
  const key = await page.evaluate((css) => {
    const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
    for (const element of document.querySelectorAll<HTMLElement>(css)) {
      const box = element.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x > map.left + 20 && x < map.right - 20 && y > map.top + 20 && y < map.bottom - 20) return element.dataset.key ?? null;
    }
    return null;
  }, selector);
  if (!key) throw new Error(`no ${selector} inside the visible map`);
  return page.locator(`${selector}[data-key="${key}"]`);
}
