import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKaivopuistoPark, createTestApp, publish, type TestApp } from '../../helpers/georeport-app';
import { assertWellFormed } from '../../helpers/xml';
import { multipartBody, urlencoded, validReport } from './form';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addKaivopuistoPark(t);
});
afterAll(() => t.close());

const post = (fields: Record<string, string | string[]>, format = 'json') =>
  t.app.inject({ method: 'POST', url: `/open311/v1/requests.${format}`, ...urlencoded(fields) });

const detail = async (id: string, extensions = true) =>
  (await t.app.inject({ method: 'GET', url: `/open311/v1/requests/${id}.json?extensions=${extensions}` })).json()[0];

describe('POST requests', () => {
  it('creates a request and answers its id with an empty service_notice', async () => {
    const response = await post({ ...validReport, api_key: t.apiKey, title: 'Pothole', address_string: 'Koulukatu 1' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual([{ service_request_id: expect.stringMatching(/^[a-z0-9]{20}$/), service_notice: '' }]);
    const stored = await detail(body[0].service_request_id);
    expect(stored).toMatchObject({
      status: 'open',
      service_code: '171',
      service_name: 'Potholes',
      description: validReport.description,
      address: 'Koulukatu 1',
      lat: '60.1699',
      long: '24.9384',
      requested_datetime: '2026-11-20T14:00:00+02:00',
      extended_attributes: { title: 'Pothole', detailed_status: 'RECEIVED', media_urls: [] },
    });
  });

  it('answers in XML with the service_requests root', async () => {
    const response = await post({ ...validReport, api_key: t.apiKey }, 'xml');
    expect(response.statusCode).toBe(200);
    assertWellFormed(response.body);
    expect(response.body).toMatch(
      /<service_requests><request><service_request_id>[a-z0-9]{20}<\/service_request_id><service_notice><\/service_notice><\/request><\/service_requests>$/,
    );
  });

  it('ids are unique and unguessable', async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20; i += 1) ids.add((await post({ ...validReport, api_key: t.apiKey })).json()[0].service_request_id);
    expect(ids.size).toBe(20);
  });

  it('refuses a missing key and an invalid key with 403, saying which', async () => {
    const missing = await post(validReport);
    expect(missing.statusCode).toBe(403);
    expect(missing.json()).toEqual([{ code: 403, description: expect.stringContaining('api_key is missing') }]);
    const invalid = await post({ ...validReport, api_key: 'kerro_not-a-real-key' }, 'xml');
    expect(invalid.statusCode).toBe(403);
    expect(invalid.body).toContain('<errors><error><code>403</code><description>api_key is invalid');
  });

  it('refuses a revoked key', async () => {
    const { createApiKey } = await import('../../../src/server/auth/api-keys');
    const { key, record } = await createApiKey(t.repositories.apiKeys, 'soon-revoked', t.clock.now);
    expect((await post({ ...validReport, api_key: key })).statusCode).toBe(200);
    await t.repositories.apiKeys.revoke(String(record.id), t.clock.now);
    expect((await post({ ...validReport, api_key: key })).statusCode).toBe(403);
  });

  it.each([
    [{ description: 'too short' }, 'description must be at least 10 characters'],
    [{ description: 'long text '.repeat(501) }, 'description must be at most 5000 characters'],
    [{ description: 'Look at <script>alert(1)</script> this' }, 'must not contain HTML'],
    [{ description: '' }, 'description'],
    [{ service_code: '' }, 'service_code is required'],
    [{ lat: '' }, 'lat and long must be sent together'],
    [{ lat: 'north', long: '24.9' }, 'lat must be a decimal number'],
    [{ lat: '91', long: '24.9' }, 'lat must be between -90 and 90'],
    [{ long: '200' }, 'long must be between -180 and 180'],
    [{ lat: '', long: '' }, 'a location is required'],
    [{ email: 'not-an-email' }, 'email must be a valid address'],
    [{ phone: 'call me' }, 'phone must be a phone number'],
    [{ media_url: 'ftp://example.org/a.jpg' }, 'media_url must be an absolute http or https URL'],
    [{ media_url: 'https://example.org/page.html' }, 'media_url must end in an image file suffix'],
    [{ media_url: 'https://user:secret@example.org/a.jpg' }, 'media_url must not contain a user name or password'],
    [{ media_url: 'https://user@example.org/a.jpg' }, 'media_url must not contain a user name or password'],
    [{ title: '<b>bold</b>' }, 'title must not contain HTML'],
    [{ service_object_id: 'x' }, 'service_object_type is required when service_object_id is sent'],
  ].map(([change, message]) => ({ change: change as Record<string, string>, message: message as string })))('refuses a bad field with 400: $message', async ({ change, message }) => {
    const response = await post({ ...validReport, api_key: t.apiKey, ...change });
    expect(response.statusCode).toBe(400);
    const errors = response.json() as { code: number; description: string }[];
    expect(errors.every((error) => error.code === 400)).toBe(true);
    expect(errors.map((error) => error.description).join(' | ')).toContain(message);
  });

  it('lists every problem at once', async () => {
    const response = await post({ api_key: t.apiKey, service_code: '171', description: 'short', email: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json().length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a repeated scalar field', async () => {
    const response = await post({ ...validReport, api_key: t.apiKey, description: [validReport.description, 'Another description here'] });
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toContain('description was sent 2 times');
  });

  it('names an unknown service_code with 404', async () => {
    const response = await post({ ...validReport, api_key: t.apiKey, service_code: '12345' });
    expect(response.statusCode).toBe(404);
    expect(response.json()[0].description).toContain('service_code 12345 not found');
  });

  it('names an unknown jurisdiction_id with 404', async () => {
    const response = await post({ ...validReport, api_key: t.apiKey, jurisdiction_id: 'elsewhere' });
    expect(response.statusCode).toBe(404);
    expect(response.json()[0].description).toContain('jurisdiction_id elsewhere not found');
  });

  it('refuses an unsupported content type in the GeoReport error format', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/open311/v1/requests.xml',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(validReport),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('<errors><error><code>400</code><description>unsupported Content-Type');
  });

  it('takes a service object instead of coordinates and locates the request there', async () => {
    const response = await post({
      api_key: t.apiKey,
      service_code: '171',
      description: 'The fountain in the park is broken.',
      service_object_type: t.config.SERVICE_OBJECT_TYPE,
      service_object_id: 'park-1',
    });
    expect(response.statusCode).toBe(200);
    const stored = await detail(response.json()[0].service_request_id);
    expect(stored).toMatchObject({
      lat: '60.1589',
      long: '24.9562',
      extended_attributes: { service_object_type: t.config.SERVICE_OBJECT_TYPE, service_object_id: 'park-1' },
    });
  });

  it('answers a request located by its service object with the object\'s lat and long in the list too', async () => {
    const response = await post({
      api_key: t.apiKey,
      service_code: '171',
      description: 'The fountain in the park is broken, again.',
      service_object_type: t.config.SERVICE_OBJECT_TYPE,
      service_object_id: 'park-1',
    });
    const id = response.json()[0].service_request_id as string;
    await publish(t, id);
    for (const format of ['json', 'xml']) {
      const list = await t.app.inject(`/open311/v1/requests.${format}?service_request_id=${id}`);
      if (format === 'json') expect(list.json()[0]).toMatchObject({ lat: '60.1589', long: '24.9562' });
      else expect(list.body).toMatch(/<lat>60\.1589<\/lat><long>24\.9562<\/long>/);
    }
  });

  it('asks for lat and long with an object of another registry, which it cannot place', async () => {
    const foreign = { api_key: t.apiKey, service_code: '171', description: 'The bench in the park is broken.', service_object_type: 'urn:elsewhere', service_object_id: 'bench-4' };
    const refused = await post(foreign);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()[0].description).toBe(
      `service_object_id bench-4 of service_object_type urn:elsewhere cannot be located: this server's service object registry is ${t.config.SERVICE_OBJECT_TYPE}; send lat and long with it`,
    );
    const located = await post({ ...foreign, lat: '60.16', long: '24.95' });
    expect(located.statusCode).toBe(200);
    expect(await detail(located.json()[0].service_request_id)).toMatchObject({ lat: '60.16', long: '24.95' });
  });

  it('refuses an unknown object of its own registry', async () => {
    const response = await post({
      api_key: t.apiKey,
      service_code: '171',
      description: 'The fountain in the park is broken.',
      service_object_type: t.config.SERVICE_OBJECT_TYPE,
      service_object_id: 'nope',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toContain('service_object_id nope is not in the service object registry');
  });

  it('validates attribute[CODE] against the service definition', async () => {
    const base = { ...validReport, api_key: t.apiKey, service_code: '900' };
    const missing = await post(base);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()[0].description).toContain('attribute[POLE] is required');
    const wrongValue = await post({ ...base, 'attribute[POLE]': '12', 'attribute[KIND]': 'on-fire' });
    expect(wrongValue.json()[0].description).toContain('attribute[KIND] must be one of dark, blinking');
    const unknown = await post({ ...base, 'attribute[POLE]': '12', 'attribute[COLOR]': 'red' });
    expect(unknown.json()[0].description).toContain('attribute[COLOR] is not an attribute of this service');
    const ok = await post({ ...base, 'attribute[POLE]': '12', 'attribute[KIND]': 'dark', 'attribute[EXTRA][]': ['a', 'b'] });
    expect(ok.statusCode).toBe(200);
    const stored = await t.repositories.serviceRequests.find(ok.json()[0].service_request_id);
    expect(stored?.attributes).toEqual({ POLE: '12', KIND: 'dark', EXTRA: ['a', 'b'] });
  });

  it('keeps personal fields but never returns them', async () => {
    const personal = { email: 'resident@example.org', first_name: 'Maija', last_name: 'Meikäläinen', phone: '+358 40 123 4567' };
    const response = await post({ ...validReport, api_key: t.apiKey, ...personal, device_id: 'device-77', account_id: 'acct-88' });
    const id = response.json()[0].service_request_id;
    const stored = await t.repositories.serviceRequests.find(id);
    expect(stored).toMatchObject({ email: 'resident@example.org', first_name: 'Maija', phone: '+358 40 123 4567' });
    await publish(t, id);
    const answers = await Promise.all(
      [
        `/open311/v1/requests/${id}.json?extensions=true`,
        `/open311/v1/requests/${id}.xml?extensions=true`,
        '/open311/v1/requests.json?extensions=true',
        '/open311/v1/requests.xml?extensions=true',
        `/open311/v1/requests.json?service_request_id=${id}&extensions=true`,
      ].map((url) => t.app.inject({ method: 'GET', url })),
    );
    for (const answer of answers) {
      expect(answer.body).toContain(id);
      for (const value of [...Object.values(personal), 'device-77', 'acct-88', 'Meik']) expect(answer.body).not.toContain(value);
      for (const field of ['email', 'first_name', 'last_name', 'phone', 'device_id', 'account_id']) expect(answer.body).not.toContain(field);
    }
  });
});

describe('POST requests with photos (multipart)', () => {
  const jpegWithGps = () =>
    sharp({ create: { width: 64, height: 32, channels: 3, background: '#c33' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'PhoneMaker' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '60/1 10/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '24/1 56/1 0/1' },
      })
      .toBuffer();

  it('answers a photo over the pixel limit with the one documented answer: a 400 naming the photo and the limit', async () => {
    // 8000 × 7000 = 56 megapixels, over the default 50; a plain-colour PNG of that size is small.
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#888' } }).png({ compressionLevel: 9 }).toBuffer();
    const body = await multipartBody({ ...validReport, api_key: t.apiKey }, [{ fileName: 'huge.png', type: 'image/png', data: huge }]);
    const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual([{ code: 400, description: expect.stringMatching(/is too large: at most 50 megapixels \(this one is 8000×7000\)/) }]);
  });

  it('stores several photos, strips EXIF/GPS and serves them at media_urls', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes(Buffer.from('PhoneMaker'))).toBe(true);
    const png = await sharp({ create: { width: 10, height: 10, channels: 4, background: '#00f8' } }).png().toBuffer();
    const body = await multipartBody({ ...validReport, api_key: t.apiKey }, [
      { fileName: 'IMG_0001.JPG', type: 'image/jpeg', data: original },
      { fileName: 'screenshot.png', type: 'image/png', data: png },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
    expect(response.statusCode).toBe(200);
    const stored = await detail(response.json()[0].service_request_id);
    const urls: string[] = stored.extended_attributes.media_urls;
    expect(urls).toHaveLength(2);
    expect(stored.media_url).toBe(urls[0]);
    expect(urls[0]).toMatch(/^http:\/\/kerro\.test\/media\/[0-9a-f]{32}\.jpg$/);
    expect(urls[1]).toMatch(/\.png$/);
    const served = await t.app.inject({ method: 'GET', url: new URL(urls[0]!).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Orientation 6 was applied to the pixels: 64×32 became 32×64.
    expect([metadata.width, metadata.height]).toEqual([32, 64]);
  });

  it('keeps media_url and uploads together, the URL first', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).png().toBuffer();
    const body = await multipartBody({ ...validReport, api_key: t.apiKey, media_url: 'https://example.org/photo.jpg' }, [
      { fileName: 'a.png', type: 'image/png', data: png },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
    const stored = await detail(response.json()[0].service_request_id);
    expect(stored.extended_attributes.media_urls[0]).toBe('https://example.org/photo.jpg');
    expect(stored.extended_attributes.media_urls).toHaveLength(2);
  });

  it('refuses a file that only claims to be an image, and stores nothing', async () => {
    const before = await t.repositories.serviceRequests.count();
    const body = await multipartBody({ ...validReport, api_key: t.apiKey }, [
      { fileName: 'photo.jpg', type: 'image/jpeg', data: Buffer.from('this is not a picture at all') },
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toContain('media[] file 1 is not an image');
    expect(await t.repositories.serviceRequests.count()).toBe(before);
  });

  it('refuses too many photos and a too large photo with a clear 400', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).png().toBuffer();
    const many = await multipartBody(
      { ...validReport, api_key: t.apiKey },
      Array.from({ length: t.config.MEDIA_MAX_FILES + 1 }, (_, i) => ({ fileName: `${i}.png`, type: 'image/png', data: png })),
    );
    const tooMany = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json()[0].description).toContain('too many media[] files');

    const small = await createTestApp({ MEDIA_MAX_FILE_BYTES: '1000' });
    try {
      const big = await multipartBody({ ...validReport, api_key: small.apiKey }, [
        { fileName: 'big.jpg', type: 'image/jpeg', data: await jpegWithGps() },
        { fileName: 'big2.bin', type: 'image/jpeg', data: Buffer.alloc(5000, 1) },
      ]);
      const tooBig = await small.app.inject({ method: 'POST', url: '/open311/v1/requests.xml', ...big });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.body).toContain('<description>a media[] file is too large');
    } finally {
      await small.close();
    }
  });

  it('refuses photos under another field name', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0f0' } }).png().toBuffer();
    const body = await multipartBody({ ...validReport, api_key: t.apiKey }, [{ name: 'photo', fileName: 'a.png', type: 'image/png', data: png }]);
    const response = await t.app.inject({ method: 'POST', url: '/open311/v1/requests.json', ...body });
    expect(response.statusCode).toBe(400);
    expect(response.json()[0].description).toContain('send photos as media[]');
  });
});
