import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** What Leaflet's zoom buttons and the map data's credit line say in each UI language. */
export const mapControlWords = {
  fi: { zoomIn: 'Lähennä', zoomOut: 'Loitonna', credit: /^© OpenStreetMap-tekijät$/ },
  sv: { zoomIn: 'Zooma in', zoomOut: 'Zooma ut', credit: /^© OpenStreetMap-bidragsgivare$/ },
  en: { zoomIn: 'Zoom in', zoomOut: 'Zoom out', credit: /^© OpenStreetMap contributors$/ },
} as const;

/**
 * The zoom buttons' titles and accessible names and the attribution are in the UI language;
 * the credit keeps its © and its link to OpenStreetMap's copyright page.
 */
export async function expectLocalizedMapControls(page: Page, mapSelector: string, language: keyof typeof mapControlWords): Promise<void> {
  const words = mapControlWords[language];
  const controls = await page.evaluate((css) => {
    const map = document.querySelector(css)!;
    const button = (which: string) => {
      const element = map.querySelector(`.leaflet-control-zoom-${which}`)!;
      return { title: element.getAttribute('title'), label: element.getAttribute('aria-label') };
    };
    const attribution = map.querySelector('.leaflet-control-attribution')!;
    // The credit line is what follows Leaflet's own prefix ("Leaflet | ").
    const text = attribution.textContent ?? '';
    const link = [...attribution.querySelectorAll('a')].find((anchor) => anchor.textContent === 'OpenStreetMap');
    return {
      zoomIn: button('in'),
      zoomOut: button('out'),
      credit: text.slice(text.indexOf('|') + 1).trim(),
      osmHref: link?.getAttribute('href') ?? null,
    };
  }, mapSelector);
  expect(controls.zoomIn).toEqual({ title: words.zoomIn, label: words.zoomIn });
  expect(controls.zoomOut).toEqual({ title: words.zoomOut, label: words.zoomOut });
  expect(controls.credit).toMatch(words.credit);
  expect(controls.osmHref).toBe('https://www.openstreetmap.org/copyright');
}

/** The zoom level of a Leaflet map, read from the tile level it shows (tile URLs carry it); NaN before tiles. */
export async function mapZoom(page: Page, mapSelector: string): Promise<number> {
  return page.evaluate((css) => {
    const levels = [...document.querySelectorAll<HTMLElement>(`${css} .leaflet-tile-container`)];
    const current = levels.sort((a, b) => Number(b.style.zIndex) - Number(a.style.zIndex))[0];
    const source = current?.querySelector('img')?.getAttribute('src') ?? '';
    const match = /\/(\d+)\/\d+\/\d+\.png/.exec(source);
    return match ? Number(match[1]) : NaN;
  }, mapSelector);
}
