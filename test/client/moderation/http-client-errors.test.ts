import { describe, expect, it } from 'vitest';
import { api, parseRetryAfter } from '../../../src/client/lib/http-client';
import { jsonResponse, mockFetch } from '../render-app';
import { rejectionOf } from '../rejection';

describe('http client and the moderation API error shape', () => {
  it('reads {"error": {code, message}} as one record with the API code', async () => {
    mockFetch(() => jsonResponse({ error: { code: 'conflict', message: 'this request is already rejected' } }, { status: 409 }));
    const error = await rejectionOf(api.post('/moderation/api/requests/x/reject', {}));
    expect(error.status).toBe(409);
    expect(error.errors).toEqual([{ code: 'conflict', description: 'this request is already rejected' }]);
    expect(error.message).toBe('this request is already rejected');
  });

  it('reads field problems as one record per field, naming the field and its problem', async () => {
    mockFetch(() =>
      jsonResponse(
        {
          error: {
            code: 'invalid_input',
            message: 'title: title must not contain HTML tags or code; write plain text; description: too short',
            fields: [
              { field: 'title', message: 'title must not contain HTML tags or code; write plain text', code: 'html' },
              { field: 'description', message: 'description must be at least 10 characters: say what is wrong', code: 'too_short', limit: 10 },
              { field: 'limit', message: 'from an older server, without a code' },
            ],
          },
        },
        { status: 400 },
      ),
    );
    const error = await rejectionOf(api.patch('/moderation/api/requests/x', { title: '<b>' }));
    expect(error.errors).toEqual([
      { code: 'invalid_input', description: 'title must not contain HTML tags or code; write plain text', field: 'title', problem: { code: 'html' } },
      {
        code: 'invalid_input',
        description: 'description must be at least 10 characters: say what is wrong',
        field: 'description',
        problem: { code: 'too_short', limit: 10 },
      },
      { code: 'invalid_input', description: 'from an older server, without a code', field: 'limit' },
    ]);
  });

  it('keeps Retry-After (seconds) of a 429', async () => {
    mockFetch(() =>
      jsonResponse({ error: { code: 'too_many_attempts', message: 'try again in 900 seconds' } }, { status: 429, headers: { 'Retry-After': '900' } }),
    );
    const error = await rejectionOf(api.post('/moderation/api/session', { name: 'a', password: 'b' }));
    expect(error.retryAfterSeconds).toBe(900);
  });

  it('leaves retryAfterSeconds out when the header is missing', async () => {
    mockFetch(() => jsonResponse([{ code: 503, description: 'down' }], { status: 503 }));
    const error = await rejectionOf(api.get('/proxy/open311/v1/services.json'));
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter('Sun, 01 Mar 2026 10:05:00 GMT', now)).toBe(300);
    expect(parseRetryAfter('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('still reads Fastify\'s own {statusCode, error, message} by its message', async () => {
    mockFetch(() => jsonResponse({ statusCode: 400, error: 'Bad Request', message: 'body must be object' }, { status: 400 }));
    const error = await rejectionOf(api.post('/x', {}));
    expect(error.errors).toEqual([{ code: 400, description: 'body must be object' }]);
  });
});
