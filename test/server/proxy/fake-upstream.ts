import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** An independent HTTP server on loopback that answers with whatever a test tells it to. */
export async function startFakeUpstream(
  handle: (request: RecordedRequest, response: ServerResponse) => void,
): Promise<{ url: string; received: RecordedRequest[]; close: () => Promise<void> }> {
  const received: RecordedRequest[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const recorded = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks) };
      received.push(recorded);
      handle(recorded, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The counter service's own 404, as DRF writes it. */
export function answerNotFound(response: ServerResponse): void {
  response.writeHead(404, { 'content-type': 'application/json' });
  response.end('{"detail":"Not found."}');
}

export type FakeUpstream = Awaited<ReturnType<typeof startFakeUpstream>>;

/**
 * A fake counter service and an app whose COUNTERS_URL points at its /api/counters, for the tests
 * of the calling describe block; read the fields inside tests (they are set before all of them).
 */
export function useCountersUpstream(handle: (request: RecordedRequest, response: ServerResponse) => void): { upstream: FakeUpstream; t: TestApp } {
  const context = {} as { upstream: FakeUpstream; t: TestApp };
  beforeAll(async () => {
    context.upstream = await startFakeUpstream(handle);
    context.t = await createTestApp({ COUNTERS_URL: `${context.upstream.url}/api/counters` });
  });
  afterAll(async () => {
    await context.t.close();
    await context.upstream.close();
  });
  return context;
}
