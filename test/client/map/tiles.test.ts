import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { tileLayerOptions } from '../../../src/client/components/map/tile-layer-options';
import { homeMapBox, mapPreviewHtml } from '../../../src/shared/map/map-preview';
import { highDensityTileGrid, tileUrl, tilesAround, worldPixel } from '../../../src/shared/map/tiles';

/** The shared tile arithmetic (what the server writes into the page) against Leaflet's own answers. */
const views = [
  { lat: 60.1699, long: 24.9384, zoom: 12 },
  { lat: 60.1699, long: 24.9384, zoom: 14 },
  { lat: -33.8688, long: 151.2093, zoom: 17 },
  { lat: 84.9, long: -179.99, zoom: 3 },
  { lat: 0, long: 0, zoom: 19 },
];

/** A Leaflet map of the view in a container of the given size (jsdom has no layout: the size is given as Leaflet reads it). */
function leafletMapAt(view: (typeof views)[number], width = 640, height = 480): L.Map {
  const container = document.createElement('div');
  Object.defineProperty(container, 'clientWidth', { value: width });
  Object.defineProperty(container, 'clientHeight', { value: height });
  document.body.append(container);
  return L.map(container, { center: [view.lat, view.long], zoom: view.zoom, maxZoom: 19, zoomAnimation: false, fadeAnimation: false });
}

describe('shared tile arithmetic', () => {
  it('projects as L.CRS.EPSG3857', () => {
    for (const view of views) {
      const leaflet = L.CRS.EPSG3857.latLngToPoint(L.latLng(view.lat, view.long), view.zoom);
      const ours = worldPixel(view.lat, view.long, view.zoom);
      expect(ours.x).toBeCloseTo(leaflet.x, 6);
      expect(ours.y).toBeCloseTo(leaflet.y, 6);
    }
  });

  it('places and names the tiles as a Leaflet map of an even size does', () => {
    for (const view of views) {
      const map = leafletMapAt(view);
      const layer = L.tileLayer('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', { maxZoom: 19 }).addTo(map);
      const origin = map.getPixelOrigin();
      const range = map.getPixelBounds();
      const leafletTiles = new Map<string, { left: number; top: number }>();
      for (let ty = Math.floor(range.min!.y / 256); ty * 256 < range.max!.y; ty += 1) {
        for (let tx = Math.floor(range.min!.x / 256); tx * 256 < range.max!.x; tx += 1) {
          if (ty < 0 || ty >= 2 ** view.zoom) continue;
          const coords = L.point(tx, ty) as L.Coords;
          coords.z = view.zoom;
          // Leaflet's URL for the (wrapped) tile, and its place from the map box's centre.
          const url = layer.getTileUrl((layer as unknown as { _wrapCoords(c: L.Coords): L.Coords })._wrapCoords(coords));
          leafletTiles.set(url, { left: tx * 256 - origin.x - 320, top: ty * 256 - origin.y - 240 });
        }
      }
      const ours = new Map(tilesAround(view, 320, 240).map((tile) => [tileUrl('https://{s}.tiles.example/{z}/{x}/{y}{r}.png', tile, L.Browser.retina)!, { left: tile.left, top: tile.top }]));
      expect(ours).toEqual(leafletTiles);
      map.remove();
      map.getContainer().remove();
    }
  });

  it('leaves a template Leaflet could not fill without a preview', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}/{style}.png', { x: 1, y: 2, z: 3 }, false)).toBeUndefined();
    expect(mapPreviewHtml(views[0]!, 'https://tiles.example/{z}/{x}/{y}/{style}.png', '', homeMapBox, 'any')).toBe('');
  });

  it('gives tiles that can lie outside the map box a transparent stand-in on the screens where they do', () => {
    const html = mapPreviewHtml(views[0]!, 'https://tile.example/{z}/{x}/{y}.png', '', homeMapBox, { highDensity: false });
    const always = html.match(/<img class="map-preview__tile"[^>]*>(?!<\/picture>)/g) ?? [];
    const someScreens = html.match(/<picture><source media="[^"]+" srcset="data:image\/gif[^"]+">/g) ?? [];
    // The tiles under the centre (up to 2 × 2) show on every screen; the rest only where the box reaches them.
    expect(always.length).toBeGreaterThanOrEqual(1);
    expect(always.length).toBeLessThanOrEqual(4);
    expect(always.length + someScreens.length).toBe(html.match(/<img /g)!.length);
  });

  it("for a box of known size (a request's small map), draws exactly the tiles Leaflet loads for it, with no stand-ins, on either screen", () => {
    const template = 'https://{s}.tiles.example/{z}/{x}/{y}.png';
    for (const highDensity of [false, true]) {
      for (const [width, height] of [
        [358, 268],
        [383, 287],
        [256, 192],
      ] as const) {
        for (const view of views) {
          const map = leafletMapAt(view, width, height);
          const layer = L.tileLayer(template, tileLayerOptions(template, 19, highDensity)).addTo(map);
          const leafletTiles = Object.values((layer as unknown as { _tiles: Record<string, { el: HTMLImageElement }> })._tiles).map((tile) => tile.el);
          expect(leafletTiles.length).toBeGreaterThan(0);
          const html = mapPreviewHtml(view, template, '', { halfWidth: width / 2, halfHeight: height / 2 }, { highDensity });
          const previewSources = [...html.matchAll(/<img class="map-preview__tile"[^>]* src="([^"]+)"/g)].map((match) => match[1]);
          const where = `${width}×${height} at ${JSON.stringify(view)}${highDensity ? ', high density' : ''}`;
          expect(previewSources.sort(), where).toEqual(leafletTiles.map((tile) => tile.src).sort());
          expect(html).not.toContain('<picture>');
          // Shown at the layer's tile size (below the server's last zoom, 128 px on a high-density screen).
          const size = highDensity && view.zoom < 19 ? 128 : 256;
          expect(html.match(/width="(\d+)"/g)!.every((attribute) => attribute === `width="${size}"`), where).toBe(true);
          map.remove();
          map.getContainer().remove();
        }
      }
    }
  });

  it('on a high-density screen lays 128-pixel tiles from one zoom further in, as Leaflet with detectRetina, and the closest zoom still has tiles', () => {
    const template = 'https://tile.example/{z}/{x}/{y}.png';
    const options = tileLayerOptions(template, 19, true);
    expect(options).toEqual({ maxZoom: 19, tileSize: 128, zoomOffset: 1, maxNativeZoom: 18 });
    // A template with its own @2x images keeps the standard grid: Leaflet fills {r} in instead.
    expect(tileLayerOptions('https://tile.example/{z}/{x}/{y}{r}.png', 19, true)).toEqual({ maxZoom: 19 });
    expect(tileLayerOptions(template, 19, false)).toEqual({ maxZoom: 19 });
    for (const view of views) {
      const map = leafletMapAt(view);
      const layer = L.tileLayer(template, options).addTo(map);
      const urls = Object.values((layer as unknown as { _tiles: Record<string, { el: HTMLImageElement }> })._tiles).map((tile) => tile.el.src);
      expect(urls.length, JSON.stringify(view)).toBeGreaterThan(0);
      // The tile server's zooms only: one further in below its last, its last at the closest.
      expect(urls.every((url) => url.includes(`/${Math.min(view.zoom + 1, 19)}/`)), JSON.stringify(view)).toBe(true);
      if (view.zoom < 19) {
        const ours = tilesAround(view, 320, 240, highDensityTileGrid).map((tile) => tileUrl(template, tile, false));
        expect(ours.sort()).toEqual(urls.sort());
      }
      map.remove();
      map.getContainer().remove();
    }
  });

  it('writes both grids into the home page for a screen it does not know, each replaced by a stand-in on the other screens', () => {
    const html = mapPreviewHtml(views[1]!, 'https://tile.example/{z}/{x}/{y}.png', '', homeMapBox, 'any');
    const layers = [...html.matchAll(/<div class="map-preview__tiles ([^"]+)" aria-hidden="true">(.*?)<\/div>/g)].map((match) => ({ className: match[1], images: match[2]! }));
    expect(layers.map((layer) => layer.className)).toEqual(['map-preview__tiles--standard-density', 'map-preview__tiles--high-density']);
    const [standard, high] = layers;
    expect(standard!.images.match(/<img [^>]*>/g)!.every((image) => image.includes('width="256"') && image.includes('/14/'))).toBe(true);
    expect(high!.images.match(/<img [^>]*>/g)!.every((image) => image.includes('width="128"') && image.includes('/15/'))).toBe(true);
    // Every image of each grid has a stand-in on the other density's screens.
    const images = (layer: { images: string }) => layer.images.match(/<img /g)!.length;
    expect(standard!.images.match(/<source media="\(min-resolution: 1\.01dppx\), \(-webkit-min-device-pixel-ratio: 1\.01\)[^"]*"/g)).toHaveLength(images(standard!));
    expect(high!.images.match(/<source media="\(max-resolution: 1dppx\), \(-webkit-max-device-pixel-ratio: 1\)[^"]*"/g)).toHaveLength(images(high!));
    // A template with its own @2x images, or the server's last zoom: one grid for every screen.
    expect(mapPreviewHtml(views[1]!, 'https://tile.example/{z}/{x}/{y}{r}.png', '', homeMapBox, 'any')).not.toContain('density');
    expect(mapPreviewHtml(views[4]!, 'https://tile.example/{z}/{x}/{y}.png', '', homeMapBox, 'any')).not.toContain('density');
  });
});
