/**
 * The map's first view as plain images: written into the page's HTML by the server, so the map's
 * imagery paints before any script runs (and without JavaScript); the app keeps this markup as the
 * map's placeholder (client/lib/frame-map.ts) until Leaflet's own tiles cover it — the same images
 * at the same places (tiles.ts). Positioned from the map box's centre, so it needs no screen size.
 *
 * Placed by the `hspace`/`vspace` attributes (img margins) from a corner a fixed 1280 px up and
 * left of the centre (styles/map-preview.css): the page's CSP admits no style attribute.
 */
import { defaultMapTileAttribution } from './map-defaults';
import type { MapView } from './map-view';
import { TILE_SIZE, standardTileGrid, tileGridAt, tileUrl, tilesAround, type TileGrid } from './tiles';

/** The corner the tiles are placed from, this far up and left of the centre (map-preview.css says the same). */
const ORIGIN_OFFSET = 5 * TILE_SIZE;

/**
 * Where the home page's map box lies (styles/map-first.css, mirrored by .map-frame in
 * map-preview.css): the whole width under 137px of bar and tabs on a phone, right of a 385px
 * column and under 124px on a wide screen (from 60em). A tile outside the box on this screen is
 * not fetched: its <source> gives a transparent pixel instead. `loading="lazy"` cannot do this:
 * Chromium fetches lazy images near the viewport even when their box clips them.
 */
const WIDE_FROM_PX = 960;
const NARROW_ABOVE_MAP_PX = 56 + 137;
const WIDE_LEFT_OF_MAP_PX = 385;
const WIDE_ABOVE_MAP_PX = 124;
const TRANSPARENT_PIXEL = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** The screens on which a tile lies wholly outside the map box: its nearest edge at least half the box's size from the centre. */
function outsideMapMedia(left: number, top: number, size: number): string | undefined {
  const dx = Math.max(left, -(left + size), 0);
  const dy = Math.max(top, -(top + size), 0);
  if (dx === 0 && dy === 0) return undefined; // always shown
  const narrow = `(max-width: ${WIDE_FROM_PX - 0.02}px) and ((max-width: ${2 * dx}px) or (max-height: ${2 * dy + NARROW_ABOVE_MAP_PX}px))`;
  const wide = `(min-width: ${WIDE_FROM_PX}px) and ((max-width: ${2 * dx + WIDE_LEFT_OF_MAP_PX}px) or (max-height: ${2 * dy + WIDE_ABOVE_MAP_PX}px))`;
  return `${narrow}, ${wide}`;
}

/**
 * The box the preview fills: half its width and height, and the screens on which a tile lies
 * wholly outside it (that tile gets a transparent stand-in there), when its size depends on the screen.
 */
export interface PreviewBox {
  halfWidth: number;
  halfHeight: number;
  outsideOn?: (left: number, top: number, size: number) => string | undefined;
}

/**
 * Which screens the preview is drawn for: one whose pixel density is known (a request's small map,
 * drawn in the browser), or any (the home page's HTML, written before the screen is known: it then
 * carries both grids, each shown and fetched only on its screens).
 */
export type PreviewScreens = { highDensity: boolean } | 'any';

/**
 * Leaflet's test for a high-density screen (devicePixelRatio > 1) as media queries, with the
 * -webkit- form Safari understood before 16. map-preview.css hides each grid's tiles by the same.
 */
const HIGH_DENSITY_MEDIA = '(min-resolution: 1.01dppx), (-webkit-min-device-pixel-ratio: 1.01)';
const STANDARD_DENSITY_MEDIA = '(max-resolution: 1dppx), (-webkit-max-device-pixel-ratio: 1)';

interface PreviewLayer {
  grid: TileGrid;
  /** The screens that do not show this grid, and the class map-preview.css hides it by there. */
  hiddenOn?: { media: string; className: string };
}

function previewLayers(template: string, zoom: number, screens: PreviewScreens): PreviewLayer[] {
  if (screens !== 'any') return [{ grid: tileGridAt(template, zoom, screens.highDensity) }];
  const highDensity = tileGridAt(template, zoom, true);
  if (highDensity === standardTileGrid) return [{ grid: standardTileGrid }];
  return [
    { grid: standardTileGrid, hiddenOn: { media: HIGH_DENSITY_MEDIA, className: 'map-preview__tiles--standard-density' } },
    { grid: highDensity, hiddenOn: { media: STANDARD_DENSITY_MEDIA, className: 'map-preview__tiles--high-density' } },
  ];
}

/** The home page's map, drawn by the server before it knows the screen: tiles for a wide desktop map (1600 × 1200), for screens of either density. */
export const homeMapBox: PreviewBox = { halfWidth: 800, halfHeight: 600, outsideOn: outsideMapMedia };

/** OpenStreetMap's credit without words, so it reads the same in every language of the page. */
export const NEUTRAL_OSM_CREDIT = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** The credit the preview shows: a configured one as it is, OpenStreetMap's default without its English word. */
export function previewCredit(configuredHtml: string | undefined): string {
  return configuredHtml && configuredHtml !== defaultMapTileAttribution ? configuredHtml : NEUTRAL_OSM_CREDIT;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The preview's HTML: the tiles that cover `box` in the grid Leaflet will use on the `screens`
 * (hidden from assistive technology: the live map has the label) and the tile provider's credit,
 * visible as on the live map. `attributionHtml` is the operator's configured credit, trusted as
 * Leaflet trusts it. Empty for a template Leaflet could not fill.
 */
export function mapPreviewHtml(view: MapView, template: string, attributionHtml: string, box: PreviewBox, screens: PreviewScreens): string {
  const layers: string[] = [];
  for (const { grid, hiddenOn } of previewLayers(template, view.zoom, screens)) {
    const images: string[] = [];
    for (const tile of tilesAround(view, box.halfWidth, box.halfHeight, grid)) {
      const src = tileUrl(template, tile, false);
      if (src === undefined) return '';
      // {r}: a high-density screen gets Leaflet's "@2x" image, so the cache serves Leaflet the same one.
      const retina = template.includes('{r}') ? tileUrl(template, tile, true) : undefined;
      // A transparent stand-in, not fetched, where this grid is not the screen's or the tile lies outside the box.
      const media = [hiddenOn?.media, box.outsideOn?.(tile.left, tile.top, tile.size)].filter(Boolean).join(', ');
      const image =
        `<img class="map-preview__tile" alt="" width="${tile.size}" height="${tile.size}"` +
        ` hspace="${tile.left + ORIGIN_OFFSET}" vspace="${tile.top + ORIGIN_OFFSET}"` +
        ` src="${escapeAttribute(src)}"` +
        (retina ? ` srcset="${escapeAttribute(src)} 1x, ${escapeAttribute(retina)} 2x"` : '') +
        '>';
      images.push(media ? `<picture><source media="${media}" srcset="${TRANSPARENT_PIXEL}">${image}</picture>` : image);
    }
    const className = hiddenOn ? `map-preview__tiles ${hiddenOn.className}` : 'map-preview__tiles';
    layers.push(`<div class="${className}" aria-hidden="true">${images.join('')}</div>`);
  }
  return `<div class="map-preview">${layers.join('')}<div class="map-preview__credit">${attributionHtml}</div></div>`;
}
