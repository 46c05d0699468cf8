import sharp, { type Metadata, type Sharp } from 'sharp';
import type { DecodeBudget } from './decode-budget';

/**
 * Uploaded photos are decoded and re-encoded, never stored as sent: that drops every piece of
 * metadata (EXIF with GPS, XMP, IPTC, ICC, PNG text) and anything smuggled after the pixels.
 *
 * Accepted input, detected from the bytes only (never the file name or the client's type):
 * - JPEG → JPEG (quality 85), PNG → PNG, WebP → WebP (quality 85; first frame if animated).
 * - GIF → PNG of the first frame: reports are still photos, PNG is lossless for GIF's palette,
 *   and decoding every frame would multiply the memory an upload can claim.
 * - AVIF → JPEG (flattened onto white): this sharp build decodes AVIF, but encoding AVIF is slow
 *   on small machines and JPEG is what every GeoReport client can show.
 * - HEIC is refused with a hint: this sharp build has no HEVC decoder (its heif loader is AV1 only).
 */

export const ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, GIF, WebP or AVIF';

/** Long side of the stored image; phones send 4000–8000 px, more than a report map needs. */
export const MAX_LONG_SIDE = 4096;

/** Bounds the CPU one upload can take; real photos finish in well under a second. */
const PROCESSING_TIMEOUT_SECONDS = 30;

export type StoredImageExtension = 'jpg' | 'png' | 'webp';

export interface ProcessedImage {
  buffer: Buffer;
  contentType: 'image/jpeg' | 'image/png' | 'image/webp';
  extension: StoredImageExtension;
  width: number;
  height: number;
}

export interface ImageLimits {
  /** Largest width × height accepted; checked from the header before any pixel is decoded. */
  maxPixels: number;
  /** Names the upload in error messages, e.g. "media[] file 2". */
  label?: string;
  /** The process's pixels decoding at once: the pixels are decoded only once they fit. */
  decoding: DecodeBudget;
}

export type MediaRejectionReason = 'not-an-image' | 'unsupported-format' | 'too-many-pixels' | 'unreadable';

/**
 * The upload cannot be stored; `message` is safe to show to the caller and says what to fix.
 * Whatever the reason, the answer is one 400 listing every photo's problem together, as for
 * every other field (README, "Photos"); 413 is only for a body declared larger than the limits.
 */
export class MediaRejectedError extends Error {
  override readonly name = 'MediaRejectedError';

  constructor(
    readonly reason: MediaRejectionReason,
    message: string,
  ) {
    super(message);
  }
}

type InputKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif';

export async function processImage(input: Buffer, limits: ImageLimits): Promise<ProcessedImage> {
  const label = limits.label ?? 'the file';
  const metadata = await readHeader(input, label);
  const kind = acceptedKind(metadata, label);
  const pixels = assertPixelBudget(metadata, limits.maxPixels, label);

  const pipeline = sharp(input, {
    // Enforced again by libvips itself, in case the header we read lied in some other way.
    limitInputPixels: limits.maxPixels,
    // Truncated or corrupt data is refused; harmless decoder warnings (common in camera JPEGs) are not.
    failOn: 'error',
  })
    .timeout({ seconds: PROCESSING_TIMEOUT_SECONDS })
    // Bake the EXIF orientation into the pixels, since the EXIF itself is about to be dropped.
    .autoOrient()
    .resize({ width: MAX_LONG_SIDE, height: MAX_LONG_SIDE, fit: 'inside', withoutEnlargement: true });
  // No keepMetadata/keepExif/withMetadata anywhere: sharp then writes no EXIF, XMP, IPTC or ICC,
  // and converts the pixels to sRGB so colours survive without the profile.
  const output = encode(pipeline, kind);

  try {
    const { data, info } = await limits.decoding.run(pixels, () => output.pipeline.toBuffer({ resolveWithObject: true }));
    return { buffer: data, contentType: output.contentType, extension: output.extension, width: info.width, height: info.height };
  } catch (error) {
    throw decodeFailure(error, limits.maxPixels, label);
  }
}

// Memory: each photo is decoded once, so libvips' cache of operations and their pixels only
// keeps memory in use (up to 50 MB) after a burst. One libvips thread per image (sharp's default
// on glibc, where more threads leave more of the heap fragmented): the decode budget, not libvips,
// decides how much decodes at once.
sharp.cache(false);
sharp.concurrency(1);

// libvips would otherwise try every loader it has (TIFF, SVG, PDF, FITS, …) on whatever is
// uploaded: only the decoders of the accepted formats may run (AVIF comes through the heif loader).
sharp.block({ operation: ['VipsForeignLoad'] });
sharp.unblock({ operation: ['VipsForeignLoadJpeg', 'VipsForeignLoadPng', 'VipsForeignLoadNsgif', 'VipsForeignLoadWebp', 'VipsForeignLoadHeif'] });

async function readHeader(input: Buffer, label: string): Promise<Metadata> {
  if (input.length === 0) throw notAnImage(label);
  try {
    // Header only, no pixels decoded: safe without a pixel limit, and we want the real size for the message.
    return await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    const known = refusedFormatName(input);
    if (known) throw unsupportedFormat(known, label);
    throw notAnImage(label);
  }
}

/** Names a common image format whose loader is blocked, from its first bytes, so the message can say what was sent. */
function refusedFormatName(input: Buffer): string | undefined {
  const head = input.subarray(0, 1024);
  if (head.subarray(0, 4).equals(Buffer.from('II*\0')) || head.subarray(0, 4).equals(Buffer.from('MM\0*'))) return 'TIFF';
  if (head.subarray(0, 4).toString('latin1') === '%PDF') return 'PDF';
  if (head.subarray(0, 2).toString('latin1') === 'BM') return 'BMP';
  if (/<svg[\s>]/i.test(head.toString('latin1'))) return 'SVG';
  return undefined;
}

function acceptedKind(metadata: Metadata, label: string): InputKind {
  switch (metadata.format) {
    case 'jpeg':
    case 'png':
    case 'gif':
    case 'webp':
      return metadata.format;
    case 'heif':
      if (metadata.compression === 'av1') return 'avif';
      throw new MediaRejectedError(
        'unsupported-format',
        `${label} is a HEIC photo, which is not supported; send it as ${ACCEPTED_FORMATS_TEXT} (on iPhone: Settings › Camera › Formats › Most Compatible)`,
      );
    default:
      throw unsupportedFormat(String(metadata.format).toUpperCase(), label);
  }
}

function unsupportedFormat(name: string, label: string): MediaRejectedError {
  return new MediaRejectedError('unsupported-format', `${label} is a ${name} file; send a ${ACCEPTED_FORMATS_TEXT} image instead`);
}

/** The pixels decoding will take, refused past the limit of one photo. */
function assertPixelBudget(metadata: Metadata, maxPixels: number, label: string): number {
  // Only the first frame is decoded, so a multi-frame image costs one page's pixels.
  const height = metadata.pageHeight ?? metadata.height;
  if (metadata.width * height > maxPixels) throw tooManyPixels(maxPixels, label, `${metadata.width}×${height}`);
  return metadata.width * height;
}

function encode(pipeline: Sharp, kind: InputKind): { pipeline: Sharp; contentType: ProcessedImage['contentType']; extension: StoredImageExtension } {
  switch (kind) {
    case 'jpeg':
      return { pipeline: pipeline.jpeg({ quality: 85, mozjpeg: false }), contentType: 'image/jpeg', extension: 'jpg' };
    case 'avif':
      return {
        pipeline: pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 85, mozjpeg: false }),
        contentType: 'image/jpeg',
        extension: 'jpg',
      };
    case 'webp':
      return { pipeline: pipeline.webp({ quality: 85 }), contentType: 'image/webp', extension: 'webp' };
    case 'png':
    case 'gif':
      return { pipeline: pipeline.png(), contentType: 'image/png', extension: 'png' };
  }
}

function decodeFailure(error: unknown, maxPixels: number, label: string): MediaRejectedError {
  const text = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(text)) return tooManyPixels(maxPixels, label);
  return new MediaRejectedError('unreadable', `${label} could not be read as an image (it may be damaged or cut short); send it again or try another photo`);
}

function notAnImage(label: string): MediaRejectedError {
  return new MediaRejectedError('not-an-image', `${label} is not an image (${ACCEPTED_FORMATS_TEXT})`);
}

function tooManyPixels(maxPixels: number, label: string, size?: string): MediaRejectedError {
  // Rounded down so the stated limit is never more than the real one.
  const megapixels = Math.floor(maxPixels / 100_000) / 10;
  const limit = megapixels >= 1 ? `${megapixels} megapixels` : `${maxPixels} pixels`;
  const given = size ? ` (this one is ${size})` : '';
  return new MediaRejectedError('too-many-pixels', `${label} is too large: at most ${limit}${given}`);
}
