import { Readable } from 'node:stream';
import type { Engine } from './engine';
import { isMediaFileName, saveUnderNewName, type MediaStore } from '../repositories/media';

/**
 * Photos as rows of media_blobs, when no shared MEDIA_DIR is configured (PostgreSQL: every
 * instance already shares the database). Names follow media-files.ts's rules, checked before any query.
 */
export function createBlobMediaStore({ db }: Engine): MediaStore {
  const put = async (fileName: string, buffer: Buffer): Promise<void> => {
    if (!isMediaFileName(fileName)) throw new TypeError(`not a media file name: ${fileName}`);
    // Committed when the query resolves: a request row written after save() never points at nothing.
    await db
      .insertInto('media_blobs')
      .values({ file_name: fileName, content: buffer, created_at: Date.now() })
      .onConflict((conflict) => conflict.column('file_name').doUpdateSet((eb) => ({ content: eb.ref('excluded.content'), created_at: eb.ref('excluded.created_at') })))
      .execute();
  };
  return {
    save: saveUnderNewName(put),
    put,
    async open(fileName) {
      if (!isMediaFileName(fileName)) return undefined;
      const row = await db.selectFrom('media_blobs').select('content').where('file_name', '=', fileName).executeTakeFirst();
      return row && { stream: Readable.from([row.content]), size: row.content.length };
    },
    async remove(fileName) {
      if (!isMediaFileName(fileName)) return;
      await db.deleteFrom('media_blobs').where('file_name', '=', fileName).execute();
    },
  };
}
