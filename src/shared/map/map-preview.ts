/**
 * The map's first view as plain images: written into the page's HTML by the server, so the map's
 * imagery paints before any script runs (and without JavaScript), and rendered again by the app
 * as the map's placeholder until Leaflet's own tiles cover it — the same images at the same places
 * (tiles.ts). Positioned from the map box's centre, so it needs no screen size.
 *
 * Placed by the `hspace`/`vspace` attributes (img margins) from a corner a fixed 1280 px up and
 * left of the centre (styles/map-preview.css): the page's CSP admits no style attribute.
 */
import type { MapView } from './map-view';
import { TILE_SIZE, tileUrl, tilesAround } from './tiles';

/** The corner the tiles are placed from, this far up and left of the centre (map-preview.css says the same). */
const ORIGIN_OFFSET = 5 * TILE_SIZE;
/** Tiles that fill a wide desktop map (1600 × 1200); beyond a phone's map (see EAGER_*) they load lazily. */
const HALF_WIDTH = 800;
const HALF_HEIGHT = 600;
/** A phone's map box (390 × 651 at 390 × 844, up to 430 × 760): its tiles load at once. */
const EAGER_HALF_WIDTH = 215;
const EAGER_HALF_HEIGHT = 380;

/** OpenStreetMap's credit without words, so it reads the same in every language of the page. */
export const NEUTRAL_OSM_CREDIT = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

/** The credit the preview shows: a configured one as it is, OpenStreetMap's default without its English word. */
export function previewCredit(configuredHtml: string | undefined, defaultHtml: string): string {
  return configuredHtml && configuredHtml !== defaultHtml ? configuredHtml : NEUTRAL_OSM_CREDIT;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The preview's HTML: the tiles (hidden from assistive technology: the live map has the label) and
 * the tile provider's credit, visible as on the live map. `attributionHtml` is the operator's
 * configured credit, trusted as Leaflet trusts it. Empty for a template Leaflet could not fill.
 */
export function mapPreviewHtml(view: MapView, template: string, attributionHtml: string): string {
  const images: string[] = [];
  for (const tile of tilesAround(view, HALF_WIDTH, HALF_HEIGHT)) {
    const src = tileUrl(template, tile, false);
    if (src === undefined) return '';
    // {r}: a high-density screen gets Leaflet's "@2x" image, so the cache serves Leaflet the same one.
    const retina = template.includes('{r}') ? tileUrl(template, tile, true) : undefined;
    const eager =
      tile.left < EAGER_HALF_WIDTH && tile.left + TILE_SIZE > -EAGER_HALF_WIDTH && tile.top < EAGER_HALF_HEIGHT && tile.top + TILE_SIZE > -EAGER_HALF_HEIGHT;
    images.push(
      `<img class="map-preview__tile" alt="" width="${TILE_SIZE}" height="${TILE_SIZE}"` +
        ` hspace="${tile.left + ORIGIN_OFFSET}" vspace="${tile.top + ORIGIN_OFFSET}"` +
        (eager ? '' : ' loading="lazy"') +
        ` src="${escapeAttribute(src)}"` +
        (retina ? ` srcset="${escapeAttribute(src)} 1x, ${escapeAttribute(retina)} 2x"` : '') +
        '>',
    );
  }
  return (
    `<div class="map-preview"><div class="map-preview__tiles" aria-hidden="true">${images.join('')}</div>` +
    `<div class="map-preview__credit">${attributionHtml}</div></div>`
  );
}
