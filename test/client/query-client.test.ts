import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/client/lib/http-client';
import { shouldRetry } from '../../src/client/lib/query-client';

const error = (kind: ApiError['kind'], status: number) => new ApiError({ kind, status, url: '/x' });

describe('query retry policy', () => {
  it('retries lost connections and server failures a limited number of times', () => {
    expect(shouldRetry(0, error('network', 0))).toBe(true);
    expect(shouldRetry(1, error('http', 503))).toBe(true);
    expect(shouldRetry(2, error('http', 503))).toBe(false);
  });

  it('does not retry answers that will not change: client errors and unreadable bodies', () => {
    expect(shouldRetry(0, error('http', 404))).toBe(false);
    expect(shouldRetry(0, error('invalid-response', 200))).toBe(false);
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});
