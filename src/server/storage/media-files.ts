import { randomBytes } from 'node:crypto';
import { constants, type ReadStream } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Where uploaded photos live; the file system by default, object storage when scaled out. */
export interface MediaStore {
  /** Stores the bytes durably and returns the new file's name (random, with the extension). */
  save(buffer: Buffer, extension: MediaExtension): Promise<string>;
  /** undefined when the name is not one this store could have made, or no such file exists. */
  open(fileName: string): Promise<{ stream: ReadStream; size: number } | undefined>;
  /** Idempotent: removing a missing file is not an error. */
  remove(fileName: string): Promise<void>;
}

export const MEDIA_CONTENT_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;

export type MediaExtension = keyof typeof MEDIA_CONTENT_TYPES;

/**
 * 128 random bits as lowercase hex: unguessable, URL-safe, and distinct even on case-insensitive
 * file systems (base64url would not be). Anything else is refused before touching the disk, which
 * is what makes `open` safe against `..`, `/`, NUL and encoded tricks.
 */
const FILE_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp|gif)$/;

export function isMediaFileName(fileName: string): boolean {
  return FILE_NAME_PATTERN.test(fileName);
}

/** The extension of a valid media file name, or undefined. */
export function mediaExtensionOf(fileName: string): MediaExtension | undefined {
  return FILE_NAME_PATTERN.exec(fileName)?.[1] as MediaExtension | undefined;
}

export function createFileMediaStore(mediaDirectory: string): MediaStore {
  const directory = resolve(mediaDirectory);
  let directoryReady: Promise<void> | undefined;
  const ensureDirectory = () => (directoryReady ??= createDirectoryDurably(directory));

  return {
    async save(buffer, extension) {
      if (!Object.hasOwn(MEDIA_CONTENT_TYPES, extension)) throw new TypeError(`unsupported media extension: ${extension}`);
      try {
        await ensureDirectory();
      } catch (error) {
        directoryReady = undefined; // let a later upload retry, e.g. after the operator fixes permissions
        throw error;
      }
      const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
      // Dot-prefixed and never matching the pattern, so a half-written file is never served.
      const temporary = join(directory, `.${fileName}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeAndSync(temporary, buffer);
        await rename(temporary, join(directory, fileName));
      } catch (error) {
        await unlink(temporary).catch(() => undefined);
        throw error;
      }
      // The rename is durable only once the directory entry is on disk: a DB row committed after
      // save() resolves must never point at a file that a crash could lose.
      await syncDirectory(directory);
      return fileName;
    },

    async open(fileName) {
      if (!isMediaFileName(fileName)) return undefined;
      let handle;
      try {
        handle = await open(join(directory, fileName), constants.O_RDONLY | constants.O_NOFOLLOW);
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return undefined;
        }
        // The stream owns the handle from here and closes it when done or destroyed.
        return { stream: handle.createReadStream(), size: stats.size };
      } catch (error) {
        await handle.close().catch(() => undefined);
        throw error;
      }
    },

    async remove(fileName) {
      if (!isMediaFileName(fileName)) return;
      try {
        await unlink(join(directory, fileName));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
      // No directory fsync: a removal undone by a crash leaves an orphan file, never a broken row.
    },
  };
}

async function writeAndSync(path: string, buffer: Buffer): Promise<void> {
  const handle = await open(path, 'wx', 0o644);
  try {
    await handle.writeFile(buffer);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function createDirectoryDurably(directory: string): Promise<void> {
  const created = await mkdir(directory, { recursive: true });
  if (created !== undefined) {
    const firstCreated = resolve(created);
    // Newly made directories must themselves be recorded in their parents.
    let current = directory;
    while (true) {
      await syncDirectory(dirname(current));
      if (current === firstCreated || dirname(current) === current) break;
      current = dirname(current);
    }
  }
}

async function syncDirectory(directory: string): Promise<void> {
  // Windows cannot open a directory for fsync; it has no such durability step to take.
  if (process.platform === 'win32') return;
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isNotFound(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP';
}
