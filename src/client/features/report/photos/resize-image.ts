import { MAX_PHOTO_SIDE, PHOTO_JPEG_QUALITY } from './photo-rules';

/** The browser could not decode the file as an image (not an image, or a format it lacks, e.g. HEIC). */
export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

/** User Timing entry of each resize, so its cost can be measured in a real browser. */
export const RESIZE_MEASURE_NAME = 'kerro:resize-photo';

export interface ResizeOptions {
  maxSide?: number;
  quality?: number;
}

export function scaledSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function encodeJpeg(bitmap: ImageBitmap, width: number, height: number, quality: number): Promise<Blob> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    // JPEG has no transparency: a PNG's clear parts become white, not black.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (context) {
      draw(context);
      return canvas.convertToBlob({ type: 'image/jpeg', quality });
    }
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  draw(context);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality),
  );
}

/**
 * Turns a photo into a JPEG at most `maxSide` pixels on its long side, upright as the camera
 * meant it. Re-encoding keeps only the pixels: EXIF (GPS position, camera serial) does not
 * survive, so nothing leaves the device that the person did not see.
 */
export async function resizeImage(source: Blob, options: ResizeOptions = {}): Promise<Blob> {
  const { maxSide = MAX_PHOTO_SIDE, quality = PHOTO_JPEG_QUALITY } = options;
  const started = performance.now();
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(source, { imageOrientation: 'from-image' });
  } catch (error) {
    throw new UnreadableImageError('The file could not be read as an image', { cause: error });
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height, maxSide);
    return await encodeJpeg(bitmap, width, height, quality);
  } finally {
    bitmap.close();
    performance.measure(RESIZE_MEASURE_NAME, { start: started, end: performance.now() });
  }
}
