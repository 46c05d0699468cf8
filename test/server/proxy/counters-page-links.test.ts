import { describe, expect, it } from 'vitest';
import { rewriteEnvelopeHead } from '../../../src/server/proxy/counters-page-links';

const upper = (link: string | null) => (link === null ? null : link.toUpperCase());
const features = '"results":{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"properties":{"name":"Mannerheimintie ø €"}}]}}';

describe('rewriteEnvelopeHead', () => {
  it('re-points both links of a compact page and keeps every byte after them', () => {
    const body = Buffer.from(`{"count":2000,"next":"http://a/api/counters/?page=3","previous":"http://a/api/counters/",${features}`);
    const result = rewriteEnvelopeHead(body, upper)!;
    expect(JSON.parse(result.toString('utf8'))).toEqual({
      count: 2000,
      next: 'HTTP://A/API/COUNTERS/?PAGE=3',
      previous: 'HTTP://A/API/COUNTERS/',
      results: { type: 'FeatureCollection', features: [{ type: 'Feature', id: 7, properties: { name: 'Mannerheimintie ø €' } }] },
    });
    expect(result.subarray(result.length - Buffer.byteLength(features)).equals(Buffer.from(features))).toBe(true);
  });

  it('keeps null links null, and reads pretty-printed envelopes, escapes and a byte-order mark', () => {
    const pretty = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(`{\n  "count": 1,\n  "next": null,\n  "previous": "http:\\/\\/a\\/?q=\\"x\\"",\n  ${features}`),
    ]);
    const parsed = JSON.parse(rewriteEnvelopeHead(pretty, upper)!.toString('utf8'));
    expect(parsed.next).toBeNull();
    expect(parsed.previous).toBe('HTTP://A/?Q="X"');
    expect(parsed.results.features[0].properties.name).toBe('Mannerheimintie ø €');
  });

  it('leaves anything else to the full parse', () => {
    for (const other of [
      '{"type":"Feature","id":1}',
      '{"detail":"Invalid page."}',
      '{"next":"http://a/","count":1,"previous":null,"results":[]}',
      '{"count":1,"next":"unterminated',
      '{"count":1,"next":null,"previous":null,"results":{"type":"Feature',
      '[1,2]',
      '',
    ]) {
      expect(rewriteEnvelopeHead(Buffer.from(other), upper), other).toBeUndefined();
    }
  });
});
