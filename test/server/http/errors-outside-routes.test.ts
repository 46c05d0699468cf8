/**
 * Errors answered before any route runs, in the error shape of the API the path belongs to:
 * requests Node's HTTP parser refuses (a URL over the header limit, a bad or doubled
 * Content-Length) and requests arriving while the server shuts down. Raw sockets against a
 * listening server, since none of these can be made with app.inject().
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/georeport-app';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends `bytes` on a fresh connection and reads the answer until the server closes it. */
function rawRequest(port: number, bytes: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', () => undefined); // the server may close before reading all we wrote
    socket.once('close', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1]);
      if (!status) return reject(new Error(`no HTTP answer: ${JSON.stringify(received.slice(0, 200))}`));
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status, headers, body: rest.join('\r\n\r\n') });
    });
  });
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: localhost\r\n\r\n`;
const longQuery = `?q=${'a'.repeat(20_000)}`;

/** What each API's error says: GeoReport records (JSON, XML), counters' detail, Pelias' envelope, moderation's error. */
function expectApiError(answer: RawAnswer, api: 'georeport-json' | 'georeport-xml' | 'counters' | 'geocoding' | 'moderation', status: number, text: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.body).not.toContain('"statusCode"');
  switch (api) {
    case 'georeport-json': {
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      const records = JSON.parse(answer.body) as { code: number; description: string }[];
      expect(records).toEqual([{ code: status, description: expect.stringMatching(text) }]);
      break;
    }
    case 'georeport-xml':
      expect(answer.headers['content-type']).toMatch(/^text\/xml|^application\/xml/);
      expect(answer.body).toContain(`<errors><error><code>${status}</code><description>`);
      expect(answer.body).toMatch(text);
      break;
    case 'counters':
      expect(JSON.parse(answer.body)).toEqual({ detail: expect.stringMatching(text) });
      break;
    case 'geocoding': {
      const envelope = JSON.parse(answer.body) as { type: string; features: unknown[]; geocoding: { errors: string[] } };
      expect(envelope.type).toBe('FeatureCollection');
      expect(envelope.features).toEqual([]);
      expect(envelope.geocoding.errors).toEqual([expect.stringMatching(text)]);
      break;
    }
    case 'moderation':
      expect(JSON.parse(answer.body)).toMatchObject({ error: { message: expect.stringMatching(text) } });
      break;
  }
}

describe('requests the HTTP parser refuses', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({}, { listen: true });
    port = Number(new URL(t.baseUrl).port);
  });
  afterAll(() => t.close());

  it.each([
    ['/open311/v1/requests.xml', 'georeport-xml'],
    ['/open311/v1/requests.json', 'georeport-json'],
    ['/proxy/open311/v1/requests.json', 'georeport-json'],
    ['/api/counters/', 'counters'],
    ['/api/observations/', 'counters'],
    ['/proxy/counters/', 'counters'],
    ['/geocoding/v1/search', 'geocoding'],
    ['/proxy/geocoding/v1/search', 'geocoding'],
  ] as const)('answers a URL over the header limit on %s with 431 in its API format', async (path, api) => {
    const answer = await rawRequest(port, get(path + longQuery));
    expectApiError(answer, api, 431, /over 16384 bytes; shorten the URL/);
    expect(answer.headers.connection).toBe('close');
  });

  const post = (path: string, contentLength: string[], body: string) =>
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n` +
    contentLength.map((value) => `Content-Length: ${value}\r\n`).join('') +
    `\r\n${body}`;

  it.each([
    ['not a number', ['abc']],
    ['doubled, differing', ['3', '4']],
    ['doubled, the same', ['4', '4']],
  ])('answers a Content-Length %s with 400 in the API format of the path', async (_case, contentLength) => {
    const message = /Content-Length must be one whole number of bytes, sent once/;
    expectApiError(await rawRequest(port, post('/open311/v1/requests.xml', contentLength, 'a=bc')), 'georeport-xml', 400, message);
    expectApiError(await rawRequest(port, post('/proxy/open311/v1/requests.json', contentLength, 'a=bc')), 'georeport-json', 400, message);
    expectApiError(await rawRequest(port, post('/proxy/counters/', contentLength, 'a=bc')), 'counters', 400, message);
    expectApiError(await rawRequest(port, post('/proxy/geocoding/v1/search', contentLength, 'a=bc')), 'geocoding', 400, message);
    expectApiError(await rawRequest(port, post('/moderation/api/session', contentLength, 'a=bc')), 'moderation', 400, message);
  });

  it.each([
    ['/open311/v1/services.xml', 'georeport-xml'],
    ['/proxy/counters/', 'counters'],
    ['/moderation/api/queue', 'moderation'],
  ] as const)('answers an HTTP/1.1 request without Host on %s with 400 in its API format and the security headers', async (path, api) => {
    const answer = await rawRequest(port, `GET ${path} HTTP/1.1\r\nConnection: close\r\n\r\n`);
    expectApiError(answer, api, 400, /send a Host header: HTTP\/1\.1 requires one/);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['x-frame-options']).toBe('DENY');
    expect(answer.headers['content-security-policy']).toBeTruthy();
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('answers the web app\'s paths in plain text', async () => {
    const answer = await rawRequest(port, get(`/report${longQuery}`));
    expect(answer.status).toBe(431);
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    expect(answer.body).toMatch(/shorten the URL/);
  });
});

describe('a request arriving while the server shuts down', () => {
  it('is answered 503 with Retry-After in its API format, and its connection closed', async () => {
    const t = await createTestApp();
    // Holds the shutdown where the server has begun closing but still accepts connections.
    let closingBegan!: () => void;
    const began = new Promise<void>((resolve) => (closingBegan = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.app.addHook('preClose', async () => {
      closingBegan();
      await held;
    });
    const port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    expect((await rawRequest(port, `GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`)).status).toBe(200);

    const closed = t.app.close();
    await began;
    try {
      const cases = [
        ['/open311/v1/services.xml', 'georeport-xml'],
        ['/proxy/open311/v1/services.json', 'georeport-json'],
        ['/api/counters/', 'counters'],
        ['/proxy/counters/', 'counters'],
        ['/geocoding/v1/search?text=Mannerheimintie', 'geocoding'],
        ['/proxy/geocoding/v1/search?text=Mannerheimintie', 'geocoding'],
        ['/moderation/api/queue', 'moderation'],
      ] as const;
      for (const [path, api] of cases) {
        const answer = await rawRequest(port, get(path));
        expectApiError(answer, api, 503, /this server is shutting down; send the request again in 2 seconds/);
        expect(answer.headers['retry-after']).toBe('2');
        expect(answer.headers.connection).toBe('close');
      }
      const moderation = await rawRequest(port, get('/moderation/api/queue'));
      expect(JSON.parse(moderation.body).error.code).toBe('unavailable');
    } finally {
      release();
      await closed;
      await t.close();
    }
  });
});
