import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { homeMapFrame } from '../../src/server/map-frame';

/** The home page's first map view, from the same VITE_* settings the app is built with. */
const sources = (html: string) => [...html.matchAll(/<img class="map-preview__tile"[^>]* src="([^"]+)"/g)].map((match) => match[1]!);
/** The sources of one density's grid, of the two the page carries for a template without {r}. */
function gridSources(html: string, density: 'standard' | 'high'): string[] {
  const layers = [...html.matchAll(/<div class="map-preview__tiles map-preview__tiles--([a-z]+)-density"[^>]*>(.*?)<\/div>/g)];
  return sources(layers.find((layer) => layer[1] === density)![2]!);
}

describe('home map frame', () => {
  it('draws the configured centre and zoom (no closer than 12) from the configured template, with its credit', () => {
    const frame = homeMapFrame(
      loadConfig({
        VITE_MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}{r}.png',
        VITE_MAP_CENTER: '-33.8688,151.2093',
        VITE_MAP_ZOOM: '16',
        VITE_MAP_TILE_ATTRIBUTION: '&copy; Example Tiles',
      }),
    )('');
    const urls = sources(frame);
    expect(urls.length).toBeGreaterThan(0);
    // Sydney at zoom 12: tile x 3768, y 2458 is the one under the centre.
    expect(urls).toContain('https://b.tiles.example.org/12/3768/2458.png');
    expect(urls.every((url) => /^https:\/\/[abc]\.tiles\.example\.org\/12\/\d+\/\d+\.png$/.test(url))).toBe(true);
    expect(frame).toContain('srcset="https://b.tiles.example.org/12/3768/2458.png 1x, https://b.tiles.example.org/12/3768/2458@2x.png 2x"');
    expect(frame).toContain('<div class="map-preview__credit">&copy; Example Tiles</div>');
  });

  it("takes the URL's view, and ignores one the app would ignore; each screen density's grid (OpenStreetMap has no @2x tiles)", () => {
    const frame = homeMapFrame(loadConfig({}));
    expect(gridSources(frame('lat=60.16&long=24.95&zoom=15'), 'standard').every((url) => url.startsWith('https://tile.openstreetmap.org/15/'))).toBe(true);
    expect(gridSources(frame('lat=60.16&long=24.95&zoom=15'), 'high').every((url) => url.startsWith('https://tile.openstreetmap.org/16/'))).toBe(true);
    expect(sources(frame('lat=60.16&long=24.95&zoom=2'))).toEqual(sources(frame('')));
    expect(gridSources(frame(''), 'standard').every((url) => url.startsWith('https://tile.openstreetmap.org/12/'))).toBe(true);
    expect(gridSources(frame(''), 'high').every((url) => url.startsWith('https://tile.openstreetmap.org/13/'))).toBe(true);
  });

  it('draws no map for a link to the list, whose page hides the map', () => {
    const frame = homeMapFrame(loadConfig({}));
    expect(frame('view=list&lat=60.16&long=24.95&zoom=15')).toBe('');
    expect(sources(frame('view=map&lat=60.16&long=24.95&zoom=15')).length).toBeGreaterThan(0);
  });

  it('refuses a centre that is not "lat,long"', () => {
    expect(() => loadConfig({ VITE_MAP_CENTER: '60.17' })).toThrow(/VITE_MAP_CENTER/);
    expect(() => loadConfig({ VITE_MAP_CENTER: '95,24' })).toThrow(/VITE_MAP_CENTER/);
    expect(() => loadConfig({ VITE_MAP_ZOOM: '25' })).toThrow(/VITE_MAP_ZOOM/);
  });
});
