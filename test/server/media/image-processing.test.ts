import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createDecodeBudget } from '../../../src/server/media/decode-budget';
import { MAX_LONG_SIDE, MediaRejectedError, processImage } from '../../../src/server/media/image-processing';
import { GPS_IFD_POINTER, jpegWithGpsAndOrientation, oneBitPng, solid } from '../../helpers/images';

const limits = { maxPixels: 50_000_000, decoding: createDecodeBudget(50_000_000) };

async function rejection(promise: Promise<unknown>): Promise<MediaRejectedError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(MediaRejectedError);
  return error as MediaRejectedError;
}

describe('processImage', () => {
  it('strips EXIF (with GPS), XMP and ICC from a JPEG and bakes in its orientation', async () => {
    const input = await jpegWithGpsAndOrientation(64, 32);
    const before = await sharp(input).metadata();
    // The fixture really carries what we mean to remove.
    expect(before.orientation).toBe(6);
    expect(before.exif?.includes(GPS_IFD_POINTER)).toBe(true);
    expect(before.exif?.includes(Buffer.from('KerroCam'))).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const result = await processImage(input, limits);

    expect(result).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 32, height: 64 });
    const after = await sharp(result.buffer).metadata();
    expect(after.format).toBe('jpeg');
    expect([after.width, after.height]).toEqual([32, 64]);
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.space).toBe('srgb');
    // Nothing of the old metadata survives anywhere in the bytes.
    expect(result.buffer.includes(Buffer.from('KerroCam'))).toBe(false);
    expect(result.buffer.includes(Buffer.from('xmpmeta'))).toBe(false);
  });

  it('keeps a PNG a PNG, alpha included', async () => {
    const input = await solid(40, 30, true).png().toBuffer();
    const result = await processImage(input, limits);
    expect(result).toMatchObject({ contentType: 'image/png', extension: 'png', width: 40, height: 30 });
    const after = await sharp(result.buffer).metadata();
    expect(after.format).toBe('png');
    expect(after.hasAlpha).toBe(true);
  });

  it('keeps a WebP a WebP and turns a GIF into a PNG of its first frame', async () => {
    const webp = await processImage(await solid(20, 10).webp().toBuffer(), limits);
    expect(webp).toMatchObject({ contentType: 'image/webp', extension: 'webp', width: 20, height: 10 });
    expect((await sharp(webp.buffer).metadata()).format).toBe('webp');

    const gif = await processImage(await solid(12, 8).gif().toBuffer(), limits);
    expect(gif).toMatchObject({ contentType: 'image/png', extension: 'png', width: 12, height: 8 });
    expect((await sharp(gif.buffer).metadata()).format).toBe('png');
  });

  it('accepts AVIF, which this sharp build decodes, and stores it as JPEG', async () => {
    const result = await processImage(await solid(16, 12).avif().toBuffer(), limits);
    expect(result).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 16, height: 12 });
    expect((await sharp(result.buffer).metadata()).format).toBe('jpeg');
  });

  it('caps the long side at 4096 px without enlarging small images', async () => {
    const big = await processImage(await solid(5000, 1000).jpeg().toBuffer(), limits);
    expect([big.width, big.height]).toEqual([MAX_LONG_SIDE, 819]);
    const small = await processImage(await solid(100, 50).jpeg().toBuffer(), limits);
    expect([small.width, small.height]).toEqual([100, 50]);
  });

  it('rejects a text file whatever it is called, naming the upload', async () => {
    const error = await rejection(processImage(Buffer.from('I am photo.jpg, honest\n'), { ...limits, label: 'media[] file 2' }));
    expect(error.reason).toBe('not-an-image');
    expect(error.message).toBe('media[] file 2 is not an image (JPEG, PNG, GIF, WebP or AVIF)');
    await expect(processImage(Buffer.alloc(0), limits)).rejects.toBeInstanceOf(MediaRejectedError);
  });

  it('rejects real images of other types, such as SVG (which could carry script) and TIFF', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const svgError = await rejection(processImage(svg, limits));
    expect(svgError.reason).toBe('unsupported-format');
    expect(svgError.message).toMatch(/is a SVG file; send a JPEG, PNG, GIF, WebP or AVIF image instead/);

    const tiff = await solid(8, 8).tiff().toBuffer();
    expect((await rejection(processImage(tiff, limits))).message).toMatch(/is a TIFF file/);
  });

  it('never lets libvips parse a format Kerro does not accept (sharp.block): their loaders do not run at all', async () => {
    const tiff = await solid(8, 8).tiff().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>');
    for (const input of [tiff, svg]) await expect(sharp(input).metadata()).rejects.toThrow(/unsupported image format/);
    for (const input of [await solid(8, 8).jpeg().toBuffer(), await solid(8, 8).png().toBuffer(), await solid(8, 8).webp().toBuffer()]) {
      expect((await sharp(input).metadata()).width).toBe(8);
    }
  });

  it('rejects a truncated JPEG', async () => {
    const whole = await solid(300, 200).jpeg().toBuffer();
    const error = await rejection(processImage(whole.subarray(0, Math.floor(whole.length / 2)), limits));
    expect(error.reason).toBe('unreadable');
  });

  it('rejects a decompression bomb from its header, quickly and without decoding it', async () => {
    const bomb = oneBitPng(20_000, 20_000);
    expect(bomb.length).toBeLessThan(200_000);
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();

    const error = await rejection(processImage(bomb, { ...limits, label: 'media[] file 1' }));

    expect(performance.now() - started).toBeLessThan(2000);
    // Decoding would need at least 400 MB; a header check needs next to nothing.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100_000_000);
    expect(error.reason).toBe('too-many-pixels');
    expect(error.message).toBe('media[] file 1 is too large: at most 50 megapixels (this one is 20000×20000)');
  });

  it('accepts an image right at the pixel limit and refuses one pixel more', async () => {
    const input = await solid(100, 100).png().toBuffer();
    await expect(processImage(input, { ...limits, maxPixels: 10_000 })).resolves.toMatchObject({ width: 100 });
    const error = await rejection(processImage(input, { ...limits, maxPixels: 9_999 }));
    expect(error.message).toBe('the file is too large: at most 9999 pixels (this one is 100×100)');
  });
});
