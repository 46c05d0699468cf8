import { describe, expect, it } from 'vitest';
import { api, buildUrl, parseJson, request } from '../../src/client/lib/http-client';
import { jsonResponse, mockFetch } from './render-app';
import { rejectionOf } from './rejection';

const BOM = new Uint8Array([0xef, 0xbb, 0xbf]);

function bytesResponse(text: string, init: ResponseInit = {}, prefix = BOM): Response {
  const body = new Uint8Array([...prefix, ...new TextEncoder().encode(text)]);
  return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' }, ...init });
}

describe('http client', () => {
  it('parses JSON whose bytes start with a UTF-8 byte order mark', async () => {
    mockFetch(() => bytesResponse('[{"service_code":"172","service_name":"Ilkivalta"}]'));
    await expect(api.get('/proxy/open311/v1/services.json')).resolves.toEqual([
      { service_code: '172', service_name: 'Ilkivalta' },
    ]);
  });

  it('parses JSON text that still carries the byte order mark as a character', () => {
    expect(parseJson('\uFEFF{"ok":true}')).toEqual({ ok: true });
  });

  it('turns a GeoReport error array into an ApiError with the records', async () => {
    mockFetch(() =>
      jsonResponse([{ code: 400, description: 'service_code is required' }, { code: 400, description: 'lat is invalid' }], {
        status: 400,
      }),
    );
    const error = await rejectionOf(api.post('/proxy/open311/v1/requests.json', new URLSearchParams({ a: '1' })));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(400);
    expect(error.errors).toEqual([
      { code: 400, description: 'service_code is required' },
      { code: 400, description: 'lat is invalid' },
    ]);
    expect(error.message).toBe('service_code is required; lat is invalid');
  });

  it('reads a BOM-prefixed GeoReport error body too', async () => {
    mockFetch(() => bytesResponse('[{"code":404,"description":"not found"}]', { status: 404 }));
    const error = await rejectionOf(api.get('/proxy/open311/v1/requests/x.json'));
    expect(error.errors).toEqual([{ code: 404, description: 'not found' }]);
  });

  it('turns a {detail} body into an ApiError record with the HTTP status as code', async () => {
    mockFetch(() => jsonResponse({ detail: 'Invalid page.' }, { status: 404 }));
    const error = await rejectionOf(api.get('/proxy/counters/?page=99'));
    expect(error.status).toBe(404);
    expect(error.errors).toEqual([{ code: 404, description: 'Invalid page.' }]);
    expect(error.message).toBe('Invalid page.');
  });

  it('keeps the status when an error body is not JSON', async () => {
    mockFetch(() => new Response('<h1>Bad gateway</h1>', { status: 502, headers: { 'Content-Type': 'text/html' } }));
    const error = await rejectionOf(api.get('/proxy/open311/v1/services.json'));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(502);
    expect(error.errors).toEqual([]);
  });

  it('reports a lost connection as a network error with status 0', async () => {
    mockFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await rejectionOf(api.get('/proxy/open311/v1/services.json'));
    expect(error.kind).toBe('network');
    expect(error.status).toBe(0);
  });

  it('rejects a successful response that is not JSON', async () => {
    mockFetch(() => new Response('<html>portal login</html>', { status: 200, headers: { 'Content-Type': 'text/html' } }));
    const error = await rejectionOf(api.get('/proxy/open311/v1/services.json'));
    expect(error.kind).toBe('invalid-response');
  });

  it('resolves an empty body as undefined', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(api.delete('/moderation/api/requests/1')).resolves.toBeUndefined();
  });

  it('lets an abort through unchanged, so React Query can tell it from a failure', async () => {
    const controller = new AbortController();
    mockFetch((_url, init) => {
      controller.abort();
      return Promise.reject(init?.signal?.reason);
    });
    await expect(request('/x', { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('sends query parameters, Accept and JSON bodies', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true }));
    await api.post('/moderation/api/x', { note: 'ä' }, { query: { locale: 'fi', page: 2, skip: undefined, tag: ['a', 'b'] } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/moderation/api/x?locale=fi&page=2&tag=a&tag=b');
    const headers = new Headers(init?.headers);
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.get('content-type')).toBe('application/json');
    expect(init?.body).toBe('{"note":"ä"}');
    expect(init?.method).toBe('POST');
  });

  it('builds URLs that already have a query string', () => {
    expect(buildUrl('/a?x=1', { y: 'z w' })).toBe('/a?x=1&y=z+w');
    expect(buildUrl('/a', { y: null })).toBe('/a');
  });
});

