import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { startMapServer, streetLightsOverWfs, type RunningMapServer } from '../helpers/mapserver';
import { adminCliAsync } from './admin-cli';
import { desktop, expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { chooseServiceType } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';

/**
 * The city's street lights on the report map (issue 42, item 2), from a real map service (Debian's
 * MapServer over WFS 2.0, test/helpers/mapserver.ts) through the server's asset layer route: the
 * demo's "Other issue to be fixed" (180) asks for a street light's pole number, which a light
 * chosen answers. Here what needs a browser: the lights drawn on the real map, a marker clicked,
 * layout and axe, and no request from the browser to the city's service.
 */
let mapServer: RunningMapServer;
beforeAll(async () => {
  mapServer = await startMapServer();
});
afterAll(() => mapServer?.stop());
const suite = withServerAndBrowser();
beforeAll(async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'kerro-e2e-assets-')), 'layers.json');
  writeFileSync(
    file,
    JSON.stringify({
      asset_layers: [
        {
          id: 'street-lights',
          ...streetLightsOverWfs(mapServer),
          id_property: 'lamp_id',
          show: ['street'],
          send: { pole_number: 'lamp_id' },
          service_codes: ['180'],
        },
      ],
    }),
  );
  await adminCliAsync(['assets', 'import', file], { DATA_DIR: suite.server.dataDir });
});

/** Hämeentie 34, among the fixture's three lights: the form opens there at the lights' zoom. */
const atTheLights = '/report?lat=60.1846&lon=24.9516';

describe('street lights on the report map', () => {
  for (const [size, viewport] of [['phone', mobile], ['desktop', desktop]] as const) {
    it(`are drawn once the type is chosen and one is chosen on the map, on a ${size}`, async () => {
      const opened = await openPage(suite.browser, { viewport });
      const { page } = opened;
      const cityService = new URL(mapServer.wfsUrl).origin;
      const askedOfTheCity: string[] = [];
      page.on('request', (request) => {
        if (request.url().startsWith(cityService)) askedOfTheCity.push(request.url());
      });
      await page.goto(`${suite.server.baseUrl}${atTheLights}`);
      await page.locator('.location-map .leaflet-container').waitFor();
      await chooseServiceType(page, 'Other', 'Other issue to be fixed');
      const lights = page.locator('.map-marker--asset');
      await expect.poll(() => lights.count()).toBe(3);
      await page.getByText('Street lights: choose the one this is about on the map, or from the nearest:').waitFor();

      // A click on a marker, as only a real map takes it; what the choice fills is the jsdom test's (client/report/report-assets).
      await page.locator('.map-marker--asset[title^="SL-1003"]').click();
      await page.getByText('Chosen: SL-1003 · Hämeentie 38').waitFor();
      await expect.poll(() => page.locator('.map-marker--asset.is-selected').getAttribute('title')).toMatch(/^SL-1003/);
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `report-assets-${size}`);
      // The lights came through Kerro's server: the browser never asked the city's service (nor saw its key).
      expect(askedOfTheCity).toEqual([]);
      expect(mapServer.requests.length).toBeGreaterThan(0);
      await expectCleanRunThenClose(opened);
    });
  }
});
