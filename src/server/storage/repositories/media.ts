import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where uploaded photos live: files (DATA_DIR/media or MEDIA_DIR), or the PostgreSQL database. */
export interface MediaStore {
  /** Stores the bytes durably and returns the new file's name (random, with the extension). */
  save(buffer: Buffer, extension: MediaExtension): Promise<string>;
  /** undefined when the name is not one this store could have made, or no such file exists. */
  open(fileName: string): Promise<{ stream: Readable; size: number } | undefined>;
  /** Stores bytes under a name this store could have made (copying an installation keeps the names). */
  put(fileName: string, buffer: Buffer): Promise<void>;
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

/** A new, unguessable name for a photo of this extension; an extension not in MEDIA_CONTENT_TYPES is a programming error. */
export function newMediaFileName(extension: string): string {
  if (!Object.hasOwn(MEDIA_CONTENT_TYPES, extension)) throw new TypeError(`unsupported media extension: ${extension}`);
  return `${randomBytes(16).toString('hex')}.${extension}`;
}

/** A store's `save`: the bytes under a new name, through its own `put`. */
export function saveUnderNewName(put: MediaStore['put']): MediaStore['save'] {
  return async (buffer, extension) => {
    const fileName = newMediaFileName(extension);
    await put(fileName, buffer);
    return fileName;
  };
}

export function isMediaFileName(fileName: string): boolean {
  return FILE_NAME_PATTERN.test(fileName);
}

/** The extension of a valid media file name, or undefined. */
export function mediaExtensionOf(fileName: string): MediaExtension | undefined {
  return FILE_NAME_PATTERN.exec(fileName)?.[1] as MediaExtension | undefined;
}

/** Whose photo a stored file is: the request that holds it (directly, or through a resident's update). */
export interface PhotoOwner {
  serviceRequestId: string;
  /** The request's body: which moderators may see the photo while it is not public. */
  bodyId: string | null;
  /**
   * Whether the public may see it: its request is not rejected (a pending one is read by its id:
   * the reporter's track page shows it, photos included) and, for an update's photo, the update is
   * published.
   */
  isPublic: boolean;
}

export interface PhotoOwnerRepository {
  /** undefined for a file no request or update names (removed by a moderator, or never committed). */
  ownerOf(fileName: string): Promise<PhotoOwner | undefined>;
  /** Those of the names that a request or a resident's update holds (the start-up sweep keeps them). */
  namedAmong(fileNames: readonly string[]): Promise<Set<string>>;
}
