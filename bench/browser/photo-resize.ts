import type { Browser } from 'playwright-core';
import { makeJpeg } from '../../test/helpers/images';
import { percentile } from '../lib/stats';

export interface ResizeFigures {
  photoBytes: number;
  /** The app's resize (decode upright, scale, encode JPEG), from its own User Timing entries. */
  resizeMs: number;
  resizeRuns: number[];
  /** The browser decoding the same file alone: the part no resize can skip. */
  decodeMs: number;
  decodeRuns: number[];
  output: { width: number; height: number };
}

/** The app's User Timing entry for one resize (src/client/features/report/photos/resize-image.ts). */
const RESIZE_MEASURE_NAME = 'kerro:resize-photo';

/**
 * A 12-megapixel phone-like JPEG (4000×3000) added to the report form `runs` times, one file per
 * change as a person adds photos; each resize is timed by the app itself. The baseline decodes
 * the same bytes with createImageBitmap in the same page.
 */
export async function timePhotoResize(browser: Browser, origin: string, runs: number): Promise<ResizeFigures> {
  const photo = await makeJpeg(4000, 3000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-GB' });
  try {
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    await page.goto(`${origin}/report`);
    const input = page.getByTestId('photo-input');
    await input.waitFor({ state: 'attached' });
    for (let run = 1; run <= runs; run += 1) {
      await input.setInputFiles([{ name: `phone-${run}.jpg`, mimeType: 'image/jpeg', buffer: photo }]);
      await page.waitForFunction((count) => document.querySelectorAll('.photo-list__image').length === count, run, { timeout: 30_000 });
    }
    const resizeRuns = await page.evaluate((name) => performance.getEntriesByName(name).map((entry) => entry.duration), RESIZE_MEASURE_NAME);
    if (resizeRuns.length !== runs) throw new Error(`expected ${runs} resize timings, the page recorded ${resizeRuns.length}`);
    await page.waitForFunction(() => [...document.querySelectorAll<HTMLImageElement>('.photo-list__image')].every((image) => image.complete && image.naturalWidth > 0));
    const output = await page.locator('.photo-list__image').first().evaluate((image) => ({
      width: (image as HTMLImageElement).naturalWidth,
      height: (image as HTMLImageElement).naturalHeight,
    }));
    const decodeRuns = await page.evaluate(
      async ({ base64, count }) => {
        const bytes = Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
        const blob = new Blob([bytes], { type: 'image/jpeg' });
        const times: number[] = [];
        for (let run = 0; run < count; run += 1) {
          const started = performance.now();
          const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
          times.push(performance.now() - started);
          bitmap.close();
        }
        return times;
      },
      { base64: photo.toString('base64'), count: runs },
    );
    return {
      photoBytes: photo.length,
      resizeMs: percentile(resizeRuns, 50),
      resizeRuns,
      decodeMs: percentile(decodeRuns, 50),
      decodeRuns,
      output,
    };
  } finally {
    await context.close();
  }
}
