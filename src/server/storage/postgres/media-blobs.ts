import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { PostgresDatabase } from './database';
import { isMediaFileName, MEDIA_CONTENT_TYPES, type MediaStore } from '../repositories/media';

/**
 * Photos as rows of media_blobs (bytea), when no shared MEDIA_DIR is configured: every instance
 * already shares the database. Names follow media-files.ts's rules, checked before any query.
 */
export function createPostgresMediaStore(db: PostgresDatabase): MediaStore {
  const put = async (fileName: string, buffer: Buffer): Promise<void> => {
    if (!isMediaFileName(fileName)) throw new TypeError(`not a media file name: ${fileName}`);
    // Committed when the query resolves: a request row written after save() never points at nothing.
    await db.query(
      `INSERT INTO media_blobs (file_name, content, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (file_name) DO UPDATE SET content = excluded.content, created_at = excluded.created_at`,
      [fileName, buffer, Date.now()],
    );
  };
  return {
    async save(buffer, extension) {
      if (!Object.hasOwn(MEDIA_CONTENT_TYPES, extension)) throw new TypeError(`unsupported media extension: ${extension}`);
      const fileName = `${randomBytes(16).toString('hex')}.${extension}`;
      await put(fileName, buffer);
      return fileName;
    },
    put,
    async open(fileName) {
      if (!isMediaFileName(fileName)) return undefined;
      const [row] = await db.query<{ content: Buffer }>('SELECT content FROM media_blobs WHERE file_name = $1', [fileName]);
      if (!row) return undefined;
      return { stream: Readable.from([row.content]), size: row.content.length };
    },
    async remove(fileName) {
      if (!isMediaFileName(fileName)) return;
      await db.query('DELETE FROM media_blobs WHERE file_name = $1', [fileName]);
    },
  };
}
