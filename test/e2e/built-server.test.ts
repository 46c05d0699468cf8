import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceType } from '../../src/shared/georeport/types';
import { startKerroServer, type KerroServer } from '../helpers/kerro-server';

/** What `npm start` runs: the server compiled by `npm run build:server`, on plain node without tsx. */
let server: KerroServer;

beforeAll(async () => {
  // dist-server is what `npm run build:server` wrote: the e2e globalSetup builds it when the source changed.
  server = await startKerroServer({ build: 'built' });
}, 120_000);
afterAll(() => server?.stop());

describe('the built server', () => {
  it('runs as plain JavaScript on node, no TypeScript loader', () => {
    const commandLine = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(commandLine.slice(1)).toEqual(['dist-server/server/main.js']);
    expect(commandLine.join(' ')).not.toMatch(/tsx/);
  });

  it('serves the web app, is ready, and takes a report with a photo through the proxy', async () => {
    const page = await fetch(`${server.baseUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<div id="root">/);
    expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);

    const services = (await (await fetch(`${server.baseUrl}/proxy/open311/v1/services.json`)).json()) as ServiceType[];
    const form = new FormData();
    for (const [name, value] of Object.entries({ service_code: services[0]!.service_code, description: 'A broken bench by the fountain, slats missing.', lat: '60.17045', long: '24.9412' })) form.append(name, value);
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#5b8c5a' } }).jpeg().toBuffer();
    form.append('media[]', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
    const created = await fetch(`${server.baseUrl}/proxy/open311/v1/requests.json`, { method: 'POST', body: form });
    expect(created.status).toBe(200);
    const id = ((await created.json()) as { service_request_id: string }[])[0]!.service_request_id;
    const [detail] = (await (await fetch(`${server.baseUrl}/proxy/open311/v1/requests/${id}.json`)).json()) as { media_url: string }[];
    const image = await fetch(detail!.media_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });
});
