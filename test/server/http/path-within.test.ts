import { describe, expect, it } from 'vitest';
import { isPathWithin } from '../../../src/server/http/path-within';

describe('isPathWithin', () => {
  it('takes the prefix itself and what is below it, never a sibling that only starts alike', () => {
    expect(isPathWithin('/media', ['/media'])).toBe(true);
    expect(isPathWithin('/media/a.jpg', ['/media'])).toBe(true);
    expect(isPathWithin('/mediax', ['/media'])).toBe(false);
    expect(isPathWithin('/', ['/media'])).toBe(false);
  });

  it('ignores the query string, even one holding a slash', () => {
    expect(isPathWithin('/moderation/api?next=/x', ['/moderation/api'])).toBe(true);
    expect(isPathWithin('/report?from=/moderation/api/x', ['/moderation/api'])).toBe(false);
  });

  it('reads any case only when asked', () => {
    expect(isPathWithin('/OPEN311/v1/services.json', ['/open311'])).toBe(false);
    expect(isPathWithin('/OPEN311/v1/services.json', ['/open311'], { anyCase: true })).toBe(true);
  });

  it('takes a format suffix of the prefix only when asked', () => {
    expect(isPathWithin('/openapi.json', ['/openapi'])).toBe(false);
    expect(isPathWithin('/openapi.json', ['/openapi'], { suffixed: true })).toBe(true);
  });
});
