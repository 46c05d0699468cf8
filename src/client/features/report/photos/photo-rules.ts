import { defaultMaxPhotos } from '@/shared/georeport/photo-limits';

/** At most this many photos per report (the API's MEDIA_MAX_FILES default). */
export const MAX_PHOTOS = defaultMaxPhotos;
/** Larger originals are refused before decoding: a phone photo is 3–12 MB. */
export const MAX_PHOTO_BYTES = 20 * 1024 * 1024;
/** Long side after resizing: plenty for a report, a fraction of the upload. */
export const MAX_PHOTO_SIDE = 2048;
export const PHOTO_JPEG_QUALITY = 0.85;

export type PhotoProblem = 'notImage' | 'tooLarge';

/** Checks a chosen file before any work is done on it. */
export function photoProblemOf(file: Blob): PhotoProblem | undefined {
  // Some Android pickers give no type at all; the decoder decides for those.
  if (file.type !== '' && !file.type.startsWith('image/')) return 'notImage';
  if (file.size > MAX_PHOTO_BYTES) return 'tooLarge';
  return undefined;
}
