import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from '../helpers/browser';
import { startMapServer, type RunningMapServer } from '../helpers/mapserver';
import { adminCliAsync } from './admin-cli';
import { desktop, expectCleanRunThenClose, mobile, openPage } from './browser-context';
import { expectNoAxeViolations, expectNoHorizontalScroll } from './expectations';
import { chooseServiceType } from './report-flow-helpers';
import { withServerAndBrowser } from './suite-setup';

/**
 * The city's street lights on the report map (issue 42, item 2), from a real map service (Debian's
 * MapServer over WFS 2.0, test/helpers/mapserver.ts) through the server's asset layer route: the
 * demo's "Other issue to be fixed" (180) asks for a street light's pole number, which a light
 * chosen on the map or in the list under it answers. What the answer does after that is the
 * report questions' (report-questions e2e, server tests).
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
          names: { fi: 'Katuvalot', sv: 'Gatubelysning', en: 'Street lights' },
          source: { kind: 'wfs', url: mapServer.wfsUrl, type_name: 'street_lights', output_format: 'geojson' },
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
      await page.goto(`${suite.server.baseUrl}${atTheLights}`);
      await page.locator('.location-map .leaflet-container').waitFor();
      await chooseServiceType(page, 'Other', 'Other issue to be fixed');
      const lights = page.locator('.map-marker--asset');
      await expect.poll(() => lights.count()).toBe(3);
      await page.getByText('Street lights: choose the one this is about on the map, or from the nearest:').waitFor();

      await page.locator('.map-marker--asset[title^="SL-1003"]').click();
      await page.getByText('Chosen: SL-1003 · Hämeentie 38').waitFor();
      await expect.poll(() => page.locator('.map-marker--asset.is-selected').getAttribute('title')).toMatch(/^SL-1003/);
      expect(await page.getByRole('textbox', { name: /^If it is a street light: the pole number/ }).inputValue()).toBe('SL-1003');

      // The keyboard's way: the list under the map.
      await page.getByRole('button', { name: 'Choose SL-1002 · Hämeentie 34' }).click();
      expect(await page.getByRole('textbox', { name: /^If it is a street light: the pole number/ }).inputValue()).toBe('SL-1002');
      await expectNoHorizontalScroll(page);
      await expectNoAxeViolations(page);
      await screenshot(page, `report-assets-${size}`);
      // The key and the city's address stayed on the server.
      expect(mapServer.requests.length).toBeGreaterThan(0);
      await expectCleanRunThenClose(opened);
    });
  }
});
