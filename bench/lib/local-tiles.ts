/**
 * A stand-in for the public tile server, for browser benchmarks on a machine without internet:
 * without it every tile fails, Chromium logs each failure to the console and Lighthouse takes
 * best-practice points for it — a fault of the machine, not of the app. The app stays as built
 * (its tile URL, its CSP): Chromium is pointed at this process as its proxy, the proxy answers
 * CONNECT by tunnelling to a local HTTPS server with a throwaway self-signed certificate
 * (Chromium runs with --ignore-certificate-errors), and that server answers every path with one
 * 256×256 PNG of a real tile's weight. Loopback addresses bypass a proxy in Chromium, so the app's own server is
 * reached directly.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';

export interface LocalTiles {
  /** Chromium flags that send the tile requests here. */
  chromeFlags: string[];
  stop(): Promise<void>;
}

function selfSignedCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'kerro-bench-tiles-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=tiles.bench.invalid', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const listen = (server: { listen: (port: number, host: string, done: () => void) => unknown }) =>
  new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

export async function startLocalTiles(): Promise<LocalTiles> {
  // Grain in four colours: about 16 KiB, the weight of a real map tile, so on a throttled line the
  // tiles take their real share of the bandwidth (and are not too plain to count as a paint).
  const tile = await sharp({ create: { width: 256, height: 256, channels: 3, background: '#e8e4dc', noise: { type: 'gaussian', mean: 200, sigma: 20 } } })
    .png({ palette: true, colours: 4 })
    .toBuffer();
  const tiles = createHttpsServer(selfSignedCertificate(), (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400', 'access-control-allow-origin': '*' }).end(tile);
  });
  await listen(tiles);
  const tilesPort = (tiles.address() as AddressInfo).port;

  // Every CONNECT goes to the tile server, whatever host it names: nothing else may leave the machine.
  const proxy = createHttpServer((_request, response) => response.writeHead(502).end());
  proxy.on('connect', (_request, client, head) => {
    const upstream = connect(tilesPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    const close = () => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', close);
    client.on('error', close);
  });
  await listen(proxy);
  const proxyPort = (proxy.address() as AddressInfo).port;

  return {
    chromeFlags: [`--proxy-server=http://127.0.0.1:${proxyPort}`, '--ignore-certificate-errors'],
    stop: async () => {
      proxy.closeAllConnections();
      tiles.closeAllConnections();
      await Promise.all([new Promise((resolve) => proxy.close(resolve)), new Promise((resolve) => tiles.close(resolve))]);
    },
  };
}
