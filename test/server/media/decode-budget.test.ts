import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { createDecodeBudget, decodePixelsInFlight, type DecodeBudget } from '../../../src/server/media/decode-budget';
import { processImage } from '../../../src/server/media/image-processing';
import { solid } from '../../helpers/images';

/** A decode whose end the test decides, to see what runs together. */
function heldDecode() {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return { finish, decode: () => finished };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** The budget, counting the decodes it lets run at once and the most pixels it held. */
function counting(budget: DecodeBudget) {
  const seen = { running: 0, mostRunning: 0, mostPixels: 0 };
  const counted: DecodeBudget = {
    run: (pixels, decode) =>
      budget.run(pixels, async () => {
        seen.running += 1;
        seen.mostRunning = Math.max(seen.mostRunning, seen.running);
        seen.mostPixels = Math.max(seen.mostPixels, budget.inFlight);
        try {
          return await decode();
        } finally {
          seen.running -= 1;
        }
      }),
    get inFlight() {
      return budget.inFlight;
    },
    max: budget.max,
  };
  return { counted, seen };
}

describe('the decode budget', () => {
  it('runs decodes together only while their pixels fit, the next one starting as one ends', async () => {
    const budget = createDecodeBudget(100);
    const decodes = [heldDecode(), heldDecode(), heldDecode()];
    const started: number[] = [];
    const done = decodes.map((held, index) => budget.run(40, () => (started.push(index), held.decode())));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(budget.inFlight).toBe(80);
    decodes[0]!.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    decodes[1]!.finish();
    decodes[2]!.finish();
    await Promise.all(done);
    expect(budget.inFlight).toBe(0);
  });

  it('lets a photo larger than the whole budget decode alone, and never lets small ones overtake it', async () => {
    const budget = createDecodeBudget(100);
    const small = heldDecode();
    const large = heldDecode();
    const later = heldDecode();
    const started: string[] = [];
    const done = [
      budget.run(30, () => (started.push('small'), small.decode())),
      budget.run(150, () => (started.push('large'), large.decode())),
      budget.run(30, () => (started.push('later'), later.decode())),
    ];
    await settle();
    expect(started).toEqual(['small']);
    small.finish();
    await settle();
    expect(started).toEqual(['small', 'large']);
    expect(budget.inFlight).toBe(150);
    large.finish();
    await settle();
    expect(started).toEqual(['small', 'large', 'later']);
    later.finish();
    await Promise.all(done);
  });

  it('frees the pixels of a decode that fails', async () => {
    const budget = createDecodeBudget(100);
    await expect(budget.run(80, () => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged');
    expect(budget.inFlight).toBe(0);
    await expect(budget.run(80, async () => 'next')).resolves.toBe('next');
  });

  it('holds for real photos: twelve decoded at once never have more pixels decoding than the budget', async () => {
    // 1,000,000 pixels: two 600×800 photos (480,000 each) fit, a third waits.
    const { counted, seen } = counting(createDecodeBudget(1_000_000));
    const photo = await solid(600, 800).jpeg().toBuffer();
    const results = await Promise.all(Array.from({ length: 12 }, () => processImage(photo, { maxPixels: 50_000_000, decoding: counted })));
    expect(results.every((result) => result.width === 600)).toBe(true);
    expect(seen.mostRunning).toBe(2);
    expect(seen.mostPixels).toBeLessThanOrEqual(1_000_000);
    expect(counted.inFlight).toBe(0);
  });

  it("is the upload budget's worth of pixels, at least one largest photo", () => {
    // 256 MiB of four-byte pixels: 67 MP, one 48 MP photo at a time.
    expect(decodePixelsInFlight(loadConfig({}))).toBe(67_108_864);
    expect(decodePixelsInFlight(loadConfig({ UPLOAD_BYTES_IN_FLIGHT_MAX: String(16 * 1024 * 1024) }))).toBe(50_000_000);
  });
});
