import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { Config } from '../config';
import type { RoomNeeded } from '../http/disk-room';
import { mediaDirectoryOf } from '../storage';

export interface SpooledFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  path: string;
  bytes: number;
}

/**
 * Photos being received go to disk, not memory: a handful of 10 MB uploads at once, or uploads
 * from callers whose key is not checked yet, must not grow the heap. Each request gets its own
 * folder (700, files 600: raw uploads carry EXIF GPS), removed when it is done.
 */
export async function createUploadSpool(baseDirectory: string) {
  await mkdir(baseDirectory, { recursive: true, mode: 0o700 });
  const directory = join(baseDirectory, randomBytes(12).toString('hex'));
  await mkdir(directory, { mode: 0o700 });
  let count = 0;
  return {
    async add(fieldName: string, fileName: string, contentType: string, stream: Readable): Promise<SpooledFile> {
      count += 1;
      const path = join(directory, `upload-${count}`);
      await pipeline(stream, createWriteStream(path, { mode: 0o600 }));
      return { fieldName, fileName, contentType, path, bytes: (await stat(path)).size };
    },
    async dispose(): Promise<void> {
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Where photos being received are spooled: DATA_DIR/tmp, one folder per request. */
export function uploadSpoolDirectory(config: { DATA_DIR: string }): string {
  return join(config.DATA_DIR, 'tmp');
}

/**
 * One report with the largest upload allowed is spooled whole in DATA_DIR/tmp, then its photos
 * are stored as files (when they are files): each place needs that much room. The SQLite file
 * lives in DATA_DIR too; a report's row is small beside its photos.
 */
export function diskRoomNeeded(config: Pick<Config, 'DATA_DIR' | 'DATABASE_URL' | 'MEDIA_DIR' | 'MEDIA_MAX_FILE_BYTES' | 'MEDIA_MAX_FILES'>): RoomNeeded[] {
  const largestUpload = config.MEDIA_MAX_FILE_BYTES * Math.max(1, config.MEDIA_MAX_FILES);
  const media = mediaDirectoryOf(config);
  return [
    { directory: uploadSpoolDirectory(config), bytes: largestUpload },
    ...(media === undefined ? [] : [{ directory: media, bytes: largestUpload }]),
  ];
}

export type UploadSpool = Awaited<ReturnType<typeof createUploadSpool>>;

/** Removes spool folders older than `olderThanMs` (0: all) that a crashed process left behind (raw photos with their GPS tags). */
export async function cleanStaleSpool(baseDirectory: string, olderThanMs: number, now = Date.now()): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(baseDirectory);
  } catch {
    return 0; // no spool yet
  }
  let removed = 0;
  for (const entry of entries) {
    const path = join(baseDirectory, entry);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > olderThanMs) {
      await rm(path, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}
