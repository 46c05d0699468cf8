import type { BrowserContext } from 'playwright-core';
import sharp from 'sharp';

/**
 * This machine has no internet, so the map's tile server is answered locally with one plain
 * 256-px PNG: panning still loads, decodes and draws a tile image per grid cell, as it would
 * with real tiles (only the network wait is missing).
 */
async function tilePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
    <rect width="256" height="256" fill="#eae6df"/>
    <path d="M0 96H256M0 200H256M64 0V256M170 0V256" stroke="#fff" stroke-width="9"/>
    <path d="M0 30C80 60 150 10 256 70" stroke="#f6d58e" stroke-width="12" fill="none"/>
    <rect x="90" y="120" width="60" height="50" fill="#c9dfb8"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Answers every tile request of the context (any *.tile.* host ending in .png) with the local tile. */
export async function serveLocalTiles(context: BrowserContext): Promise<void> {
  const body = await tilePng();
  await context.route(/tile\.[^/]+\/\d+\/\d+\/\d+\.png/, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body, headers: { 'cache-control': 'max-age=3600' } }),
  );
}
