import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { counter, counters, createCountersApp, type CountersTestApp } from './counters-app';

const hostile = '<script>alert("x")</script> & \'q\'';

/** The href of the anchor with that rel, entity-decoded as a browser would. */
function hrefOf(html: string, rel: string): string | undefined {
  const match = new RegExp(`<a rel="${rel}" href="([^"]*)"`).exec(html);
  return match?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

describe('formats of GET /api/counters/', () => {
  let t: CountersTestApp;
  beforeAll(async () => {
    t = await createCountersApp([
      ...counters(24),
      counter(25, { name: hostile }),
      counter(26, { name: '=HYPERLINK("http://evil")', source: '@Marksman', sourceId: null }),
      counter(27, { name: 'Kehä I, "itään"\nrivi 2', firstStoredObservation: null, lastStoredObservation: null, dataReceived: false }),
      counter(28, { longitude: -0.5, latitude: 0, classifying: true }),
    ]);
  });
  afterAll(() => t.close());

  it('answers json by default and for format=json or a blank format, byte for byte the same', async () => {
    const plain = await t.app.inject('/api/counters/?page_size=5');
    const explicit = await t.app.inject('/api/counters/?page_size=5&format=json');
    expect(explicit.headers['content-type']).toBe('application/json');
    expect(explicit.json().results.features).toEqual(plain.json().results.features);
    const blank = await t.app.inject('/api/counters/?format=');
    expect(blank.statusCode).toBe(200);
    expect(blank.headers['content-type']).toBe('application/json');
  });

  it.each(['xml', 'JSON', 'yaml', 'html'])('answers format=%s with 404 Not found.', async (format) => {
    const response = await t.app.inject(`/api/counters/?format=${format}&page=999`);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json');
    expect(response.json()).toEqual({ detail: 'Not found.' });
  });

  describe('format=api', () => {
    it('shows the same JSON, pretty-printed and escaped, with next/previous as links that keep format=api', async () => {
      const html = (await t.app.inject('/api/counters/?format=api&page=2&page_size=10')).body;
      const json = (await t.app.inject('/api/counters/?format=api&page=2&page_size=10&format=json')).json();
      expect(hrefOf(html, 'next')).toBe('http://localhost:80/api/counters/?format=api&page=3&page_size=10');
      expect(hrefOf(html, 'prev')).toBe('http://localhost:80/api/counters/?format=api&page_size=10');
      // The JSON block: the next URL inside it is a link too.
      expect(html).toContain(
        '&#34;next&#34;: <a href="http://localhost:80/api/counters/?format=api&#38;page=3&#38;page_size=10">',
      );
      expect(html).toContain('&#34;count&#34;: 28,');
      expect(html).toContain(`&#34;name&#34;: &#34;${json.results.features[0].properties.name}&#34;`);
      expect(html).toContain('Page 2 of 3');
    });

    it('answers text/html with a CSP that allows no script, and escapes what the data holds', async () => {
      const response = await t.app.inject('/api/counters/25/?format=api');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
      expect(response.body).not.toContain('<script');
      expect(response.body).toContain('&#60;script&#62;alert(\\&#34;x\\&#34;)&#60;/script&#62; &#38; &#39;q&#39;');
    });

    it('escapes the request URL it echoes and shows errors as a page with their status', async () => {
      const response = await t.app.inject('/api/counters/?format=api&page=9&x=%3Cb%3E<i>');
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('HTTP 404 Not Found');
      expect(response.body).toContain('&#34;detail&#34;: &#34;Invalid page.&#34;');
      expect(response.body).not.toContain('<i>');
    });
  });

  describe('format=csv', () => {
    it('writes a header and one CRLF row per counter of the page, with a Link header for paging', async () => {
      const response = await t.app.inject('/api/counters/?format=csv&page_size=2&page=2');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.body).toBe(
        'id,name,source,sourceId,classifying,crsEpsg,municipalityCode,dataReceived,firstStoredObservation,lastStoredObservation,longitude,latitude\r\n' +
          '3,Counter 3,EcoCounter,1003,false,4326,091,true,2021-06-01T03:00:00+03:00,2024-01-15T12:00:00+02:00,24.9384,60.1699\r\n' +
          '4,Counter 4,EcoCounter,1004,false,4326,091,true,2021-06-01T03:00:00+03:00,2024-01-15T12:00:00+02:00,24.9384,60.1699\r\n',
      );
      expect(response.headers.link).toBe(
        '<http://localhost:80/api/counters/?format=csv&page=3&page_size=2>; rel="next", ' +
          '<http://localhost:80/api/counters/?format=csv&page_size=2>; rel="prev"',
      );
    });

    it('quotes per RFC 4180, neutralises formulas in text, keeps negative numbers and empty nulls', async () => {
      const body = (await t.app.inject('/api/counters/?format=csv&page_size=4&page=7')).body;
      const rows = body.split('\r\n');
      expect(rows[1]).toBe(`25,"<script>alert(""x"")</script> & 'q'",EcoCounter,1025,false,4326,091,true,2021-06-01T03:00:00+03:00,2024-01-15T12:00:00+02:00,24.9384,60.1699`);
      expect(rows[2]).toBe(`26,"'=HYPERLINK(""http://evil"")",'@Marksman,,false,4326,091,true,2021-06-01T03:00:00+03:00,2024-01-15T12:00:00+02:00,24.9384,60.1699`);
      expect(body).toContain('27,"Kehä I, ""itään""\nrivi 2",EcoCounter,1027,false,4326,091,false,,,24.9384,60.1699\r\n');
      expect(body).toContain('28,Counter 28,EcoCounter,1028,true,4326,091,true,2021-06-01T03:00:00+03:00,2024-01-15T12:00:00+02:00,-0.5,0.0\r\n');
    });

    it('pages like json, and answers paging errors in JSON', async () => {
      const response = await t.app.inject('/api/counters/?format=csv&page=2');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'Invalid page.' });
      const all = (await t.app.inject('/api/counters/?format=csv')).body;
      // Header plus 28 rows; row 27's line break is a bare LF inside quotes, not a row end.
      expect(all.split('\r\n').filter(Boolean)).toHaveLength(1 + 28);
    });

    it('serves a single counter as a one-row CSV', async () => {
      const body = (await t.app.inject('/api/counters/3/?format=csv')).body;
      expect(body.split('\r\n')).toHaveLength(3);
      expect(body).toContain('\r\n3,Counter 3,');
    });
  });
});
