import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/**
 * The reference page of the page budgets (page-budgets.test.ts): a fixed amount of the work a
 * page's first load does — parse and run a library (Leaflet, as the lockfile pins it), build a map
 * of 400 markers and a table of 600 rows, style and lay them out — that nothing in Kerro changes.
 * Its main-thread CPU time, measured beside each page's, tells how fast the machine is at that
 * moment: the same commit measured 669 ms for `/` on one day's machine and 789 ms on the next
 * day's, with the reference moving alike. The budgets are ratios to it.
 *
 * Answered by the page's own route (no request reaches the server) on the server's origin, so its
 * renderer is the kind a Kerro page gets.
 */

const require = createRequire(import.meta.url);
const leafletScript = readFileSync(require.resolve('leaflet/dist/leaflet.js'), 'utf8');
const leafletStyles = readFileSync(require.resolve('leaflet/dist/leaflet.css'), 'utf8');
export const leafletVersion = (require('leaflet/package.json') as { version: string }).version;

export const referencePath = '/page-budget-reference/';

const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Reference</title>
<link rel="stylesheet" href="leaflet.css">
<style>#map{height:500px} table{border-collapse:collapse} td{padding:2px 6px;border:1px solid #ccc}</style>
<script src="leaflet.js"></script></head>
<body><h1>Reference page</h1><div id="map"></div><table><tbody id="rows"></tbody></table>
<script>
  const map = L.map('map', { zoomControl: true }).setView([60.17, 24.94], 13);
  for (let i = 0; i < 400; i += 1) {
    const icon = L.divIcon({ className: 'marker', html: '<span>' + i + '</span>', iconSize: [24, 24] });
    L.marker([60.14 + (i % 20) * 0.003, 24.9 + Math.floor(i / 20) * 0.004], { icon, title: 'Marker ' + i }).addTo(map);
  }
  const rows = document.getElementById('rows');
  for (let i = 0; i < 600; i += 1) {
    const row = rows.insertRow();
    for (let c = 0; c < 6; c += 1) row.insertCell().textContent = 'Row ' + i + ', cell ' + c;
  }
  document.body.dataset.ready = 'yes';
</script></body></html>`;

const files: Record<string, { body: string; contentType: string }> = {
  '': { body: html, contentType: 'text/html; charset=utf-8' },
  'leaflet.js': { body: leafletScript, contentType: 'text/javascript; charset=utf-8' },
  'leaflet.css': { body: leafletStyles, contentType: 'text/css; charset=utf-8' },
};

/** Answers the reference page and its two files in `page`; returns the page's URL on `origin`. */
export async function routeReferencePage(page: Page, origin: string): Promise<string> {
  const url = new URL(referencePath, origin).href;
  await page.route(`${url}**`, (route) => {
    const file = files[new URL(route.request().url()).pathname.slice(referencePath.length)];
    return file ? route.fulfill({ status: 200, contentType: file.contentType, body: file.body }) : route.fulfill({ status: 404, body: '' });
  });
  return url;
}

/** The reference page is usable once its script has built the map and the table, and they are painted. */
export async function referenceShown(page: Page): Promise<void> {
  await page.locator('body[data-ready="yes"]').waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, { timeout: 10_000 });
}
