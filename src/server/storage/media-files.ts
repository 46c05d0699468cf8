import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { lstat, mkdir, open, readdir, rename, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { isMediaFileName, saveUnderNewName, type MediaStore } from './repositories/media';
import type { HealthCheck } from './repositories/types';

/** Photos as files in one directory: DATA_DIR/media, or a MEDIA_DIR every instance shares. */
export function createFileMediaStore(mediaDirectory: string): MediaStore {
  const directory = resolve(mediaDirectory);
  let directoryReady: Promise<void> | undefined;
  const ensureDirectory = () => (directoryReady ??= createDirectoryDurably(directory));

  const put = async (fileName: string, buffer: Buffer): Promise<void> => {
    if (!isMediaFileName(fileName)) throw new TypeError(`not a media file name: ${fileName}`);
    try {
      await ensureDirectory();
    } catch (error) {
      directoryReady = undefined; // let a later upload retry, e.g. after the operator fixes permissions
      throw error;
    }
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
  };

  return {
    save: saveUnderNewName(put),
    put,
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

/** Writes and removes a small file where photos go: catches a read-only or full disk. */
export async function checkDirectoryWritable(directory: string): Promise<HealthCheck> {
  // Dot-prefixed: never a valid media file name, so it can never be served.
  const probe = join(directory, `.readyz-${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(directory, { recursive: true });
    await writeFile(probe, 'ok', { flag: 'wx' });
    return 'ok';
  } catch {
    return 'failed';
  } finally {
    await unlink(probe).catch(() => undefined);
  }
}

/** A photo write's temporary file (`.<name>.<8 hex>.tmp`) or a readiness probe's, never a photo. */
const temporaryFile = /^\..+\.tmp$/;

/**
 * Removes the temporary files of photo writes a killed process never finished. With a MEDIA_DIR
 * that other instances share, one of them may be writing right now: only files untouched for
 * `minAgeMs` go (one write, fsync and rename take seconds at most). Returns how many.
 */
export async function removeAbandonedTemporaryFiles(mediaDirectory: string, now: number, minAgeMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(mediaDirectory);
  } catch (error) {
    if (isNotFound(error)) return 0; // no photo was ever stored here
    throw error;
  }
  let removed = 0;
  for (const name of names.filter((candidate) => temporaryFile.test(candidate))) {
    const path = join(mediaDirectory, name);
    try {
      const stats = await lstat(path);
      if (!stats.isFile() || now - stats.mtimeMs < minAgeMs) continue;
      await unlink(path);
      removed += 1;
    } catch (error) {
      if (!isNotFound(error)) throw error; // another instance swept it first
    }
  }
  return removed;
}

/** What the start-up sweep of photos no row names found and did. */
export interface OrphanPhotoSweep {
  /** Photo files old enough to judge. */
  checked: number;
  /** Of those, files no row names; removed unless `keptAll`. */
  orphans: number;
  removed: number;
  /** No row named any photo checked: more likely a wrong database than a crash, so nothing went. */
  keptAll: boolean;
}

/** Names asked of the database at a time: far under SQLite's and PostgreSQL's parameter limits. */
const namesPerQuery = 500;

/**
 * Removes photo files that no row names: the photos of a report or an update whose row a killed
 * process never committed (the photo is written first, its row after). Only files untouched for
 * `minAgeMs` are judged: with a MEDIA_DIR that other instances share, a photo another instance is
 * writing now has no row yet, and gets it within seconds. Only names this store makes are looked
 * at; other files in the directory stay. When no row names any of them, none goes: a database
 * that knows none of the photos (DATA_DIR or DATABASE_URL pointed elsewhere) must not empty them.
 */
export async function removeOrphanPhotoFiles(
  mediaDirectory: string,
  options: { now: number; minAgeMs: number; namedAmong: (fileNames: readonly string[]) => Promise<Set<string>> },
): Promise<OrphanPhotoSweep> {
  const sweep: OrphanPhotoSweep = { checked: 0, orphans: 0, removed: 0, keptAll: false };
  let names: string[];
  try {
    names = await readdir(mediaDirectory);
  } catch (error) {
    if (isNotFound(error)) return sweep; // no photo was ever stored here
    throw error;
  }
  const oldEnough: string[] = [];
  for (const name of names.filter(isMediaFileName)) {
    try {
      const stats = await lstat(join(mediaDirectory, name));
      if (stats.isFile() && options.now - stats.mtimeMs >= options.minAgeMs) oldEnough.push(name);
    } catch (error) {
      if (!isNotFound(error)) throw error; // removed meanwhile
    }
  }
  const orphans: string[] = [];
  for (let start = 0; start < oldEnough.length; start += namesPerQuery) {
    const batch = oldEnough.slice(start, start + namesPerQuery);
    const named = await options.namedAmong(batch);
    orphans.push(...batch.filter((name) => !named.has(name)));
  }
  sweep.checked = oldEnough.length;
  sweep.orphans = orphans.length;
  if (orphans.length > 0 && orphans.length === oldEnough.length) return { ...sweep, keptAll: true };
  for (const name of orphans) {
    try {
      await unlink(join(mediaDirectory, name));
      sweep.removed += 1;
    } catch (error) {
      if (!isNotFound(error)) throw error; // another instance swept it first
    }
  }
  return sweep;
}
