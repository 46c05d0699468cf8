import type { Page } from 'playwright-core';

/** Each tile image's box by its URL, for one CSS selector: the map previews' tests compare them with Leaflet's. */
export const boxesBySrc = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const boxes: Record<string, { x: number; y: number; width: number; height: number }> = {};
    for (const image of document.querySelectorAll<HTMLImageElement>(selector)) {
      const { x, y, width, height } = image.getBoundingClientRect();
      boxes[image.currentSrc || image.src] = { x, y, width, height };
    }
    return boxes;
  }, selector);
