import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

export interface SpooledFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  path: string;
}

/**
 * Photos passing through the proxy go to disk, not memory: a handful of 10 MB uploads at once
 * must not grow the heap. Each request gets its own folder, removed when it is done.
 */
export async function createUploadSpool(baseDirectory: string) {
  const directory = join(baseDirectory, randomBytes(12).toString('hex'));
  await mkdir(directory, { recursive: true });
  let count = 0;
  return {
    async add(fieldName: string, fileName: string, contentType: string, stream: Readable): Promise<SpooledFile> {
      count += 1;
      const path = join(directory, `upload-${count}`);
      await pipeline(stream, createWriteStream(path));
      return { fieldName, fileName, contentType, path };
    },
    async dispose(): Promise<void> {
      await rm(directory, { recursive: true, force: true });
    },
  };
}
