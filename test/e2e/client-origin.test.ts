import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { expectCleanRunThenClose, openPage } from './browser-context';
import { withServerAndBrowser } from './suite-setup';

// No PUBLIC_BASE_URL: links must name the origin the browser used, not the loopback address the proxy calls.
const suite = withServerAndBrowser();

async function reportWithPhoto(origin: string): Promise<string> {
  const services = (await (await fetch(`${origin}/proxy/open311/v1/services.json?locale=en`)).json()) as ServiceType[];
  const body = new FormData();
  body.append('service_code', services[0]!.service_code);
  body.append('description', 'A broken bench by the fountain, slats missing.');
  body.append('lat', '60.17045');
  body.append('long', '24.94120');
  const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#5b8c5a' } }).jpeg().toBuffer();
  body.append('media[]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'bench.jpg');
  const response = await fetch(`${origin}/proxy/open311/v1/requests.json`, { method: 'POST', body });
  const created = (await response.json()) as { service_request_id: string }[];
  expect(response.status, JSON.stringify(created)).toBe(200);
  return created[0]!.service_request_id;
}

describe('the app opened at http://localhost:PORT (not the address the server listens on)', () => {
  it('shows the photo: its link names localhost, so the CSP lets it load', async () => {
    const origin = `http://localhost:${suite.server.port}`;
    const id = await reportWithPhoto(suite.server.baseUrl);
    const opened = await openPage(suite.browser);
    const response = await opened.page.goto(`${origin}/requests/${id}`);
    expect(response?.status()).toBe(200);
    const photo = opened.page.getByRole('img', { name: 'Photo 1 of 1 attached to the report' });
    await photo.waitFor();
    expect(await photo.getAttribute('src')).toMatch(new RegExp(`^${origin}/media/`));
    await expect.poll(() => photo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(320);
    await expectCleanRunThenClose(opened);
  });
});
