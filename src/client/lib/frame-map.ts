/**
 * The map preview the server wrote into the page's frame (src/server/map-frame.ts), taken as the
 * page starts, before the app's first render replaces the frame: the map's placeholder shows it
 * again, so the imagery stays in place until Leaflet's tiles (the same images, from the cache)
 * cover it. Kept as markup rather than drawn again here: the tile arithmetic stays on the server,
 * out of the first page's JavaScript. Only for the address it was made for.
 */
const taken =
  typeof document === 'undefined'
    ? undefined
    : { html: document.querySelector('#root .map-frame')?.innerHTML, address: location.pathname + location.search };

/** The frame's preview markup when `address` (path and query) is the one the page was loaded with. */
export function framePreview(address: string): string | undefined {
  return taken?.address === address ? taken.html : undefined;
}
