import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A request in flight when the server is asked to stop, from a client that keeps connections
 * alive (Node's own default agent does since Node 19): the answer must close its connection, or
 * the server waits for the client to hang up before it can exit.
 */
describe('closing with a keep-alive request in flight', () => {
  let t: TestApp | undefined;
  const agent = new Agent({ keepAlive: true });
  afterEach(async () => {
    agent.destroy();
    await t?.close();
  });

  it('answers it with Connection: close and finishes closing at once', async () => {
    t = await createTestApp({}, { listen: true });
    const body = 'service_code=001&description=' + 'x'.repeat(40) + '&lat=60.17&long=24.94&api_key=none';
    const request = httpRequest(`${t.baseUrl}/open311/v1/requests.json`, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(body.length) },
    });
    const answered = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      request.on('response', (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection }));
      });
      request.on('error', reject);
    });
    request.write(body.slice(0, 10));
    await sleep(100);

    const closing = t.app.close();
    const closedAt = (async () => {
      await closing;
      return Date.now();
    })();
    await sleep(100);
    request.end(body.slice(10));
    const answer = await answered;
    const answeredAt = Date.now();

    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.connection).toBe('close');
    // Fastify's own keep-alive timeout is 72 s; closing waits for no idle client.
    expect((await closedAt) - answeredAt).toBeLessThan(2000);
    t = undefined;
  });
});
