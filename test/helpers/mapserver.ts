/**
 * A city's own map service for the tests (issue 42, item 2): Debian's MapServer 8 run as CGI, one
 * process per request as a web server would, serving test/fixtures/assets/city-assets.map over
 * WFS 2.0 and OGC API - Features. Installed by scripts/install-test-deps.sh. `requests` lists the
 * paths and queries it was asked, so a test can see what reached the city's service and what a
 * cache kept from it; `failWith` makes it answer every request with that status until cleared.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectRoot } from './project-root';

export const mapservPath = '/usr/lib/cgi-bin/mapserv';

export interface RunningMapServer {
  /** The WFS endpoint, as a city publishes it (`…?map=city`; a client adds SERVICE=WFS&…). */
  wfsUrl: string;
  /** The OGC API - Features landing page (`…/collections/street_lights/items` below it). */
  ogcApiUrl: string;
  requests: string[];
  /** Bytes of every answer body it sent: what the city's service would serve. */
  bytesServed(): number;
  failWith(status: number | undefined): void;
  stop(): Promise<void>;
}

/**
 * An asset layer's name and source for the map's street lights over WFS (the bench's, the e2e's
 * and the server test's layers differ in the rest: types, questions, what is shown).
 */
export const streetLightsOverWfs = (server: RunningMapServer) => ({
  names: { fi: 'Katuvalot', sv: 'Gatubelysning', en: 'Street lights' },
  source: { kind: 'wfs' as const, url: server.wfsUrl, type_name: 'street_lights', output_format: 'geojson' },
});

/** `mapfile`: another map than the fixture's (the bench's denser layer). */
export async function startMapServer(mapfile = join(projectRoot, 'test/fixtures/assets/city-assets.map')): Promise<RunningMapServer> {
  const dir = mkdtempSync(join(tmpdir(), 'kerro-mapserver-'));
  const config = join(dir, 'mapserver.conf');
  // MapServer 8 reads maps only by the aliases its config file names.
  writeFileSync(config, `CONFIG\n  MAPS\n    city "${mapfile}"\n  END\nEND\n`);
  const requests: string[] = [];
  let bytes = 0;
  let failure: number | undefined;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    requests.push(`${url.pathname}${url.search}`);
    if (failure !== undefined) {
      response.writeHead(failure, { 'content-type': 'text/plain' }).end('the map service is down');
      return;
    }
    const address = server.address() as AddressInfo;
    const child = spawn(mapservPath, [], {
      env: {
        MAPSERVER_CONFIG_FILE: config,
        REQUEST_METHOD: request.method ?? 'GET',
        QUERY_STRING: url.search.slice(1),
        SCRIPT_NAME: '/mapserv',
        PATH_INFO: url.pathname.replace(/^\/mapserv/, ''),
        SERVER_NAME: '127.0.0.1',
        SERVER_PORT: String(address.port),
      },
    });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('close', () => {
      // A CGI answer: header lines, a blank line, the body.
      const output = Buffer.concat(chunks);
      const end = output.indexOf('\r\n\r\n') >= 0 ? output.indexOf('\r\n\r\n') : output.indexOf('\n\n');
      const separator = output.indexOf('\r\n\r\n') >= 0 ? 4 : 2;
      const headers: Record<string, string> = {};
      let status = 200;
      for (const line of output.subarray(0, Math.max(end, 0)).toString('utf8').split(/\r?\n/)) {
        const colon = line.indexOf(':');
        if (colon < 0) continue;
        const name = line.slice(0, colon).trim().toLowerCase();
        const value = line.slice(colon + 1).trim();
        if (name === 'status') status = Number.parseInt(value, 10);
        else headers[name] = value;
      }
      const body = end < 0 ? Buffer.from('mapserv gave no answer') : output.subarray(end + separator);
      bytes += body.length;
      response.writeHead(end < 0 ? 502 : status, headers).end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    wfsUrl: `http://127.0.0.1:${port}/mapserv?map=city`,
    ogcApiUrl: `http://127.0.0.1:${port}/mapserv/city/ogcapi`,
    requests,
    bytesServed: () => bytes,
    failWith: (status) => {
      failure = status;
    },
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
