import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import { homeMapBox, mapPreviewHtml } from '../../../src/shared/map/map-preview';
import { tileUrl, tilesAround, worldPixel } from '../../../src/shared/map/tiles';

/** The shared tile arithmetic (what the server writes into the page) against Leaflet's own answers. */
const views = [
  { lat: 60.1699, long: 24.9384, zoom: 12 },
  { lat: 60.1699, long: 24.9384, zoom: 14 },
  { lat: -33.8688, long: 151.2093, zoom: 17 },
  { lat: 84.9, long: -179.99, zoom: 3 },
  { lat: 0, long: 0, zoom: 19 },
];

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
      const container = document.createElement('div');
      // jsdom has no layout: the map's size is given as Leaflet reads it.
      Object.defineProperty(container, 'clientWidth', { value: 640 });
      Object.defineProperty(container, 'clientHeight', { value: 480 });
      document.body.append(container);
      const map = L.map(container, { center: [view.lat, view.long], zoom: view.zoom, maxZoom: 19, zoomAnimation: false, fadeAnimation: false });
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
      container.remove();
    }
  });

  it('leaves a template Leaflet could not fill without a preview', () => {
    expect(tileUrl('https://tiles.example/{z}/{x}/{y}/{style}.png', { x: 1, y: 2, z: 3 }, false)).toBeUndefined();
    expect(mapPreviewHtml(views[0]!, 'https://tiles.example/{z}/{x}/{y}/{style}.png', '', homeMapBox)).toBe('');
  });

  it('gives tiles that can lie outside the map box a transparent stand-in on the screens where they do', () => {
    const html = mapPreviewHtml(views[0]!, 'https://tile.example/{z}/{x}/{y}.png', '', homeMapBox);
    const always = html.match(/<img class="map-preview__tile"[^>]*>(?!<\/picture>)/g) ?? [];
    const someScreens = html.match(/<picture><source media="[^"]+" srcset="data:image\/gif[^"]+">/g) ?? [];
    // The tiles under the centre (up to 2 × 2) show on every screen; the rest only where the box reaches them.
    expect(always.length).toBeGreaterThanOrEqual(1);
    expect(always.length).toBeLessThanOrEqual(4);
    expect(always.length + someScreens.length).toBe(html.match(/<img /g)!.length);
  });

  it("for a box of known size (a request's small map), draws exactly the tiles Leaflet loads for it, with no stand-ins", () => {
    const template = 'https://{s}.tiles.example/{z}/{x}/{y}.png';
    for (const [width, height] of [
      [358, 268],
      [383, 287],
      [256, 192],
    ] as const) {
      for (const view of views) {
        const container = document.createElement('div');
        Object.defineProperty(container, 'clientWidth', { value: width });
        Object.defineProperty(container, 'clientHeight', { value: height });
        document.body.append(container);
        const map = L.map(container, { center: [view.lat, view.long], zoom: view.zoom, maxZoom: 19, zoomAnimation: false, fadeAnimation: false });
        const layer = L.tileLayer(template, { maxZoom: 19 }).addTo(map);
        const leafletSources = Object.values((layer as unknown as { _tiles: Record<string, { el: HTMLImageElement }> })._tiles).map((tile) => tile.el.src);
        expect(leafletSources.length).toBeGreaterThan(0);
        const html = mapPreviewHtml(view, template, '', { halfWidth: width / 2, halfHeight: height / 2 });
        const previewSources = [...html.matchAll(/<img class="map-preview__tile"[^>]* src="([^"]+)"/g)].map((match) => match[1]);
        expect(previewSources.sort(), `${width}×${height} at ${JSON.stringify(view)}`).toEqual(leafletSources.sort());
        expect(html).not.toContain('<picture>');
        map.remove();
        container.remove();
      }
    }
  });
});
