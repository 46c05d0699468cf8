import { describe, expect, it } from 'vitest';
import { withoutSecrets } from '../../../src/server/http/known-secrets';

describe('withoutSecrets', () => {
  it('replaces every occurrence of a secret, as sent, URL-encoded and JSON-escaped', () => {
    const key = 'k3y/with+odd"chars';
    const text = `api_key ${key} refused; api_key=${encodeURIComponent(key)}; ${JSON.stringify({ key })}; again ${key}`;
    expect(withoutSecrets(text, [key])).toBe('api_key [redacted] refused; api_key=[redacted]; {"key":"[redacted]"}; again [redacted]');
  });

  it('leaves text without the secret, and secrets too short to be one, as they are', () => {
    expect(withoutSecrets('nothing to hide here', ['secret-key-1'])).toBe('nothing to hide here');
    expect(withoutSecrets('a bad day', ['a', 'bad', undefined])).toBe('a bad day');
  });
});
