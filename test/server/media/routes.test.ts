import Fastify, { type FastifyInstance } from 'fastify';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../../../src/server/config';
import { createDecodeBudget, decodePixelsInFlight, type DecodeBudget } from '../../../src/server/media/decode-budget';
import { processImage } from '../../../src/server/media/image-processing';
import { mediaRoutes, mediaUrl } from '../../../src/server/media/routes';
import type { Store } from '../../../src/server/storage';
import { jpegWithGpsAndOrientation } from '../../helpers/images';
import { openTestStore } from '../../helpers/test-store';
import { newRequest, storeServiceTypes } from '../storage/contract/fixtures';

let dataDir: string;
let store: Store;
let config: Config;
let decoding: DecodeBudget;
let app: FastifyInstance;
/** What the route's moderator check answers (the real one, a session of the photo's body, is tested with the whole app: test/server/moderation/photos.test.ts). */
let moderatorAsking = false;
let requests = 0;

/** Saves the bytes as a photo of a new request, published unless told otherwise, as POST /requests stores one. */
async function savePhoto(buffer: Buffer, extension: 'jpg' | 'png' | 'webp' | 'gif', moderation: 'published' | 'rejected' = 'published'): Promise<string> {
  const fileName = await store.media.save(buffer, extension);
  requests += 1;
  await store.serviceRequests.create(
    newRequest(`photo-owner-${requests}`, { moderation, media: [{ position: 0, file_name: fileName, content_type: 'image/jpeg', byte_size: buffer.length }] }),
  );
  return fileName;
}

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'kerro-media-routes-'));
  // The media routes touch only the store's photos (files, or the PostgreSQL database).
  let env: Record<string, string>;
  ({ store, env } = await openTestStore(dataDir));
  config = loadConfig(env);
  decoding = createDecodeBudget(decodePixelsInFlight(config));
  app = Fastify();
  await storeServiceTypes(store);
  moderatorAsking = false;
  await app.register(mediaRoutes, { prefix: '/media', store: store.media, owners: store.photoOwners, mayPreview: async () => moderatorAsking });
  await app.ready();
});

afterEach(async () => {
  await app.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const notFound = [{ code: 404, description: 'media file not found' }];

describe('GET /media/:fileName', () => {
  it('serves an uploaded photo, processed and stored the way POST /requests does it', async () => {
    const photo = await processImage(await jpegWithGpsAndOrientation(), { maxPixels: config.MEDIA_MAX_PIXELS, decoding });
    const fileName = await savePhoto(photo.buffer, photo.extension);

    const response = await app.inject({ method: 'GET', url: `/media/${fileName}` });

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['content-length']).toBe(String(photo.buffer.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.rawPayload).toEqual(photo.buffer);
    const served = await sharp(response.rawPayload).metadata();
    expect(served.exif).toBeUndefined();
    expect([served.width, served.height]).toEqual([32, 64]);
  });

  it('gives each stored type its own Content-Type', async () => {
    for (const [extension, type] of [['png', 'image/png'], ['webp', 'image/webp'], ['gif', 'image/gif']] as const) {
      const fileName = await savePhoto(Buffer.from('bytes'), extension);
      const response = await app.inject({ method: 'GET', url: `/media/${fileName}` });
      expect(response.headers['content-type']).toBe(type);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const fileName = await savePhoto(Buffer.from('0123456789'), 'png');
    const response = await app.inject({ method: 'HEAD', url: `/media/${fileName}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-length']).toBe('10');
    expect(response.body).toBe('');
  });

  it('answers a revalidation of the same file with 304', async () => {
    const fileName = await savePhoto(Buffer.from('photo'), 'jpg');
    const first = await app.inject({ method: 'GET', url: `/media/${fileName}` });
    const etag = first.headers.etag as string;
    expect(etag).toBe(`"${fileName}"`);
    const second = await app.inject({ method: 'GET', url: `/media/${fileName}`, headers: { 'if-none-match': etag } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it.each([
    ['a missing file', `/media/${'f'.repeat(32)}.jpg`],
    ['an invalid name', '/media/photo.jpg'],
    ['an encoded traversal', '/media/..%2F..%2Fetc%2Fpasswd'],
    ['an encoded traversal to a sibling', '/media/..%2Fmedia.db'],
  ])('returns the GeoReport 404 error array for %s', async (_case, url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toEqual(notFound);
  });

  it('stops serving a photo once it is removed', async () => {
    const fileName = await savePhoto(Buffer.from('photo'), 'jpg');
    await store.media.remove(fileName);
    const response = await app.inject({ method: 'GET', url: `/media/${fileName}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(notFound);
  });
});

describe('GET /media/:fileName of a photo the public may not see', () => {
  it('is a 404 to the public, as a missing file, for a rejected report and for a file no report holds', async () => {
    const rejected = await savePhoto(Buffer.from('photo'), 'jpg', 'rejected');
    const loose = await store.media.save(Buffer.from('photo'), 'jpg');
    for (const fileName of [rejected, loose]) {
      const response = await app.inject({ method: 'GET', url: `/media/${fileName}` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(notFound);
    }
  });

  it("is served to the report's moderators, for nobody to keep", async () => {
    const rejected = await savePhoto(Buffer.from('photo'), 'jpg', 'rejected');
    moderatorAsking = true;
    const response = await app.inject({ method: 'GET', url: `/media/${rejected}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).toBe('photo');
  });
});

describe('mediaUrl', () => {
  it('builds the public URL of a stored file', () => {
    expect(mediaUrl('https://kerro.example', 'abc.jpg')).toBe('https://kerro.example/media/abc.jpg');
    expect(mediaUrl('https://kerro.example/', 'abc.jpg')).toBe('https://kerro.example/media/abc.jpg');
  });
});
