import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { replaceLinks, scanPageLinks } from '../../../src/server/proxy/page-links';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const upper = (link: unknown) => (typeof link === 'string' ? link.toUpperCase() : link);

/** What the proxy did before the scan: parse, rewrite the top-level links, write out again. */
function parsedRewrite(text: string): unknown {
  const page = JSON.parse(text) as unknown;
  if (page && typeof page === 'object' && !Array.isArray(page) && ('next' in page || 'previous' in page)) {
    const envelope = page as Record<string, unknown>;
    envelope.next = upper(envelope.next);
    envelope.previous = upper(envelope.previous);
  }
  return page;
}

function scannedRewrite(text: string): unknown {
  const scan = scanPageLinks(bytes(text));
  if (!scan) return undefined;
  return JSON.parse((scan.hasLinks ? replaceLinks(bytes(text), scan, upper) : bytes(text)).toString('utf8'));
}

describe('scanPageLinks', () => {
  it('splices the top-level links of a page and keeps every other byte', () => {
    const text = '{"count":2, "next":"http://a/api/counters/?page=2","previous" : null,"results":{"features":[{"next":"x","v":1.0}]}}';
    const scan = scanPageLinks(bytes(text))!;
    expect(scan.hasLinks).toBe(true);
    expect(scan.spans.previous).toBeUndefined();
    expect(replaceLinks(bytes(text), scan, upper).toString()).toBe(text.replace('http://a/api/counters/?page=2', 'HTTP://A/API/COUNTERS/?PAGE=2'));
  });

  it('takes the last of repeated keys and decodes escaped key names, as JSON.parse does', () => {
    const text = '{"next":"a","\\u006eext":"b","previous":"c","previous":5}';
    const scan = scanPageLinks(bytes(text))!;
    expect(replaceLinks(bytes(text), scan, upper).toString()).toBe('{"next":"a","\\u006eext":"B","previous":"c","previous":5}');
    expect(JSON.parse(replaceLinks(bytes(text), scan, upper).toString())).toEqual(parsedRewrite(text));
  });

  it('refuses what JSON.parse refuses, so the caller answers 502 as before', () => {
    for (const text of ['', '{', '{"a":1,}', '[1,,2]', '{"a":01}', '{"a":"\u0001"}', '{"a":"\\x"}', 'nul', '{"a":1} x', "{'a':1}", '{"a":-}', '{"a":1.}', '<html>']) {
      expect(scanPageLinks(bytes(text)), text).toBeUndefined();
      expect(() => JSON.parse(text), text).toThrow();
    }
  });

  it('leaves very deep documents to JSON.parse', () => {
    expect(scanPageLinks(bytes(`${'['.repeat(1000)}${']'.repeat(1000)}`))).toBeUndefined();
  });

  it('agrees with parse-and-rewrite on any JSON page', () => {
    const link = fc.oneof(fc.string(), fc.webUrl(), fc.constant(null), fc.integer());
    const page = fc.record(
      { count: fc.integer(), next: link, previous: link, results: fc.jsonValue(), extra: fc.string() },
      { requiredKeys: ['results'] },
    );
    const document = fc.oneof(page, fc.jsonValue());
    fc.assert(
      fc.property(document, fc.boolean(), (value, pretty) => {
        const text = JSON.stringify(value, null, pretty ? 2 : undefined) ?? 'null';
        expect(scannedRewrite(text)).toEqual(parsedRewrite(text));
      }),
      { numRuns: 500 },
    );
  });

  it('never accepts a text JSON.parse refuses', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'{}[],:"\\ 0123456789.eE+-tfnrulsax\n'.split('')), maxLength: 30 }), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        if (!parses) expect(scanPageLinks(bytes(text))).toBeUndefined();
        else expect(scannedRewrite(text)).toEqual(parsedRewrite(text));
      }),
      { numRuns: 5000 },
    );
  });
});
